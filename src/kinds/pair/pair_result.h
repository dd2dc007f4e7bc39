/* pair_result.h: a two-argument result (a run's or a file's), shared by the kind's files
 * (kind.c, report.c). */
#ifndef ULPCERT_PAIR_RESULT_H
#define ULPCERT_PAIR_RESULT_H

#include "src/engine/kind.h"
#include "src/kinds/binary32/binary32.h"
#include "src/kinds/pair/pair.h"

struct pair_result {
  struct run_info ri;
  int nv;
  const struct pair_variant *pv[PAIR_MAXV];
  const struct variant *v[PAIR_MAXV]; /* their base: what the shared printing reads */
  struct stats *st[PAIR_MAXV];
  struct result_file file; /* read from a file: owns the statistics (file.nv = nv) */
  uint32_t nrandom;
  uint64_t seed;
  int swap, partner_set;
  char pairs_path[1024]; /* --pairs FILE, "" for a sweep */
  uint32_t npairs;
  uint32_t (*pairs)[2];
  struct scan_cli *sc;
  double wall, t_ref, t_eval;
  uint64_t mpfr_calls;
  int moments, outputs_only; /* arch records: output moments per bin; the outputs alone */
};

/* Variant p with empty statistics at index nv of r (with moments when r->moments). */
int pair_add_variant(struct pair_result *r, const struct pair_variant *p);
/* The kind's scan entry. */
int pair_scan(struct kind_result *kr, uint32_t from, uint32_t to, uint32_t cov[][2], int *ncov);
void pair_release(struct kind_result *kr);
int pair_read(json_t *root, const char *path, struct kind_result **out, char *err, size_t errlen);
json_t *pair_json(const struct pair_result *r);
int pair_arch_record(struct arch_ctx *a);
int pair_arch_compare(struct arch_ctx *a);
int pair_arch_merge(json_t *a, json_t *b, char *err, size_t errlen);

struct report;
int pair_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n);

#endif
