/* acc_diff.h: the comparison of two full accumulators (src/measure/measure.h) that the
 * accumulator tests share (test_lean.c, test_pair_lean.c): every field, doubles bit for
 * bit. */
#ifndef ULPCERT_TEST_ACC_DIFF_H
#define ULPCERT_TEST_ACC_DIFF_H
#include "src/measure/measure.h"

static int same_d(double a, double b) { return d2u(a) == d2u(b); }

static int same_max(const struct measure_max *a, const struct measure_max *b) {
  return same_d(a->v, b->v) && same_d(a->ref, b->ref) && a->input == b->input && a->output == b->output &&
         a->partner == b->partner;
}

static int same_clause(const struct clause_acc *a, const struct clause_acc *b) {
  return a->inputs == b->inputs && a->over == b->over && same_d(a->max, b->max) && same_d(a->max_ref, b->max_ref) &&
         a->max_input == b->max_input && a->max_output == b->max_output && same_d(a->ratio, b->ratio) &&
         a->ratio_input == b->ratio_input && a->ratio_output == b->ratio_output && a->max_partner == b->max_partner &&
         a->ratio_partner == b->ratio_partner;
}

/* The first field in which two full accumulators differ, or NULL. */
static const char *acc_diff(const struct measure_acc *a, const struct measure_acc *b) {
  if (a->inputs != b->inputs) return "inputs";
  if (a->cr != b->cr) return "cr";
  if (a->faithful != b->faithful) return "faithful";
  if (a->above_1ulp != b->above_1ulp) return "above_1ulp";
  if (a->nonfinite != b->nonfinite) return "nonfinite";
  if (a->flushed != b->flushed) return "flushed";
  if (a->special_mismatches != b->special_mismatches) return "special_mismatches";
  if (a->digest != b->digest) return "digest";
  if (a->undecidable != b->undecidable) return "undecidable";
  if (!same_max(&a->ulp, &b->ulp)) return "ulp";
  if (!same_max(&a->rel, &b->rel)) return "rel";
  if (!same_max(&a->abs, &b->abs)) return "abs";
  if (!same_d(a->bin_max, b->bin_max)) return "bin_max";
  for (int k = 0; k < CLAUSE_MAX; k++)
    if (!same_clause(&a->cl[k], &b->cl[k])) return k ? "clause 1" : "clause 0";
  return NULL;
}
#endif
