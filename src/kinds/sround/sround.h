/* sround.h: the stochastic rounding kind's variants and result (kind.c, check.c, json.c). */
#ifndef ULPCERT_SROUND_H
#define ULPCERT_SROUND_H

#include <stdint.h>

#include "reference/quant/sr.h"
#include "src/engine/kind.h"

/* variants: the software forms built in (binary32 to bfloat16 by adding random bits to the
 * binary32 pattern, 16 or 8 of them), a user's (--source) for each target and source, and
 * the hardware's cvt.rs (sm_100a, sm_103a: sr_hw.cu) from binary32 to each target */
enum sr_impl { SR_BITS16, SR_BITS8, SR_USER, SR_HW };
#define SR_NBUILTIN 2
#define SR_MAXVAR (SR_NBUILTIN + QF_NALL * QX_NSRC + QF_NALL)

struct sr_var {
  char name[48];
  int impl, fmt, src, k; /* k random bits: r in [0, 2^k) */
};
struct sr_stats {
  uint64_t inputs, det, det_wrong, not_nbr, kform, cnt_eq;
  double max_bias, sum_bias; /* count / 2^k - frac: the largest |.|, and the sum */
  uint64_t first;            /* the first input off the k-bit form (UINT64_MAX: none) */
  uint64_t first_cnt, first_t, first_det; /* random input: values rounding up, and t; deterministic
                                            (first_det): values giving another code, and the code */
};
struct sr_run {
  struct sr_var v;
  uint32_t from, to;
  double seconds;
  struct sr_stats st;
};
typedef uint32_t (*sr_fn)(uint32_t x, uint32_t r);

struct kind_result {
  struct run_info ri;
  struct scan_cli *sc;
  int nv;
  struct sr_run run[SR_MAXVAR];
  sr_fn user;
  int device; /* the GPU of the cvt.rs variants */
  char source[1024];
};

/* the variant table: n-th variant (0 .. SR_MAXVAR-1) */
void sr_variant(int n, struct sr_var *v);
/* check.c: variant over [from, to] on the host */
int sr_scan_run(struct kind_result *r, struct sr_run *q, uint32_t from, uint32_t to);
void sr_stats_add(struct sr_stats *a, const struct sr_stats *b);
/* the user's function from --source: 0, or an exit code after a message */
int sr_user_load(struct kind_result *r, const char *path, const char *fn);
/* json.c */
int sround_write(const char *path, const struct kind_result *r, char *err, size_t errlen);
int sround_read(struct json_t *root, const char *path, struct kind_result **out, char *err, size_t errlen);
/* a variant's result object, as --json writes it */
struct json_t *sr_run_json(const struct sr_run *q);
/* report.c: its part of ulpcert report; arch.c: of arch records (cvt.rs, on sm_100a) */
struct report;
int sround_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n);
struct arch_ctx;
int sround_arch_record(struct arch_ctx *a);
int sround_arch_compare(struct arch_ctx *a);

#endif
