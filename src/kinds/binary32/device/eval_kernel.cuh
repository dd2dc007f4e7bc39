/* eval_kernel.cuh: the evaluation kernel of a binary32 variant, shared by the backend
 * (eval.cu) and the translation units of CUDA's build flavours (flavour.cuh). */
#ifndef ULPCERT_EVAL_KERNEL_CUH
#define ULPCERT_EVAL_KERNEL_CUH
#include <stdint.h>

/* out[i] = F(x) for the bit patterns x = first + i, i < count */
template <float (*F)(float)> __global__ void k_eval(uint32_t first, uint32_t count, uint32_t *__restrict__ out) {
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += gridDim.x * blockDim.x)
    out[i] = __float_as_uint(F(__uint_as_float(first + i)));
}

typedef void (*eval_kernel)(uint32_t, uint32_t, uint32_t *);

/* A variant compiled in a flavour's translation unit is, for the others, a type naming its
 * kernel (every unit declares it alike; the flavour's unit defines the kernel). */
#define FLAVOUR_TAG(dfn)                                                                                       \
  struct dfn {                                                                                                 \
    static const eval_kernel kernel;                                                                           \
  };

#endif
