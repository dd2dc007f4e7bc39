/* libm.c: what the C math libraries linked in (libm.h) offer the cross-check: LLVM libc's
 * correctly rounded functions by reference name, and the libraries' versions. */
#include "src/libm/libm.h"
#include "src/report/report.h"
#include "src/report/percent.h"

#include <stdio.h>
#include <string.h>

#include "src/libm/libm_decls.h"

const char *libm_linked(void) {
  static char buf[160];
  size_t n = 0;
  buf[0] = 0;
#if defined(LIBM_HAVE_LLVM) && !defined(ULPCERT_NO_LIBM)
  n += (size_t)snprintf(buf + n, sizeof buf - n, "%sLLVM libc %s", n ? ", " : "", LIBM_LLVM_VERSION);
#endif
#if defined(LIBM_HAVE_MUSL) && !defined(ULPCERT_NO_LIBM)
  n += (size_t)snprintf(buf + n, sizeof buf - n, "%smusl %s", n ? ", " : "", LIBM_MUSL_VERSION);
#endif
#if defined(LIBM_HAVE_SLEEF) && !defined(ULPCERT_NO_LIBM)
  n += (size_t)snprintf(buf + n, sizeof buf - n, "%sSLEEF %s", n ? ", " : "", LIBM_SLEEF_VERSION);
#endif
  return n ? buf : "none";
}

const char *libm_llvm_linked(void) {
#if defined(LIBM_HAVE_LLVM) && !defined(ULPCERT_NO_LIBM)
  return "LLVM libc " LIBM_LLVM_VERSION;
#else
  return NULL;
#endif
}

/* LLVM libc's CR lines: reference, C name, function (one of f1, f2) */
struct cr_entry {
  const char *ref, *cname;
  float (*f1)(float);
  float (*f2)(float, float);
};

#define LIBM_CR1_1(ref, cfn, fn) {ref, #cfn, fn, NULL},
#define LIBM_CR2_1(ref, cfn, fn) {ref, #cfn, NULL, fn},
#define LIBM_CR1_0(...)
#define LIBM_CR2_0(...)
#define LIBM_CR_(k, cr, ...) LIBM_CR##k##_##cr(__VA_ARGS__)
#define LIBM_ENTRY(ref, cfn, nm, fn, fam, desc, cr) LIBM_CR_(1, cr, ref, cfn, fn)
#define LIBM_PAIR_ENTRY(ref, cfn, nm, fn, fam, desc, cr) LIBM_CR_(2, cr, ref, cfn, fn)
static const struct cr_entry cr_table[] = {
#include "src/libm/libm_expand.h"
    {NULL, NULL, NULL, NULL}, /* never empty */
};
#undef LIBM_CR1_1
#undef LIBM_CR2_1
#undef LIBM_CR1_0
#undef LIBM_CR2_0
#undef LIBM_CR_

static const struct cr_entry *cr_find(const char *ref) {
  for (const struct cr_entry *e = cr_table; e->ref; e++)
    if (!strcmp(e->ref, ref)) return e;
  return NULL;
}

float (*libm_llvm_cr(const char *ref))(float) {
  const struct cr_entry *e = cr_find(ref);
  return e ? e->f1 : NULL;
}

float (*libm_llvm_cr_pair(const char *ref))(float, float) {
  const struct cr_entry *e = cr_find(ref);
  return e ? e->f2 : NULL;
}

const char *libm_llvm_cname(const char *ref) {
  const struct cr_entry *e = cr_find(ref);
  return e ? e->cname : NULL;
}

const char *libm_llvm_cr_names(void) {
  static char buf[1024];
  size_t n = 0;
  buf[0] = 0;
  for (int pass = 0; pass < 2; pass++)
    for (const struct cr_entry *e = cr_table; e->ref; e++)
      if ((pass == 0) == (e->f1 != NULL) && n < sizeof buf)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", n ? ", " : "", e->ref);
  return n ? buf : "none (LLVM libc is not linked in)";
}

int libm_column(const char *name, char *fn, size_t fnlen) {
  static const struct {
    const char *suffix;
    int col;
  } sfx[] = {{".cuda", LIB_CUDA},       {".cuda.ftz", LIB_FTZ},    {".cuda.fastmath", LIB_FAST},
             {".host", LIB_HOST},       {".llvm", LIB_LLVM},       {".musl", LIB_MUSL},
             {".sleef_u05", LIB_SLEEF}, {".sleef_u10", LIB_SLEEF}, {".sleef_u15", LIB_SLEEF},
             {".sleef", LIB_SLEEF},     {".sleef_u35", LIB_SLEEF35}};
  const size_t n = strlen(name);
  for (size_t k = 0; k < sizeof sfx / sizeof sfx[0]; k++) {
    const size_t m = strlen(sfx[k].suffix);
    if (n > m && !strcmp(name + n - m, sfx[k].suffix) && n - m < fnlen) {
      snprintf(fn, fnlen, "%.*s", (int)(n - m), name);
      return sfx[k].col;
    }
  }
  return -1;
}

const char *const libm_column_title[LIB_N] = {"default build", "-ftz=true", "-use_fast_math", "glibc",
                                              "LLVM libc",     "musl",      "SLEEF u10",      "SLEEF u35"};

const char *libm_sleef_tier(const char *name) {
  const char *tier = strstr(name, ".sleef");
  if (!tier || !strcmp(tier, ".sleef_u10") || !strcmp(tier, ".sleef_u35")) return NULL;
  return tier[6] ? tier + 7 : "exact";
}

void libm_cell_end(struct text *t, uint64_t cr, uint64_t inputs, unsigned long long nonfinite, const char *verdict) {
  tprintf(t, " %.2f%% CR;", share_pct(cr, inputs, 2));
  if (nonfinite) tprintf(t, " %llu non-finite;", nonfinite);
  tprintf(t, " %s |", verdict);
}
