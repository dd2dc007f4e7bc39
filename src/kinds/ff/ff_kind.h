/* ff_kind.h: the float-float kind's result and scan, shared by its files (kind.c,
 * scan.c, arch.c). */
#ifndef ULPCERT_FF_KIND_H
#define ULPCERT_FF_KIND_H

#include <jansson.h>

#include "src/engine/kind.h"
#include "src/kinds/ff/ff.h"

struct kind_result {
  struct run_info ri;
  int nv;
  const struct ff_variant *v[FF_NVAR];
  struct ff_stats st[FF_NVAR];
  uint32_t nrandom;
  uint64_t seed;
  int partner_set;     /* FF_PARTNER_SET of the ulpcert that made it (files without it: 1) */
  struct scan_cli *sc; /* a run: its options */
  double wall;         /* seconds spent scanning */
  /* arch records: the outputs' digests and moments per bin (nv x FF_NBINS), or NULL;
   * stats: 0 for the outputs alone (no statistics) */
  struct ff_binsum *bins;
  int stats;
};

#define FF_NBINS (1u << (32 - FF_BIN_LOG2))

/* A result with every statistic empty (NULL: out of memory). */
struct kind_result *ff_alloc(void);
void ff_release(struct kind_result *r);
/* Scan [from, to] through r's variants (the kind's scan entry). */
int ff_scan(struct kind_result *r, uint32_t from, uint32_t to, uint32_t cov[][2], int *ncov);
/* The result document, and one read back (root stays the caller's). */
json_t *ff_result_json(const struct kind_result *r);
int ff_read(json_t *root, const char *path, struct kind_result **out, char *err, size_t errlen);
int ff_arch_record(struct arch_ctx *a);
int ff_arch_compare(struct arch_ctx *a);
int ff_arch_merge(json_t *a, json_t *b, char *err, size_t errlen);

#endif
