/* pair.h: binary32 functions of two arguments, f(a, b): their references (MPFR), the
 * variants (device code in three build flavours, glibc on the host) and the evaluation
 * of a list of pairs on either backend. The kind (kind.c) sweeps one operand over a
 * range against the partners of partners.h, or re-evaluates a list of pairs, and
 * measures every output with the per-input definitions of src/measure/measure.h.
 *
 * Each function folder declares its part in functions/<name>/pair.def:
 *   PAIR_REFERENCE(name, mpfr_fn, fast_fn, partner_set, description)
 *     int mpfr_fn(mpfr_ptr, mpfr_srcptr a, mpfr_srcptr b, mpfr_rnd_t): f(a, b) correctly
 *     rounded (MPFR's mpfr_pow, mpfr_atan2, ... or the folder's own); fast_fn the
 *     folder's fast reference of functions/<name>/pair_ref.h (reference/shared/pair_hd.h: host and
 *     device code with a proof, MPFR deciding what it leaves) or pairref_none;
 *     partner_set one of enum pair_set (partners.h);
 *   PAIR_DEVICE(name, family, reference, device_fn, description)
 *     float device_fn(float, float) of the folder's pair.cuh, in three variants: name
 *     (nvcc's defaults but contraction off), name.ftz (-ftz=true) and name.fastmath
 *     (-use_fast_math);
 *   PAIR_HOST(name, family, reference, host_fn, description)
 *     float host_fn(float, float) on the CPU (the host's libm);
 *   PAIR_BOUND(variant, measure, operand, lo, hi, ex_lo, ex_hi, c0, text, source)
 *     a documented bound clause (src/measure/bounds.h) whose domain is on argument
 *     'operand' (0: a, 1: b) of f(a, b). */
#ifndef ULPCERT_PAIR_H
#define ULPCERT_PAIR_H

#include <mpfr.h>
#include <stdint.h>

#include "src/catalogue/registry.h"
#include "src/kinds/pair/partners.h"

#define PAIR_MAXV 128
#define PAIR_MAXREF 16

enum pair_flavour { PF_PLAIN = 0, PF_FTZ, PF_FAST, PF_HOST, PF_N };

struct pair_ref {
  const char *name;
  int (*mpfr_fn)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);
  int (*fast_fn)(uint32_t, uint32_t, double *, int *); /* 1: (y, t) decided; 0: MPFR decides */
  int set; /* enum pair_set */
  const char *description;
};

struct pair_variant {
  struct variant base; /* name, family, reference name, bound clauses: what results and reports share */
  char name[48];
  const struct pair_ref *ref;
  int flavour;                    /* enum pair_flavour */
  int dev;                        /* device function index (PF_PLAIN/FTZ/FAST), else -1 */
  float (*host_fn)(float, float); /* PF_HOST */
  int clause_operand;             /* the argument the clauses' domains test (0: a, 1: b) */
};

extern struct pair_variant pair_variants[PAIR_MAXV];
extern int n_pair_variants;
extern const struct pair_ref pair_refs[];
extern const int n_pair_refs;

/* Build the table (once); 0, or -1 with a message when a BOUND names no variant. */
int pair_registry_init(void);
/* Is name a pair variant or family? */
int pair_is_name(const char *name);
/* Resolve name into out[] (deduplicated, table order), keeping those the backend runs.
 * Returns the number added (0: none on this backend), -1 if unknown. */
int pair_resolve(const char *name, int gpu, const struct pair_variant **out, int max, int *nout);
const struct pair_variant *pair_find(const char *name);

/* The reference (y, t) of f(a, b) (reference.h's contract): y = RN53(f(a, b)) with
 * binary64's exponent range and subnormals, t the sign of y - f(a, b). */
void pair_ref_mpfr(const struct pair_ref *r, uint32_t a, uint32_t b, double *y, int *t);
/* The same through the reference's fast path first when 'fast' (MPFR for what it leaves);
 * returns 1 when MPFR was called. */
int pair_ref_eval(const struct pair_ref *r, int fast, uint32_t a, uint32_t b, double *y, int *t);
/* Free the calling thread's MPFR state. */
void pair_ref_cleanup(void);

/* Outputs of device function dev in flavour fl over the n pairs (a[i], b[i]) on GPU
 * 'device'. 0, or -1 with a message. */
int pair_gpu_eval(int device, int fl, int dev, const uint32_t *a, const uint32_t *b, uint32_t n, uint32_t *out,
                  char *err, size_t errlen);
/* The number of device functions of each flavour's table (the same list). */
int pair_gpu_count(void);

/* The function folders' own references and host variants. */
int ref_rhypot_mpfr(mpfr_ptr y, mpfr_srcptr a, mpfr_srcptr b, mpfr_rnd_t rnd);
float pair_host_rhypotf(float a, float b);
float pair_host_div(float a, float b);

#endif
