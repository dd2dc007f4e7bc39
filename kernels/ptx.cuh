/* ptx.cuh: a device function that is one PTX instruction, through inline asm, so that what
 * is measured is the instruction itself and nothing the compiler adds. Used by the
 * function folders' device code. */
#ifndef ULPCERT_PTX_CUH
#define ULPCERT_PTX_CUH

#define PTX_UNARY(name, insn)                      \
  __forceinline__ __device__ float name(float a) { \
    float d;                                       \
    asm(insn " %0, %1;" : "=f"(d) : "f"(a));       \
    return d;                                      \
  }

/* The same on a raw 16-bit register (binary16 or bfloat16 bits in and out), compiled only
 * for architectures of compute capability >= cc (10 major + minor); elsewhere it returns
 * 0xffff (the host checks the device's capability before launching). */
#define PTX_HALF(name, insn, cc)                                \
  __forceinline__ __device__ unsigned short name(unsigned short x) { \
    unsigned short y = 0xffff;                                  \
    PTX_HALF_ASM_##cc(insn, x, y)                               \
    return y;                                                   \
  }
#if __CUDA_ARCH__ >= 750
#define PTX_HALF_ASM_75(insn, x, y) asm(insn " %0, %1;" : "=h"(y) : "h"(x));
#else
#define PTX_HALF_ASM_75(insn, x, y)
#endif
#if __CUDA_ARCH__ >= 900
#define PTX_HALF_ASM_90(insn, x, y) asm(insn " %0, %1;" : "=h"(y) : "h"(x));
#else
#define PTX_HALF_ASM_90(insn, x, y)
#endif

#endif
