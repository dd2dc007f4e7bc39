/* catalogue.h: how a function folder declares what it holds.
 *
 * Each folder functions/<name>/ has a file <name>.def (and possibly <name>.*.def files, read
 * after it in name order: more variants) made of these lines (every field is
 * described in README.md, "Adding a function"):
 *
 *   REFERENCE(name, mpfr_fn, symmetry, monotone, shortcut_fn, series_fn, cache_lo, cache_hi)
 *     a reference function: its MPFR referee int mpfr_fn(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t),
 *     REF_SYM_* and REF_MONO_* (over the whole binary32 line), a proved shortcut
 *     int shortcut_fn(uint32_t xbits, double *y, int *t) or NOSHORTCUT, Taylor series
 *     int series_fn(arb_ptr, const arb_t, slong len, slong prec) or NOSERIES, and the
 *     non-negative bit patterns [cache_lo, cache_hi) the reference cache stores (0, 0: none);
 *   VARIANT(name, family, reference, device_fn, host_fn, claimed max ulp, claimed max rel,
 *           claim kind, claim source, documented max ulp, documented max rel,
 *           documentation source, description)
 *     a binary32 variant: float device_fn(float) (or NODEVICE), float host_fn(float) (or
 *     NOHOST); claims as decimal strings printed at their source (their digits matter:
 *     claim_verdict) or NULL;
 *   VARIANT_ABS(... as VARIANT ..., documented max abs, abs_lo, abs_hi, documentation
 *               source, description)
 *     the same with a documented bound on |out - f(x)| over x in [abs_lo, abs_hi];
 *   BOUND(variant, measure, lo, hi, ex_lo, ex_hi, c0, c1n, c1d, text, source)
 *     a documented bound clause (src/measure/bounds.h);
 *   ROUNDING(variant, mode)
 *     the variant is documented to return f(x) correctly rounded in mode RND_Z, RND_U or
 *     RND_D (src/measure/rounding.h; __fsqrt_rd, __fdiv_ru, ...): its outputs are compared
 *     with that rounding of f(x) (measure.h, ms_round32), and its verdict is VIOLATED when
 *     one differs from it;
 *   SOURCE_FN(variant, file, function)
 *     the function of a source file of the folder that a built-in variant evaluates, so
 *     that `ulpcert certify FILE` checks its comments with the built-in code;
 *   HALF_VARIANT(name, device_fn, format, reference, min_cc, documented max abs,
 *                documented max rel, documentation source, description)
 *     a 16-bit variant: uint16_t device_fn(uint16_t) over every input of format
 *     (half_binary16 or half_bfloat16), on GPUs of compute capability >= min_cc (10 major
 *     + minor);
 *   FAST_RANGE(reference, lo, hi)
 *     binary32 bit patterns [lo, hi] (inclusive; as many lines as needed) where the fast
 *     reference path (src/reference/fast/) builds polynomials from the reference's series:
 *     where MPFR would otherwise be called. Outside them the shortcut or MPFR decides.
 *
 * A folder may also hold shortcut.h: its reference's shortcut as a REF_HD function
 * sc_<name>(xbits, &y, &t) (src/reference/hd.h), which the device reference kernel runs
 * too; reference.c then defines the host shortcut_fn as a call to it.
 *
 * The folder's <name>.cuh (device code) and *.c files (references, host variants) are
 * compiled by the Makefile, which also lists every <name>.def in the generated
 * catalogue.def. A consumer defines the macros it reads, then includes
 * "src/catalogue/catalogue_list.h": the others default to nothing. */
#ifndef ULPCERT_CATALOGUE_H
#define ULPCERT_CATALOGUE_H

/* The sentinels of absent entries (function names, so that every entry has one type). */
#define NOSHORTCUT ref_no_shortcut
#define NOSERIES ref_no_series
#define NOHOST ulpcert_nohost

/* Shorthands of the .def files. */
#define EVERY_X -INFINITY, INFINITY, 1.0, 0.0 /* a BOUND domain: the whole line, nothing excluded */
#define GUIDE_STD                                                                                              \
  "CUDA C Programming Guide, Mathematical Functions, single-precision table (maximum ulp error: the "          \
  "difference in ulps between a correctly rounded single-precision result and the result returned): "
#define GUIDE_INTR "CUDA C Programming Guide, Mathematical Functions, Intrinsic Functions, single-precision table: "
#define GUIDE_IEEE                                                                                             \
  "CUDA C Programming Guide, Mathematical Functions, Intrinsic Functions: IEEE-compliant, maximum ulp error 0 "  \
  "(correctly rounded in the mode the name gives: _rn to nearest even, _rz toward zero, _ru toward +inf, _rd "   \
  "toward -inf): "
/* The documented bound of a directed rounding in the ulp measure: below 1 ulp of f(x). */
#define DIRECTED_ULP "1"

#endif
