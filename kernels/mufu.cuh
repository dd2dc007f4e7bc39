/* mufu.cuh: raw PTX instructions, one per function, through inline asm, so that what
 * is measured is the instruction itself and nothing the compiler adds. */
#ifndef ULPCERT_MUFU_CUH
#define ULPCERT_MUFU_CUH

#define PTX_UNARY(name, insn)                                        \
  __forceinline__ __device__ float name(float a) {                   \
    float d;                                                         \
    asm(insn " %0, %1;" : "=f"(d) : "f"(a));                         \
    return d;                                                        \
  }

PTX_UNARY(ptx_rcp_approx, "rcp.approx.f32")
PTX_UNARY(ptx_rcp_approx_ftz, "rcp.approx.ftz.f32")
PTX_UNARY(ptx_rcp_rn, "rcp.rn.f32")
PTX_UNARY(ptx_sqrt_approx, "sqrt.approx.f32")
PTX_UNARY(ptx_sqrt_approx_ftz, "sqrt.approx.ftz.f32")
PTX_UNARY(ptx_sqrt_rn, "sqrt.rn.f32")
PTX_UNARY(ptx_rsqrt_approx, "rsqrt.approx.f32")
PTX_UNARY(ptx_rsqrt_approx_ftz, "rsqrt.approx.ftz.f32")
PTX_UNARY(ptx_ex2_approx, "ex2.approx.f32")
PTX_UNARY(ptx_ex2_approx_ftz, "ex2.approx.ftz.f32")
PTX_UNARY(ptx_lg2_approx, "lg2.approx.f32")
PTX_UNARY(ptx_lg2_approx_ftz, "lg2.approx.ftz.f32")
PTX_UNARY(ptx_sin_approx, "sin.approx.f32")
PTX_UNARY(ptx_sin_approx_ftz, "sin.approx.ftz.f32")
PTX_UNARY(ptx_cos_approx, "cos.approx.f32")
PTX_UNARY(ptx_cos_approx_ftz, "cos.approx.ftz.f32")

#undef PTX_UNARY
#endif
