/* h16_catalogue.h: how a function folder declares its 16-bit forms (binary16 __half and
 * bfloat16 __nv_bfloat16 of cuda_fp16.h and cuda_bf16.h), in functions/<name>/h16.def
 * (every such file is listed in the generated h16.def). Two kinds of line:
 *
 *   H16_FUNCTION(fn, fn2, reference, fmt, documented, source)
 *     a 16-bit math function of one argument: the scalar function fn and its two-lane form
 *     fn2 (identifiers of the CUDA headers: hexp, h2exp), compared over every input of
 *     format fmt (f16 or bf16) with the catalogue's reference (a REFERENCE name) rounded
 *     to the format; documented: the largest distance in ulps (representable steps) from
 *     the correctly rounded result that NVIDIA documents (the CUDA Programming Guide's
 *     "maximum observed", not guaranteed), source: where. Each line makes four variants
 *     (src/kinds/h16/h16fn.c): fn.fmt and fn2.fmt in nvcc's default build, and the same
 *     two with ".fastmath" (built with -use_fast_math);
 *
 *   H16_OP(op, fmt, third, post, reference, min_cc, documented, source)
 *     a 16-bit arithmetic operation: op (a CUDA identifier: __hadd, __hfma_sat) on format
 *     fmt over all 2^32 pairs of operands (a, b), with, for the three-operand ones, a third
 *     operand c chosen from (a, b) by the rule 'third' (none, negzero, residual or tiny:
 *     src/kinds/arith16/arith.h says which and why); post: none, sat (the result clamped
 *     to [0, 1], NaN to +0) or relu (negative results to +0, NaN to the canonical NaN);
 *     reference: the exact reference, a host-and-device function of the folder's
 *     h16_ref.h; on GPUs of compute capability >= min_cc (10 major + minor); documented:
 *     what the headers promise, source: where. The variant is op.fmt, or op.fmt.third.
 *
 * Nothing here touches the binary32 catalogue (catalogue.h): these lines are read only by
 * the 16-bit kinds, through h16_list.h. */
#ifndef ULPCERT_H16_CATALOGUE_H
#define ULPCERT_H16_CATALOGUE_H

/* Sources quoted by the lines. */
#define GUIDE16                                                                                                \
  "CUDA Programming Guide (13.x), 5.5 Floating-Point Computation: maximum ULP error 'stated as the maximum "   \
  "observed absolute value of the difference in ULPs between the value returned by the function and a "      \
  "correctly rounded result of the corresponding precision', 'derived from extensive, though not exhaustive, " \
  "testing. Therefore, they are not guaranteed.' "
#define HDR_FP16 "cuda_fp16.h (CUDA 13.0): "
#define HDR_BF16 "cuda_bf16.h (CUDA 13.0): "

#endif
