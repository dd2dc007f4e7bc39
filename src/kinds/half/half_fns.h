/* half_fns.h: the half-precision device functions, shared by the host (src/half.c) and
 * the device code (kernels/half.cu). */
#ifndef ULPCERT_HALF_FNS_H
#define ULPCERT_HALF_FNS_H

#define HALF_INPUTS 65536u

enum { HALF_TANH_F16 = 0, HALF_TANH_BF16, HALF_EX2_F16, HALF_EX2_FTZ_BF16, HALF_NFN };

/* compute capability (10 major + minor) the PTX instruction needs (PTX ISA 9.1) */
#ifdef __CUDACC__
__host__ __device__
#endif
static inline int half_fn_min_cc(int fn) { return fn == HALF_TANH_BF16 || fn == HALF_EX2_FTZ_BF16 ? 90 : 75; }

#ifdef __CUDACC__
__host__ __device__
#endif
static inline const char *half_fn_ptx(int fn) {
  return fn == HALF_TANH_F16    ? "tanh.approx.f16"
         : fn == HALF_TANH_BF16 ? "tanh.approx.bf16"
         : fn == HALF_EX2_F16   ? "ex2.approx.f16"
                                : "ex2.approx.ftz.bf16";
}

#endif
