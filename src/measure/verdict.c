/* verdict.c: see verdict.h. */
#include "src/measure/verdict.h"

#include "src/common.h"

#include "src/measure/rounding.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *claim_kind_name(enum claim_kind k) {
  switch (k) {
  case CLAIM_MEASURED: return "measured";
  case CLAIM_DOCUMENTED: return "documented";
  case CLAIM_PROVED: return "proved";
  default: return "none";
  }
}

enum verdict claim_verdict(const char *claim, enum claim_kind kind, double measured, char *rounded, size_t n) {
  if (!claim || !*claim) return VERDICT_NONE;
  char *end;
  double c = strtod(claim, &end);
  if (*end || !isfinite(c)) return VERDICT_NONE;
  const char *dot = strchr(claim, '.');
  const char *ex = strpbrk(claim, "eE");
  int digits = 0;
  if (dot) {
    const char *p = dot + 1;
    while (*p >= '0' && *p <= '9') p++, digits++;
  }
  char buf[64];
  if (ex) snprintf(buf, sizeof buf, "%.*e", digits, measured);
  else snprintf(buf, sizeof buf, "%.*f", digits, measured);
  if (rounded) snprintf(rounded, n, "%s", buf);
  if (kind != CLAIM_MEASURED) return measured <= c ? VERDICT_HOLDS : VERDICT_VIOLATED;
  double r = strtod(buf, NULL);
  if (r == c) return VERDICT_HOLDS;
  return r < c ? VERDICT_LOOSE : VERDICT_VIOLATED;
}

const char *verdict_name(enum verdict v) {
  switch (v) {
  case VERDICT_HOLDS: return "HOLDS";
  case VERDICT_LOOSE: return "LOOSE";
  case VERDICT_VIOLATED: return "VIOLATED";
  default: return "-";
  }
}

enum verdict bounds_verdict(const char *const ulp[2], const char *const rel[2], const char *const absb[2],
                            const enum claim_kind kind[2], double max_ulp, double max_rel, double max_abs) {
  enum verdict all[6];
  for (int k = 0; k < 2; k++) {
    all[3 * k] = max_ulp >= 0 ? claim_verdict(ulp[k], kind[k], max_ulp, NULL, 0) : VERDICT_NONE;
    all[3 * k + 1] = max_rel >= 0 ? claim_verdict(rel[k], kind[k], max_rel, NULL, 0) : VERDICT_NONE;
    all[3 * k + 2] = max_abs >= 0 ? claim_verdict(absb[k], kind[k], max_abs, NULL, 0) : VERDICT_NONE;
  }
  enum verdict r = VERDICT_NONE;
  for (int i = 0; i < 6; i++) {
    if (all[i] == VERDICT_VIOLATED) return VERDICT_VIOLATED;
    if (all[i] == VERDICT_LOOSE) r = VERDICT_LOOSE;
    else if (all[i] == VERDICT_HOLDS && r == VERDICT_NONE) r = VERDICT_HOLDS;
  }
  return r;
}

enum verdict clauses_verdict(const struct clause_acc *acc, int n) {
  enum verdict r = VERDICT_NONE;
  for (int k = 0; k < n; k++) {
    if (!acc[k].inputs) continue;
    if (acc[k].over) return VERDICT_VIOLATED;
    r = VERDICT_HOLDS;
  }
  return r;
}

enum verdict rounding_verdict(int rounding, uint64_t correctly_rounded, uint64_t inputs) {
  if (rounding == RND_N || !inputs) return VERDICT_NONE;
  return correctly_rounded == inputs ? VERDICT_HOLDS : VERDICT_VIOLATED;
}

enum verdict verdict_worst(enum verdict a, enum verdict b) {
  static const int rank[] = {[VERDICT_NONE] = 0, [VERDICT_HOLDS] = 1, [VERDICT_LOOSE] = 2, [VERDICT_VIOLATED] = 3};
  return rank[a] >= rank[b] ? a : b;
}

static const char *const measure_names[BM_N] = {[BM_ULP] = "ulp", [BM_ULP_CR] = "ulp_cr", [BM_REL] = "rel",
                                                [BM_ABS] = "abs"};
const char *bound_measure_name(int m) { return m >= 0 && m < BM_N ? measure_names[m] : "?"; }
int bound_measure_parse(const char *name) {
  for (int m = 0; m < BM_N; m++)
    if (name && !strcmp(name, measure_names[m])) return m;
  return -1;
}

void bound_value_str(int m, double value, char *buf, size_t n) {
  if (value < 0) snprintf(buf, n, "-");
  else if (m == BM_ULP_CR) snprintf(buf, n, "%s ulp", NUM(value, 0));
  else if (m == BM_ULP) snprintf(buf, n, "%s ulp", NUM(value, 5));
  else snprintf(buf, n, "%.4e", value);
}

