/* tf32.cuh: the TF32 forms of tf32.def, inline PTX. Each exists from the architecture its
 * 'need' names; compiled for an earlier one (or for the host) it returns 0, and the kind
 * does not run it there (the probe tells the architecture compiled). */
#include "kernels/conv_wrap.cuh"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define TF32_AT_80(ptx, r, x) asm(ptx " %0, %1;" : "=r"(r) : "f"(x))
#else
#define TF32_AT_80(ptx, r, x) ((void)(x), (void)(r))
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define TF32_AT_90(ptx, r, x) asm(ptx " %0, %1;" : "=r"(r) : "f"(x))
#else
#define TF32_AT_90(ptx, r, x) ((void)(x), (void)(r))
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1000
#define TF32_AT_100(ptx, r, x) asm(ptx " %0, %1;" : "=r"(r) : "f"(x))
#else
#define TF32_AT_100(ptx, r, x) ((void)(x), (void)(r))
#endif
#define TF32_FORM(id, ptx, need)                                               \
  CV_FN uint32_t cv_##id(uint32_t x) {                                         \
    uint32_t r = 0;                                                            \
    TF32_AT_##need(ptx, r, cv_f(x));                                           \
    return r;                                                                  \
  }
TF32_FORM(tf32_rna, "cvt.rna.tf32.f32", 80)
TF32_FORM(tf32_rna_sat, "cvt.rna.satfinite.tf32.f32", 80)
TF32_FORM(tf32_rn, "cvt.rn.tf32.f32", 90)
TF32_FORM(tf32_rz, "cvt.rz.tf32.f32", 90)
TF32_FORM(tf32_rn_relu, "cvt.rn.relu.tf32.f32", 90)
TF32_FORM(tf32_rz_relu, "cvt.rz.relu.tf32.f32", 90)
TF32_FORM(tf32_rn_sat, "cvt.rn.satfinite.tf32.f32", 100)
TF32_FORM(tf32_rz_sat, "cvt.rz.satfinite.tf32.f32", 100)
TF32_FORM(tf32_rn_sat_relu, "cvt.rn.satfinite.relu.tf32.f32", 100)
TF32_FORM(tf32_rz_sat_relu, "cvt.rz.satfinite.relu.tf32.f32", 100)
