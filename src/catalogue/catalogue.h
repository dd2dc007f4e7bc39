/* catalogue.h: how a function folder declares what it holds.
 *
 * Each folder functions/<name>/ has a file <name>.def (and possibly <name>.*.def files, read
 * after it in name order: more variants) made of these lines (docs/adding.md, "Adding a
 * function", shows them at work):
 *
 *   REFERENCE(name, mpfr_fn, symmetry, monotone, shortcut_fn, series_fn, cache_lo, cache_hi)
 *     a reference function: its MPFR referee int mpfr_fn(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t),
 *     REF_SYM_* and REF_MONO_* (over the whole binary32 line), a proved shortcut
 *     int shortcut_fn(uint32_t xbits, double *y, int *t) or NOSHORTCUT, Taylor series
 *     int series_fn(arb_ptr, const arb_t, slong len, slong prec) or NOSERIES, and the
 *     non-negative bit patterns [cache_lo, cache_hi) the reference cache stores (0, 0: none);
 *
 *   VARIANT(name, fields...)
 *     a binary32 variant, its fields named, in any order, each at most once (the compiler
 *     warns of one given twice: -Woverride-init):
 *       REF(reference)      the REFERENCE it is compared with (required);
 *       FAMILY(family)      the family `ulpcert run FAMILY` runs it in (default: the
 *                           reference's name);
 *       DEVICE(fn)          its device code, float fn(float) of the folder's .cuh files (or a
 *                           CUDA build's, below); absent: none;
 *       HOST(fn)            its host code, float fn(float) of the folder's .c files; absent:
 *                           none;
 *       HOST_LIBC(fn)       its host code is the host C library's fn itself: HOST(host_fn),
 *                           whose one-line wrapper, float host_fn(float x) { return fn(x); },
 *                           the Makefile generates (build/gen/host_libc.c): no file of the
 *                           folder holds it;
 *       CLAIM(kind, max_ulp, max_rel, source)
 *                           the bound the code's own comment claims (kind CLAIM_MEASURED,
 *                           CLAIM_PROVED, ...), NULL where it claims none; absent: no claim;
 *       DOC_ULP(bound, source), DOC_REL(bound, source)
 *                           a bound documented by a vendor or a paper on the whole line, in
 *                           ulps or relative; absent: none;
 *       DOC_ABS(bound, lo, hi, source)
 *                           a documented bound on |out - f(x)| over x in [lo, hi], the range
 *                           the absolute error is then measured over;
 *       DESCRIPTION(text)   what it is, in a few words (required).
 *     Bounds and claims are decimal strings printed as at their source (their digits matter:
 *     claim_verdict); a variant has at most one documented bound among DOC_ULP, DOC_REL and
 *     DOC_ABS (one source): bounds that depend on x are BOUND lines. The common case is one
 *     short line: VARIANT("tanhf.host", REF("tanh"), HOST_LIBC(tanhf),
 *     DESCRIPTION("the host C library's tanhf"));
 *
 *   CUDA_FUNCTION(fn, reference, fastmath)
 *     CUDA's own fn in the three builds a user chooses between (src/kinds/binary32/device/flavour.cuh; the
 *     Makefile generates its CUDA_FLAVOURS(fn) line from this one): the variants fn.cuda (nvcc's
 *     defaults), fn.cuda.ftz (-ftz=true) and fn.cuda.fastmath (-use_fast_math), in this order,
 *     of device functions fn_cuda, fn_cuda_ftz and fn_cuda_fast, described as "CUDA's fn",
 *     "CUDA's fn compiled with -ftz=true" and "CUDA's fn compiled with -use_fast_math: "
 *     fastmath, what the flag does to fn (docs/cuda-math/fast-math.tsv): NO_SUBSTITUTION,
 *     BECOMES_INTRINSIC(__fn), or words of its own;
 *   CUDA_VARIANT(fn, reference, DEFAULT), CUDA_VARIANT(fn, reference, FTZ),
 *   CUDA_VARIANT(fn, reference, FASTMATH, fastmath)
 *     one of those three variants, where another line comes between them in the catalogue;
 *
 *   BOUND(variant, measure, lo, hi, ex_lo, ex_hi, c0, c1n, c1d, text, source)
 *     a documented bound clause (src/measure/bounds.h): in measure BM_*, over x in [lo, hi]
 *     and not in [ex_lo, ex_hi] (EVERY_X: the whole line), c0 + floor(c1n |x| / c1d); text
 *     says it in words, source where it is documented. A variant's clauses keep the order
 *     of its lines;
 *   CUDA_BOUND(fn, builds, measure, lo, hi, ex_lo, ex_hi, c0, c1n, c1d, text, source)
 *     a clause of CUDA's fn written once for the builds it holds in:
 *       ALL_BUILDS          fn.cuda, fn.cuda.ftz and fn.cuda.fastmath: the Guide states no
 *                           bound of its own for -ftz=true or -use_fast_math, so the source
 *                           of the .ftz clause ends in " (no bound of its own for -ftz=true)",
 *                           of the .fastmath one in " (under -use_fast_math)";
 *       DEFAULT_FTZ         fn.cuda and fn.cuda.ftz only: -use_fast_math changes what the
 *                           bound depends on (a substituted intrinsic, -prec-sqrt=false), so
 *                           the .fastmath variant has clauses of its own, or none;
 *       FASTMATH            fn.cuda.fastmath only, source ending in " (under -use_fast_math)";
 *       FASTMATH_INTRINSIC  fn.cuda.fastmath only, a bound of the intrinsic __fn that
 *                           -use_fast_math turns fn into, source ending in
 *                           " (-use_fast_math turns fn into __fn)";
 *
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
 *     reference path (reference/fast/) builds polynomials from the reference's series:
 *     where MPFR would otherwise be called. Outside them the shortcut or MPFR decides.
 *
 * A folder may also hold shortcut.h: its reference's shortcut as a REF_HD function
 * sc_<name>(xbits, &y, &t) (reference/host_device.h), which the device reference kernel runs
 * too; reference.c then defines the host shortcut_fn as a call to it.
 *
 * tests/unit/test_catalogue.c checks the registry these lines build against these rules.
 *
 * The folder's <name>.cuh (device code) and *.c files (references, host variants) are
 * compiled by the Makefile, which also lists every <name>.def in the generated
 * catalogue.def. A consumer defines the line macros it reads (for VARIANT, every field
 * macro too), then includes "src/catalogue/catalogue_list.h": the other lines expand to
 * nothing. */
#ifndef ULPCERT_CATALOGUE_H
#define ULPCERT_CATALOGUE_H

/* The sentinels of absent reference entries (function names, so that every entry has one
 * type). */
#define NOSHORTCUT ref_no_shortcut
/* a VARIANT's host code that is the host C library's fn (the wrapper is generated) */
#define HOST_LIBC(fn) HOST(host_##fn)
#define NOSERIES ref_no_series

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

/* What -use_fast_math does to one of CUDA's functions (CUDA_FUNCTION's last argument). */
#define NO_SUBSTITUTION "no substitution; changed only by the implied flags (ftz)"
#define BECOMES_INTRINSIC(intrinsic) "becomes the intrinsic " #intrinsic

/* CUDA's functions in their three builds (above). */
#define CUDA_FUNCTION(fn, ref, fastmath)                                                                       \
  CUDA_VARIANT(fn, ref, DEFAULT) CUDA_VARIANT(fn, ref, FTZ) CUDA_VARIANT(fn, ref, FASTMATH, fastmath)
#define CUDA_VARIANT(fn, ...) CUDA_VARIANT_BUILD(fn, __VA_ARGS__, ) /* (the empty argument: C11 wants one) */
#define CUDA_VARIANT_BUILD(fn, ref, build, ...) CUDA_VARIANT_##build(fn, ref, __VA_ARGS__)
#define CUDA_VARIANT_DEFAULT(fn, ref, ...) VARIANT(#fn ".cuda", REF(ref), DEVICE(fn##_cuda), DESCRIPTION("CUDA's " #fn))
#define CUDA_VARIANT_FTZ(fn, ref, ...)                                                                         \
  VARIANT(#fn ".cuda.ftz", REF(ref), DEVICE(fn##_cuda_ftz), DESCRIPTION("CUDA's " #fn " compiled with -ftz=true"))
#define CUDA_VARIANT_FASTMATH(fn, ref, fastmath, ...)                                                          \
  VARIANT(#fn ".cuda.fastmath", REF(ref), DEVICE(fn##_cuda_fast),                                              \
          DESCRIPTION("CUDA's " #fn " compiled with -use_fast_math: " fastmath))

/* CUDA_BOUND(fn, builds, ...): BOUND lines of the builds named (above); the source, the
 * last argument, gets the build's words appended. */
#define CUDA_BOUND(fn, builds, ...) CUDA_BOUND_##builds(fn, __VA_ARGS__)
#define CUDA_BOUND_DEFAULT_FTZ(fn, ...)                                                                        \
  BOUND(#fn ".cuda", __VA_ARGS__) BOUND(#fn ".cuda.ftz", __VA_ARGS__ " (no bound of its own for -ftz=true)")
#define CUDA_BOUND_FASTMATH(fn, ...) BOUND(#fn ".cuda.fastmath", __VA_ARGS__ " (under -use_fast_math)")
#define CUDA_BOUND_ALL_BUILDS(fn, ...) CUDA_BOUND_DEFAULT_FTZ(fn, __VA_ARGS__) CUDA_BOUND_FASTMATH(fn, __VA_ARGS__)
#define CUDA_BOUND_FASTMATH_INTRINSIC(fn, ...)                                                                 \
  BOUND(#fn ".cuda.fastmath", __VA_ARGS__ " (-use_fast_math turns " #fn " into __" #fn ")")

#endif
