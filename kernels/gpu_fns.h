/* gpu_fns.h: the device functions the GPU backend can evaluate, shared by the host
 * registry (src/variants.def) and the kernels (kernels/eval.cu). */
#ifndef ULPCERT_GPU_FNS_H
#define ULPCERT_GPU_FNS_H

enum gpu_fn {
  GPU_NONE = -1,
  GPU_TANH_APPROX = 0, /* PTX tanh.approx.f32 (MUFU.TANH), sm_75+ */
  GPU_TANH_EX2RCP,     /* seed tanh for < sm_75: ex2.approx.ftz + rcp.approx.ftz */
  GPU_TANH_MINIMAX,    /* seed full-precision tanh */
  GPU_TANHF_CUDA,      /* CUDA's tanhf */
  GPU_TABLE,           /* outputs read from a table set by gpu_set_table (selftest) */
  GPU_RCP_APPROX,      /* PTX rcp.approx.f32 */
  GPU_RCP_APPROX_FTZ,  /* PTX rcp.approx.ftz.f32 */
  GPU_RCP_RN,          /* PTX rcp.rn.f32 (IEEE) */
  GPU_SQRT_APPROX,     /* PTX sqrt.approx.f32 */
  GPU_SQRT_APPROX_FTZ, /* PTX sqrt.approx.ftz.f32 */
  GPU_SQRT_RN,         /* PTX sqrt.rn.f32 (IEEE) */
  GPU_RSQRT_APPROX,    /* PTX rsqrt.approx.f32 */
  GPU_RSQRT_APPROX_FTZ,
  GPU_EX2_APPROX,      /* PTX ex2.approx.f32 */
  GPU_EX2_APPROX_FTZ,
  GPU_LG2_APPROX,      /* PTX lg2.approx.f32 */
  GPU_LG2_APPROX_FTZ,
  GPU_SIN_APPROX,      /* PTX sin.approx.f32 */
  GPU_SIN_APPROX_FTZ,
  GPU_COS_APPROX,      /* PTX cos.approx.f32 */
  GPU_COS_APPROX_FTZ,
  GPU_EXPF_INTR,       /* CUDA intrinsics (fast math): __expf, __exp10f, __logf, __sinf, __cosf */
  GPU_EXP10F_INTR,
  GPU_LOGF_INTR,
  GPU_SINF_INTR,
  GPU_COSF_INTR,
  GPU_EXPF_CUDA,       /* CUDA's full-precision expf, exp10f, logf, sinf, cosf */
  GPU_EXP10F_CUDA,
  GPU_LOGF_CUDA,
  GPU_SINF_CUDA,
  GPU_COSF_CUDA,
  GPU_TANHF_INTR,      /* CUDA intrinsic __tanhf */
  /* x -> __fdividef(x, d) and x -> __fdiv_rn(x, d) for each divisor d of divisors.def */
#define DIVISOR(id, name, d) GPU_FDIVIDEF_##id, GPU_DIV_RN_##id,
#include "functions/div/divisors.def"
#undef DIVISOR
  GPU_NFN
};

/* Run-time compiled user functions are numbered from here (gpu_dyn_add). */
#define GPU_DYN_BASE 1000

#endif
