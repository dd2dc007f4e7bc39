/* h16fn.h: the 16-bit math functions of cuda_fp16.h and cuda_bf16.h (the catalogue's
 * H16_FUNCTION lines, src/kinds/h16/h16_catalogue.h), each over every input of its format
 * in four variants: scalar and two-lane (h2) forms, in nvcc's default build and under
 * -use_fast_math; against the catalogue's references rounded to the format (fmt16.h). */
#ifndef ULPCERT_H16FN_H
#define ULPCERT_H16FN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "reference/formats/fmt16.h"

#define H16FN_INPUTS 65536u
#define H16FN_LIST 8

/* every H16_FUNCTION line, in catalogue order */
enum {
#define H16_FUNCTION(fn, fn2, ref, fmt, ...) H16FN_L_##fn##_##fmt,
#include "src/kinds/h16/h16_list.h"
  H16FN_NL
};
#define H16FN_NV (4 * H16FN_NL) /* variants: line * 4 + h2 * 2 + fastmath */

#define H16_FMT_f16 FMT16_BINARY16
#define H16_FMT_bf16 FMT16_BFLOAT16

struct h16fn_variant {
  const char *name; /* hexp.f16, h2exp.f16, hexp.f16.fastmath, h2exp.f16.fastmath */
  const char *fn;   /* the CUDA function: hexp, h2exp */
  const char *ref;  /* the catalogue's reference */
  int fmt, documented; /* documented: ulps from the correctly rounded result */
  const char *source;
  int line, h2, fast;
};

#ifdef __cplusplus
extern "C" {
#endif

extern const struct h16fn_variant h16fn_variants[H16FN_NV];
const struct h16fn_variant *h16fn_find(const char *name);
int h16fn_index(const struct h16fn_variant *v);
const char *h16fn_fmt_name(int fmt);

/* Every input of line 'line' in build 'fast' (0 default, 1 -use_fast_math) on GPU dev:
 * scalar[x] = fn(x); lo[x] and hi[x], the two lanes of fn2 with x in that lane (the
 * kernel pairs x with ~x, so every input is run in both lanes). 0, or -1 with a message. */
int gpu_h16fn_eval(int dev, int line, int fast, uint16_t *scalar, uint16_t *lo, uint16_t *hi, char *err,
                   size_t errlen);
/* the same, per build unit (h16_default.cu, h16_fastmath.cu) */
int gpu_h16fn_eval_default(int dev, int line, uint16_t *scalar, uint16_t *lo, uint16_t *hi, char *err, size_t errlen);
int gpu_h16fn_eval_fastmath(int dev, int line, uint16_t *scalar, uint16_t *lo, uint16_t *hi, char *err,
                            size_t errlen);

#ifdef __cplusplus
}
#endif

/* A mismatching input, as listed. */
struct h16fn_sample {
  uint16_t input, output, expected;
  int cls, lane; /* lane: 0 scalar or low, 1 high */
};

/* Statistics of a variant over every input (both lanes for an h2 form). */
struct h16fn_stats {
  uint32_t inputs, exact, cls[H16_NCLS];
  int32_t max_steps; /* ulps from the correctly rounded result (f16_steps); -1: none */
  uint16_t max_steps_input;
  int max_steps_lane;
  double max_err; /* |out - f(x)| in ulps of the format (f16_err_ulps); -1: none */
  uint16_t max_err_input;
  int max_err_lane;
  int nlist;
  struct h16fn_sample list[H16FN_LIST];
  uint32_t lane_diff[2]; /* h2: inputs whose lane output differs from the scalar form's */
  int32_t lane_first[2]; /* the first such input, -1: none */
  uint64_t digest;       /* sum of mix(lane << 32 | input << 16 | output) modulo 2^64 */
};

/* The correctly rounded results of reference ref in format fmt: exp[x] and y[x] = RN53(f(x))
 * for every input x. 0, or -1 with a message in err. */
int h16fn_expected(const char *ref, int fmt, uint16_t *exp, double *y, char *err, size_t errlen);
/* Measure variant v's outputs: out[0] (scalar, or the low lane) and, for an h2 form,
 * out[1] (the high lane); scalar: the scalar form's outputs of the same build (h2 only). */
void h16fn_measure(const struct h16fn_variant *v, const uint16_t *exp, const double *y, const uint16_t *const out[2],
                   const uint16_t *scalar, struct h16fn_stats *s);
/* HOLDS when every input is within the documented ulps (0: exactly the correctly rounded
 * result; NaN where NaN is expected), else VIOLATED. */
const char *h16fn_verdict(const struct h16fn_variant *v, const struct h16fn_stats *s);

#endif
