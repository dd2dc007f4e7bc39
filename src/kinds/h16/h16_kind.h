/* h16_kind.h: the 16-bit function kind's result, shared by its files (kind.c, result.c,
 * report.c, arch.c). */
#ifndef ULPCERT_H16_KIND_H
#define ULPCERT_H16_KIND_H

#include <jansson.h>

#include "src/engine/kind.h"
#include "src/kinds/h16/h16fn.h"

/* indexed by variant (h16fn_variants): selected by the command, measured, statistics */
struct kind_result {
  struct run_info ri;
  int sel[H16FN_NV], ran[H16FN_NV];
  struct h16fn_stats st[H16FN_NV];
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

#endif
