/* registry.c: the two-argument references and variants of the function folders'
 * pair.def files (listed by the Makefile in pairs.def), and the MPFR evaluation of a
 * reference on one pair. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "src/catalogue/catalogue.h"
#include "src/common.h"
#include "src/kinds/pair/pair.h"
#include "pairs_ref.h"
#include "src/libm/libm_decls.h" /* the C math libraries' functions (src/libm/libm.h) */

#define PAIR_REFERENCE(name, fn, fast, set, desc) {name, fn, fast, set, desc},
#define PAIR_DEVICE(...)
#define PAIR_HOST(...)
#define PAIR_BOUND(...)
const struct pair_ref pair_refs[] = {
#include "pairs.def"
};
const int n_pair_refs = (int)(sizeof pair_refs / sizeof pair_refs[0]);
#undef PAIR_REFERENCE
#undef PAIR_DEVICE
#undef PAIR_HOST
#undef PAIR_BOUND

struct pair_variant pair_variants[PAIR_MAXV];
int n_pair_variants;

static const struct pair_ref *ref_named(const char *name) {
  for (int i = 0; i < n_pair_refs; i++)
    if (!strcmp(pair_refs[i].name, name)) return &pair_refs[i];
  return NULL;
}

static const char *const flavour_suffix[PF_N] = {"", ".ftz", ".fastmath", ""};
static const char *const flavour_words[PF_N] = {"", " (-ftz=true)", " (-use_fast_math)", ""};

static void add(const char *name, const char *family, const char *ref, int fl, int dev, float (*host)(float, float),
                const char *desc) {
  if (n_pair_variants >= PAIR_MAXV) return;
  struct pair_variant *p = &pair_variants[n_pair_variants++];
  snprintf(p->name, sizeof p->name, "%s%s", name, flavour_suffix[fl]);
  p->ref = ref_named(ref);
  p->flavour = fl, p->dev = dev, p->host_fn = host;
  static char descs[PAIR_MAXV][160];
  snprintf(descs[p - pair_variants], sizeof descs[0], "%s%s", desc, flavour_words[fl]);
  p->base = (struct variant){.name = p->name, .family = family, .ref_name = ref, .kind = VK_F32_PAIR,
                             .device_fn = fl == PF_HOST ? "NODEVICE" : name, .gpu_fn = GPU_NONE,
                             .description = descs[p - pair_variants], .abs_lo = -INFINITY, .abs_hi = INFINITY};
}

static int add_bound(const char *variant, int measure, int operand, double lo, double hi, double ex_lo, double ex_hi,
                     double c0, const char *text, const char *source) {
  for (int i = 0; i < n_pair_variants; i++) {
    struct pair_variant *p = &pair_variants[i];
    struct variant *v = &p->base;
    if (strcmp(p->name, variant) || v->n_clauses >= CLAUSE_MAX) continue;
    v->clause[v->n_clauses] = (struct bound_clause){measure, lo, hi, ex_lo, ex_hi, c0, 0, 1};
    v->clause_text[v->n_clauses] = text, v->clause_source[v->n_clauses] = source;
    v->n_clauses++;
    p->clause_operand = operand;
    return 0;
  }
  errorf("pair.def: BOUND for '%s', which is no two-argument variant", variant);
  return -1;
}

int pair_registry_init(void) {
  static int done, rc;
  if (done) return rc;
  done = 1;
  int dev = 0;
#define PAIR_REFERENCE(...)
#define PAIR_DEVICE(name, family, ref, fn, desc)                                                              \
  for (int fl = PF_PLAIN; fl <= PF_FAST; fl++) add(name, family, ref, fl, dev, NULL, desc);                  \
  dev++;
#define PAIR_HOST(name, family, ref, fn, desc) add(name, family, ref, PF_HOST, -1, fn, desc);
#define PAIR_BOUND(...)
#include "pairs.def"
#undef PAIR_DEVICE
#undef PAIR_HOST
#undef PAIR_BOUND
#include "src/libm/libm_pairs.h" /* the C math libraries' host variants, with their bounds */
#define PAIR_DEVICE(...)
#define PAIR_HOST(...)
#define PAIR_BOUND(...) rc |= add_bound(__VA_ARGS__); /* variadic: EVERY_X expands to four arguments */
#include "pairs.def"
#undef PAIR_REFERENCE
#undef PAIR_DEVICE
#undef PAIR_HOST
#undef PAIR_BOUND
  for (int i = 0; i < n_pair_variants; i++)
    if (!pair_variants[i].ref) {
      errorf("pair.def: variant '%s' names an unknown reference '%s'", pair_variants[i].name,
             pair_variants[i].base.ref_name);
      rc = -1;
    }
  return rc;
}

const struct pair_variant *pair_find(const char *name) {
  pair_registry_init();
  for (int i = 0; i < n_pair_variants; i++)
    if (!strcmp(pair_variants[i].name, name)) return &pair_variants[i];
  return NULL;
}

/* "libm.<family>" (libm.fmod): the host C libraries' variants of a two-argument function,
 * glibc's .host, LLVM libc's, musl's and SLEEF's, in the table's order; its family, or NULL
 * where name is no such selection. */
static const char *libm_family(const char *name) {
  if (strncmp(name, "libm.", 5)) return NULL;
  for (int i = 0; i < n_pair_variants; i++)
    if (pair_variants[i].flavour == PF_HOST && !strcmp(pair_variants[i].base.family, name + 5) &&
        !strstr(pair_variants[i].name, ".host")) /* a library beside glibc has it */
      return name + 5;
  return NULL;
}

int pair_is_name(const char *name) {
  pair_registry_init();
  if (!strcmp(name, "pair") || libm_family(name)) return 1;
  for (int i = 0; i < n_pair_variants; i++)
    if (!strcmp(pair_variants[i].name, name) || !strcmp(pair_variants[i].base.family, name)) return 1;
  return 0;
}

/* Names: a variant, a family (its variants), "libm.<family>" (its host C libraries'
 * variants) or "pair" (every one). Device code runs on the GPU backend, host code on the CPU
 * backend, and on the GPU backend too when its variant is named on its own or by libm.<family>
 * (atan2f.llvm: its outputs computed on the host, the pairs, references and reduction on the
 * device). */
int pair_resolve(const char *name, int gpu, const struct pair_variant **out, int max, int *nout) {
  if (!pair_is_name(name)) return -1;
  const char *lf = libm_family(name);
  int added = 0;
  for (int i = 0; i < n_pair_variants; i++) {
    const struct pair_variant *p = &pair_variants[i];
    if (lf) {
      if (p->flavour != PF_HOST || strcmp(p->base.family, lf)) continue;
    } else {
      if (strcmp(name, "pair") && strcmp(p->name, name) && strcmp(p->base.family, name)) continue;
      if (p->flavour == PF_HOST ? gpu && strcmp(p->name, name) : !gpu) continue;
    }
    int dup = 0;
    for (int j = 0; j < *nout; j++) dup |= out[j] == p;
    if (!dup && *nout < max) out[(*nout)++] = p, added++;
    else if (dup) added++;
  }
  return added;
}

/* One MPFR state per thread, binary64's exponent range (reference.c explains): with
 * mpfr_subnormalize after the operation MPFR rounds as a binary64 operation would. */
static _Thread_local int tl_ready;
static _Thread_local mpfr_t tl_a, tl_b, tl_y;

void pair_ref_mpfr(const struct pair_ref *r, uint32_t a, uint32_t b, double *y, int *t) {
  if (!tl_ready) {
    mpfr_set_emin(-1073), mpfr_set_emax(1024);
    mpfr_init2(tl_a, 24), mpfr_init2(tl_b, 24), mpfr_init2(tl_y, 53);
    tl_ready = 1;
  }
  mpfr_set_flt(tl_a, u2f(a), MPFR_RNDN); /* exact */
  mpfr_set_flt(tl_b, u2f(b), MPFR_RNDN);
  int tern = r->mpfr_fn(tl_y, tl_a, tl_b, MPFR_RNDN);
  tern = mpfr_subnormalize(tl_y, tern, MPFR_RNDN);
  *y = mpfr_get_d(tl_y, MPFR_RNDN); /* exact: already a binary64 number */
  if (*y != *y) *y = REF_NAN;         /* one NaN on every platform: the fast references' */
  *t = tern > 0 ? 1 : tern < 0 ? -1 : 0;
}

int pair_ref_eval(const struct pair_ref *r, int fast, uint32_t a, uint32_t b, double *y, int *t) {
  if (fast && r->fast_fn(a, b, y, t)) return 0;
  pair_ref_mpfr(r, a, b, y, t);
  return 1;
}

void pair_ref_cleanup(void) {
  if (!tl_ready) return;
  mpfr_clears(tl_a, tl_b, tl_y, (mpfr_ptr)0);
  mpfr_free_cache();
  tl_ready = 0;
}
