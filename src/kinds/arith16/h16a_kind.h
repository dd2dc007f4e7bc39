/* h16a_kind.h: the 16-bit arithmetic kind's result, shared by its files (kind.c, result.c,
 * report.c, arch.c). */
#ifndef ULPCERT_H16A_KIND_H
#define ULPCERT_H16A_KIND_H

#include <jansson.h>
#include <stdio.h>

#include "src/engine/kind.h"
#include "src/kinds/arith16/ops.h"

/* a mismatching pair, as listed */
struct h16a_sample {
  uint32_t i; /* (a << 16) | b */
  uint16_t c, out, expected;
  int cls;
  double err; /* ulps of the format, -1: not finite */
};

struct h16a_stats {
  struct h16a_acc acc; /* totals over the rows run (s0, s1 unused) */
  int nlist;
  struct h16a_sample list[H16A_LIST]; /* the first mismatching pairs, by index */
  double seconds;                     /* device time of the rows, with the host's listing */
};

struct kind_result {
  struct run_info ri; /* from, to: the first operands (rows) covered */
  int nv;
  const struct h16a_variant *v[H16A_NV];
  struct h16a_stats st[H16A_NV];
  int ran[H16A_NV]; /* 0 where this GPU lacks the operation */
  json_t *results;  /* read from a file: its "results" */
  int device;
  double wall;
};

extern const struct kind kind_arith16; /* kind.c */
extern const char *const h16a_class_names[H16_NCLS];
extern const char *const h16a_third_names[H16A_NTHIRD];

/* "HOLDS" when every pair gave the documented result, else "VIOLATED" */
const char *h16a_verdict(const struct h16a_stats *s);
/* One variant's object, and back (0, or -1 when a field is missing or malformed). */
json_t *h16a_stats_json(const struct h16a_variant *v, const struct h16a_stats *s);
int h16a_stats_read(json_t *o, const struct h16a_variant **v, struct h16a_stats *s);
/* b's statistics into a's (shards): counts add, lists keep the first pairs. */
void h16a_stats_merge(struct h16a_stats *a, const struct h16a_stats *b);
void h16a_print(FILE *f, const struct kind_result *r);
/* Run variant v over rows [from, to] on the result's device into s (and, with rows,
 * leave every row's statistics there: rows[a - from]). 0, 1 (this GPU lacks it) or an
 * exit code, with a message. */
int h16a_run(struct kind_result *r, const struct h16a_variant *v, uint32_t from, uint32_t to, struct h16a_stats *s,
             struct h16a_acc *rows);

/* arch records: per bin of 256 rows (2^24 pairs), the digest and the moments m0 = sum of
 * outputs, m1 = sum of (j + 1) output (j the pair's index in the bin) modulo 2^61 - 1 */
struct h16a_bin {
  uint64_t digest, m0, m1;
};
#define H16A_NBIN 256u
/* the bins of a variant from its 65,536 rows' statistics */
void h16a_bins_of(const struct h16a_acc *rows, struct h16a_bin *bins);
/* If bin k's moments moved as one changed pair's would, 1 with its pair index *i and the
 * change of its output *d (new - old); else 0. */
int h16a_bin_change(const struct h16a_bin *then, const struct h16a_bin *now, uint32_t k, uint32_t *i, int64_t *d);

int h16a_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n);
int h16a_arch_record(struct arch_ctx *a);
int h16a_arch_compare(struct arch_ctx *a);

#endif
