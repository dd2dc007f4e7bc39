/* registry.h: the variants ulpcert knows. Built-in ones come from variants.def;
 * user functions (certify, run --source) are added at run time with the same
 * struct, so every consumer treats them alike. */
#ifndef ULPCERT_REGISTRY_H
#define ULPCERT_REGISTRY_H

#include "kernels/gpu_fns.h"
#include <stddef.h>

#include "src/reference/reference.h"
#include "src/measure/bounds.h"

enum claim_kind { CLAIM_NONE = 0, CLAIM_MEASURED, CLAIM_DOCUMENTED, CLAIM_PROVED };

/* What a variant takes and returns. The engine's evaluation and reduction are
 * chosen by kind; only VK_F32_UNARY is scanned so far. */
enum variant_kind {
  VK_F32_UNARY = 0, /* float f(float), error in binary32 ulps of the exact value */
  VK_DW_BINARY,     /* double-word (hi, lo) op (hi, lo): relative error in u^2 */
};

struct claim {
  const char *max_ulp; /* decimal, as printed at the source; NULL: none */
  const char *max_rel;
  enum claim_kind kind;
  const char *source;
  const char *max_abs; /* absolute error |out - f(x)| over the variant's range [abs_lo, abs_hi] */
};

struct variant {
  const char *name;
  const char *family;
  const char *ref_name;
  const struct reference *ref;
  enum variant_kind kind;
  int gpu_fn;              /* enum gpu_fn, GPU_NONE if no device code */
  float (*host_fn)(float); /* NULL if no host code */
  struct claim claim; /* the code's own comment */
  struct claim doc;   /* documented by a vendor or a paper (kind CLAIM_DOCUMENTED or CLAIM_PROVED) */
  const char *description;
  /* Inputs over which the absolute error is measured: x in [abs_lo, abs_hi] when
   * abs_ranged (the range of a documented absolute bound), else every input. */
  int abs_ranged;
  double abs_lo, abs_hi;
  /* Documented bound clauses (BOUND in variants.def; bounds.h), each with the bound in
   * words and its source. */
  int n_clauses;
  struct bound_clause clause[CLAUSE_MAX];
  const char *clause_text[CLAUSE_MAX], *clause_source[CLAUSE_MAX];
};

extern struct variant variants[];
extern const int n_variants;

const char *claim_kind_name(enum claim_kind k);

enum verdict { VERDICT_NONE = 0, VERDICT_HOLDS, VERDICT_LOOSE, VERDICT_VIOLATED };
/* Compare a measured value with a claim printed as a decimal string.
 * A measured claim (CLAIM_MEASURED: "maxulperr = X" found by testing) states the
 * maximum itself: the measured value is rounded to the claim's printed digits (same
 * notation, same number of digits, round to nearest); equal: HOLDS; below: LOOSE (a
 * tighter bound can be printed); above: VIOLATED.
 * A documented or proved bound is an upper bound: measured <= bound: HOLDS, else
 * VIOLATED. A claim that does not parse gives VERDICT_NONE. 'rounded' receives the
 * measured value printed as the claim is. */
enum verdict claim_verdict(const char *claim, enum claim_kind kind, double measured, char *rounded, size_t n);
const char *verdict_name(enum verdict v);
/* The verdict of a variant over both its claim and its documented bound, every
 * measure (ulp, relative, absolute): VIOLATED if any is violated, else LOOSE if any is
 * loose, else HOLDS, VERDICT_NONE without any bound. A measure with no measured value
 * (negative: no input measured) gives no verdict. */
enum verdict variant_verdict(const struct variant *v, double max_ulp, double max_rel, double max_abs);
/* The same over claims given as strings (result files): claim[k], kind[k] for k = 0
 * (the code's claim) and 1 (documented), each with max_ulp, max_rel, max_abs. */
enum verdict bounds_verdict(const char *const ulp[2], const char *const rel[2], const char *const absb[2],
                            const enum claim_kind kind[2], double max_ulp, double max_rel, double max_abs);
/* The verdict of bound clauses from what their inputs gave: VIOLATED if an input of
 * one exceeds its bound, else HOLDS if one had inputs, else VERDICT_NONE. */
enum verdict clauses_verdict(const struct clause_acc *acc, int n);
/* The more severe of two verdicts (VIOLATED > LOOSE > HOLDS > none). */
enum verdict verdict_worst(enum verdict a, enum verdict b);
/* "ulp", "ulp_cr", "rel", "abs"; bound_measure_parse gives -1 for anything else. */
const char *bound_measure_name(int m);
int bound_measure_parse(const char *name);
/* A measured value in measure m as the reports print it: "%.0f ulp" for BM_ULP_CR,
 * "%.5f ulp" for BM_ULP, "%.4e" otherwise. */
void bound_value_str(int m, double value, char *buf, size_t n);
const struct variant *variant_find(const char *name);
/* The built-in variant that evaluates function fn of this project's kernel file
 * (matched by file name and function name), or NULL. */
const struct variant *variant_by_source(const char *file, const char *fn);
int variant_has_backend(const struct variant *v, int gpu);
/* Resolve NAME (a variant or a family) into out[] (deduplicated, registry order),
 * keeping those the backend can run. Returns the count, or -1 if NAME is unknown. */
int variant_resolve(const char *name, int gpu, const struct variant **out, int max, int *nout);
/* Bind each variant to its reference; returns 0, or -1 if one is missing. */
int registry_init(void);

#endif
