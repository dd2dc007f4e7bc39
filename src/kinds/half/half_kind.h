/* half_kind.h: the half-precision kind's result, shared by its files (kind.c, report.c,
 * arch.c). */
#ifndef ULPCERT_HALF_KIND_H
#define ULPCERT_HALF_KIND_H

#include <jansson.h>

#include "src/engine/kind.h"
#include "src/kinds/half/half.h"

struct kind_result {
  struct run_info ri;
  int nv;
  const struct half_variant *v[HALF_NFN];
  struct half_stats st[HALF_NFN];
  int ran[HALF_NFN]; /* 0 where this GPU lacks the instruction */
  json_t *results;   /* read from a file: its "results" */
  int device;
  double wall;
};

int half_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n);
int half_arch_record(struct arch_ctx *a);
int half_arch_compare(struct arch_ctx *a);

#endif
