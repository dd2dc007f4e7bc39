/* bits.h: the four bit casts between binary32 and binary64 numbers and their bit
 * patterns, written once for the host and the device. Every file that needs one includes
 * this header (src/common.h does, for the host code): the reference code and its
 * shortcuts, the measures, the kinds' device code and the tests. On the device they are
 * CUDA's reinterpretation intrinsics; on the host a memcpy, which the compiler turns into
 * a register move. Neither converts a value: a NaN keeps its payload, a subnormal is not
 * flushed whatever the build flavour (-ftz=true, -use_fast_math). */
#ifndef ULPCERT_BITS_H
#define ULPCERT_BITS_H

#include <stdint.h>
#include <string.h>

#if defined(__CUDACC__)
#define BITS_FN static __host__ __device__ __forceinline__
#else
#define BITS_FN static inline
#endif

BITS_FN uint32_t f2u(float f) {
#if defined(__CUDA_ARCH__)
  return __float_as_uint(f);
#else
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
#endif
}

BITS_FN float u2f(uint32_t u) {
#if defined(__CUDA_ARCH__)
  return __uint_as_float(u);
#else
  float f;
  memcpy(&f, &u, 4);
  return f;
#endif
}

BITS_FN uint64_t d2u(double d) {
#if defined(__CUDA_ARCH__)
  return (uint64_t)__double_as_longlong(d);
#else
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
#endif
}

BITS_FN double u2d(uint64_t u) {
#if defined(__CUDA_ARCH__)
  return __longlong_as_double((long long)u);
#else
  double d;
  memcpy(&d, &u, 8);
  return d;
#endif
}

/* A bijection of 64-bit words (the splitmix64 finalizer): distinct (input, output) pairs
 * give distinct terms, so a single changed output always changes a digest made of them
 * (the measures' output digests, the reference cache's checksum). */
BITS_FN uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

#endif
