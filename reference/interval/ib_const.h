/* ib_const.h: pi, log 2 and Euler's constant gamma for the ball evaluator (ib_fn.h; gamma for
 * ib_bessel.h's Y0 and Y1), 20 words each. Generated with mpmath at 1400 bits (floor(frac *
 * 2^1280)); tests/unit/test_ib.c checks every word against MPFR. Trusted: included by ib_fn.h
 * only. */
#ifndef ULPCERT_IB_CONST_H
#define ULPCERT_IB_CONST_H
#include <stdint.h>

/* pi: truncated (toward zero) to 1280 bits; the value is 0.d * 2^2, below it by less than 2^-1278 */
#define IB_PI_E 2
#define IB_PI_WORDS { \
    0xc90fdaa22168c234ull, 0xc4c6628b80dc1cd1ull, 0x29024e088a67cc74ull, 0x020bbea63b139b22ull, \
    0x514a08798e3404ddull, 0xef9519b3cd3a431bull, 0x302b0a6df25f1437ull, 0x4fe1356d6d51c245ull, \
    0xe485b576625e7ec6ull, 0xf44c42e9a637ed6bull, 0x0bff5cb6f406b7edull, 0xee386bfb5a899fa5ull, \
    0xae9f24117c4b1fe6ull, 0x49286651ece45b3dull, 0xc2007cb8a163bf05ull, 0x98da48361c55d39aull, \
    0x69163fa8fd24cf5full, 0x83655d23dca3ad96ull, 0x1c62f356208552bbull, 0x9ed529077096966dull}

/* log 2: truncated (toward zero) to 1280 bits; the value is 0.d * 2^0, below it by less than 2^-1280 */
#define IB_LN2_E 0
#define IB_LN2_WORDS { \
    0xb17217f7d1cf79abull, 0xc9e3b39803f2f6afull, 0x40f343267298b62dull, 0x8a0d175b8baafa2bull, \
    0xe7b876206debac98ull, 0x559552fb4afa1b10ull, 0xed2eae35c1382144ull, 0x27573b291169b825ull, \
    0x3e96ca16224ae8c5ull, 0x1acbda11317c387eull, 0xb9ea9bc3b136603bull, 0x256fa0ec7657f74bull, \
    0x72ce87b19d6548caull, 0xf5dfa6bd38303248ull, 0x655fa1872f20e3a2ull, 0xda2d97c50f3fd5c6ull, \
    0x07f4ca11fb5bfb90ull, 0x610d30f88fe551a2ull, 0xee569d6dfc1efa15ull, 0x7d2e23de1400b396ull}

/* Euler's constant gamma: truncated (toward zero) to 1280 bits; the value is 0.d * 2^0, below
 * it by less than 2^-1280 */
#define IB_EULER_E 0
#define IB_EULER_WORDS { \
    0x93c467e37db0c7a4ull, 0xd1be3f810152cb56ull, 0xa1cecc3af65cc019ull, 0x0c03df34709affbdull, \
    0x8e4b59fa03a9f0eeull, 0xd0649ccb621057d1ull, 0x1056ae9132135a08ull, 0xe43b4673d74bafeaull, \
    0x58deb878cc86d733ull, 0xdbe7bf38154b36cfull, 0x8a96d1567899aaaeull, 0x0c09d4c8b6b7b86full, \
    0xd2a1ea1de62ff864ull, 0x3ec7c27182797722ull, 0x5e6ac2f0bd61c746ull, 0x961542a3ce3bea5dull, \
    0xb54fe70e63e6d09full, 0x8fc28658e80567a4ull, 0x7cfde60ee741e5d8ull, 0x5a7bd46931ced822ull}

/* one copy for the host, one in the device's constant memory; ib_fn.h reads IB_PI_D and
 * IB_LN2_D, ib_bessel.h IB_EULER_D, which name the copy of the side it is compiled for */
static const uint64_t ib_pi_host[IB_MAXL] = IB_PI_WORDS, ib_ln2_host[IB_MAXL] = IB_LN2_WORDS,
                      ib_euler_host[IB_MAXL] = IB_EULER_WORDS;
#if defined(__CUDACC__)
static __device__ __constant__ const uint64_t ib_pi_dev[IB_MAXL] = IB_PI_WORDS, ib_ln2_dev[IB_MAXL] = IB_LN2_WORDS,
                                              ib_euler_dev[IB_MAXL] = IB_EULER_WORDS;
#endif
#if defined(__CUDA_ARCH__)
#define IB_PI_D ib_pi_dev
#define IB_LN2_D ib_ln2_dev
#define IB_EULER_D ib_euler_dev
#else
#define IB_PI_D ib_pi_host
#define IB_LN2_D ib_ln2_host
#define IB_EULER_D ib_euler_host
#endif

#endif
