/* verdict.h: verdicts of measured values against bounds, and the measures of bound
 * clauses by name. */
#ifndef ULPCERT_VERDICT_H
#define ULPCERT_VERDICT_H

#include <stddef.h>
#include <stdint.h>

#include "src/measure/bounds.h"

enum claim_kind { CLAIM_NONE = 0, CLAIM_MEASURED, CLAIM_DOCUMENTED, CLAIM_PROVED };
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
/* The same over claims given as strings (result files): claim[k], kind[k] for k = 0
 * (the code's claim) and 1 (documented), each with max_ulp, max_rel, max_abs. */
enum verdict bounds_verdict(const char *const ulp[2], const char *const rel[2], const char *const absb[2],
                            const enum claim_kind kind[2], double max_ulp, double max_rel, double max_abs);
/* The verdict of bound clauses from what their inputs gave: VIOLATED if an input of
 * one exceeds its bound, else HOLDS if one had inputs, else VERDICT_NONE. */
enum verdict clauses_verdict(const struct clause_acc *acc, int n);
/* The verdict of a variant documented to round in a directed mode (rounding != RND_N,
 * rounding.h): HOLDS when every output is the correctly rounded result in that mode
 * (correctly_rounded == inputs), else VIOLATED; VERDICT_NONE for RND_N or no input. */
enum verdict rounding_verdict(int rounding, uint64_t correctly_rounded, uint64_t inputs);
/* The more severe of two verdicts (VIOLATED > LOOSE > HOLDS > none). */
enum verdict verdict_worst(enum verdict a, enum verdict b);
/* "ulp", "ulp_cr", "rel", "abs"; bound_measure_parse gives -1 for anything else. */
const char *bound_measure_name(int m);
int bound_measure_parse(const char *name);
/* A measured value in measure m as the reports print it: "%.0f ulp" for BM_ULP_CR,
 * "%.5f ulp" for BM_ULP, "%.4e" otherwise. */
void bound_value_str(int m, double value, char *buf, size_t n);
#endif
