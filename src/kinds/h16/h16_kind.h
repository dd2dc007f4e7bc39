/* h16_kind.h: the 16-bit function kind's result, shared by its files (kind.c, result.c,
 * report.c, arch.c, and the PTX half-precision forms' ptx16_*.c). */
#ifndef ULPCERT_H16_KIND_H
#define ULPCERT_H16_KIND_H

#include <jansson.h>

#include "src/engine/kind.h"
#include "src/kinds/h16/h16fn.h"
#include "src/kinds/h16/ptx16.h"

/* The PTX half-precision forms of a run (family half), in the order named. */
struct ptx16_part {
  int nv;
  const struct half_variant *v[HALF_NFN];
  struct half_stats st[HALF_NFN];
  int ran[HALF_NFN]; /* 0 where this GPU lacks the instruction */
};

/* indexed by variant (h16fn_variants): selected by the command, measured, statistics; a run
 * or file of the PTX forms has ptx instead (they run in a command of their own) */
struct kind_result {
  struct run_info ri;
  int sel[H16FN_NV], ran[H16FN_NV];
  struct h16fn_stats st[H16FN_NV];
  struct ptx16_part *ptx; /* the PTX forms' result, or NULL */
  json_t *results; /* read from a file: its "results" */
  int device;
  double wall;
};

extern const char *const h16fn_class_names[H16_NCLS];

/* One variant's object. */
json_t *h16fn_stats_json(const struct h16fn_variant *v, const struct h16fn_stats *s);
void h16fn_print(FILE *f, const struct kind_result *r);
/* Evaluate line 'line' in build 'fast' on the device and measure its variants v with
 * want[v] into st[v]; the outputs stay in out[0..2] (scalar, low, high lanes) when out is
 * given. 0 or an exit code. */
int h16fn_run_line(int device, int line, int fast, const uint16_t *exp, const double *y, const int *want,
                   struct h16fn_stats *st, uint16_t *out[3]);

int h16fn_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n);
int h16fn_arch_record(struct arch_ctx *a);
int h16fn_arch_compare(struct arch_ctx *a);

/* The PTX half-precision forms (ptx16_kind.c): the kind's entries for a run or file of
 * them. ptx16_owns: "half" or a form's name; ptx16_begin fills r->ptx; ptx16_read: 1 when
 * root is a result of the PTX forms (its "kind" is "half", as written before the forms
 * joined this kind, or its variants are the forms), then the result or an exit code in
 * *rc. */
int ptx16_owns(const char *name);
void ptx16_list(FILE *f);
int ptx16_begin(struct run_request *rq, struct kind_result **out);
int ptx16_scan(struct kind_result *r);
void ptx16_print(FILE *f, const struct kind_result *r);
int ptx16_status(const struct kind_result *r);
int ptx16_write(const char *path, const struct kind_result *r, char *err, size_t errlen);
int ptx16_read(json_t *root, const char *path, struct kind_result **out, int *rc, char *err, size_t errlen);
int half_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n);
int half_arch_record(struct arch_ctx *a);
int half_arch_compare(struct arch_ctx *a);

#endif
