/* ib1_const.h: the tables of the ball evaluator's fast first precision (ib1.h).
 * Generated with mpmath at 1200 bits: each pair {hi, lo} is hi = RN53(c), lo = RN53(c - hi),
 * so |hi + lo - c| <= 2^-53 |c - hi| <= 2^-106 |hi| (ib1.h takes 2^-103 |hi| as the
 * coefficient's radius; 1/(2j+1) likewise); 2/pi truncated (toward zero) to 768 bits. tests/test_ib1.c checks
 * every entry against MPFR. Trusted: included by ib1.h only. */
#ifndef ULPCERT_IB1_CONST_H
#define ULPCERT_IB1_CONST_H
#include <stdint.h>

/* 1/n! for n = 0 .. IB1_NFACT - 1 */
#define IB1_NFACT 36
#define IB1_RFACT { \
    {0x1.0000000000000p+0, 0x0.0p+0}, \
    {0x1.0000000000000p+0, 0x0.0p+0}, \
    {0x1.0000000000000p-1, 0x0.0p+0}, \
    {0x1.5555555555555p-3, 0x1.5555555555555p-57}, \
    {0x1.5555555555555p-5, 0x1.5555555555555p-59}, \
    {0x1.1111111111111p-7, 0x1.1111111111111p-63}, \
    {0x1.6c16c16c16c17p-10, -0x1.f49f49f49f49fp-65}, \
    {0x1.a01a01a01a01ap-13, 0x1.a01a01a01a01ap-73}, \
    {0x1.a01a01a01a01ap-16, 0x1.a01a01a01a01ap-76}, \
    {0x1.71de3a556c734p-19, -0x1.c154f8ddc6c00p-73}, \
    {0x1.27e4fb7789f5cp-22, 0x1.cbbc05b4fa99ap-76}, \
    {0x1.ae64567f544e4p-26, -0x1.c062e06d1f209p-80}, \
    {0x1.1eed8eff8d898p-29, -0x1.2aec959e14c06p-83}, \
    {0x1.6124613a86d09p-33, 0x1.f28e0cc748ebep-87}, \
    {0x1.93974a8c07c9dp-37, 0x1.05d6f8a2efd1fp-92}, \
    {0x1.ae7f3e733b81fp-41, 0x1.1d8656b0ee8cbp-97}, \
    {0x1.ae7f3e733b81fp-45, 0x1.1d8656b0ee8cbp-101}, \
    {0x1.952c77030ad4ap-49, 0x1.ac981465ddc6cp-103}, \
    {0x1.6827863b97d97p-53, 0x1.eec01221a8b0bp-107}, \
    {0x1.2f49b46814157p-57, 0x1.2650f61dbdcb4p-112}, \
    {0x1.e542ba4020225p-62, 0x1.ea72b4afe3c2fp-120}, \
    {0x1.71b8ef6dcf572p-66, -0x1.d043ae40c4647p-120}, \
    {0x1.0ce396db7f853p-70, -0x1.aebcdbd20331cp-124}, \
    {0x1.761b41316381ap-75, -0x1.3423c7d91404fp-130}, \
    {0x1.f2cf01972f578p-80, -0x1.9ada5fcc1ab14p-135}, \
    {0x1.3f3ccdd165fa9p-84, -0x1.58ddadf344487p-139}, \
    {0x1.88e85fc6a4e5ap-89, -0x1.71c37ebd16540p-143}, \
    {0x1.d1ab1c2dccea3p-94, 0x1.054d0c78aea14p-149}, \
    {0x1.0a18a2635085dp-98, 0x1.b9e2e28e1aa54p-153}, \
    {0x1.259f98b4358adp-103, 0x1.eaf8c39dd9bc5p-157}, \
    {0x1.3932c5047d60ep-108, 0x1.832b7b530a627p-162}, \
    {0x1.434d2e783f5bcp-113, 0x1.0b87b91be9affp-167}, \
    {0x1.434d2e783f5bcp-118, 0x1.0b87b91be9affp-172}, \
    {0x1.3981254dd0d52p-123, -0x1.2b1f4c8015a2fp-177}, \
    {0x1.2710231c0fd7ap-128, 0x1.3f8a2b4af9d6bp-184}, \
    {0x1.0dc59c716d91fp-133, 0x1.419e3fad3f031p-188}, \
}

/* 1/(2j + 1) for j = 0 .. IB1_NODD - 1 */
#define IB1_NODD 48
#define IB1_RODD { \
    {0x1.0000000000000p+0, 0x0.0p+0}, \
    {0x1.5555555555555p-2, 0x1.5555555555555p-56}, \
    {0x1.999999999999ap-3, -0x1.999999999999ap-57}, \
    {0x1.2492492492492p-3, 0x1.2492492492492p-57}, \
    {0x1.c71c71c71c71cp-4, 0x1.c71c71c71c71cp-58}, \
    {0x1.745d1745d1746p-4, -0x1.745d1745d1746p-59}, \
    {0x1.3b13b13b13b14p-4, -0x1.3b13b13b13b14p-58}, \
    {0x1.1111111111111p-4, 0x1.1111111111111p-60}, \
    {0x1.e1e1e1e1e1e1ep-5, 0x1.e1e1e1e1e1e1ep-61}, \
    {0x1.af286bca1af28p-5, 0x1.af286bca1af28p-59}, \
    {0x1.8618618618618p-5, 0x1.8618618618618p-59}, \
    {0x1.642c8590b2164p-5, 0x1.642c8590b2164p-60}, \
    {0x1.47ae147ae147bp-5, -0x1.eb851eb851eb8p-61}, \
    {0x1.2f684bda12f68p-5, 0x1.2f684bda12f68p-59}, \
    {0x1.1a7b9611a7b96p-5, 0x1.1a7b9611a7b96p-61}, \
    {0x1.0842108421084p-5, 0x1.0842108421084p-60}, \
    {0x1.f07c1f07c1f08p-6, -0x1.f07c1f07c1f08p-61}, \
    {0x1.d41d41d41d41dp-6, 0x1.0750750750750p-60}, \
    {0x1.bacf914c1bad0p-6, -0x1.bacf914c1bad0p-60}, \
    {0x1.a41a41a41a41ap-6, 0x1.0690690690690p-60}, \
    {0x1.8f9c18f9c18fap-6, -0x1.f3831f3831f38p-61}, \
    {0x1.7d05f417d05f4p-6, 0x1.7d05f417d05f4p-62}, \
    {0x1.6c16c16c16c17p-6, -0x1.f49f49f49f49fp-61}, \
    {0x1.5c9882b931057p-6, 0x1.310572620ae4cp-61}, \
    {0x1.4e5e0a72f0539p-6, 0x1.e0a72f0539783p-60}, \
    {0x1.4141414141414p-6, 0x1.4141414141414p-62}, \
    {0x1.3521cfb2b78c1p-6, 0x1.a90e7d95bc60ap-61}, \
    {0x1.29e4129e4129ep-6, 0x1.04a7904a7904ap-60}, \
    {0x1.1f7047dc11f70p-6, 0x1.1f7047dc11f70p-60}, \
    {0x1.15b1e5f75270dp-6, 0x1.15b1e5f75270dp-64}, \
    {0x1.0c9714fbcda3bp-6, -0x1.f79b47582192ep-61}, \
    {0x1.0410410410410p-6, 0x1.0410410410410p-60}, \
    {0x1.f81f81f81f820p-7, -0x1.f81f81f81f820p-61}, \
    {0x1.e9131abf0b767p-7, 0x1.503d226357e17p-62}, \
    {0x1.dae6076b981dbp-7, -0x1.9f89467e251a0p-63}, \
    {0x1.cd85689039b0bp-7, -0x1.76fc64f52edf9p-62}, \
    {0x1.c0e070381c0e0p-7, 0x1.c0e070381c0e0p-61}, \
    {0x1.b4e81b4e81b4fp-7, -0x1.f92c5f92c5f93p-61}, \
    {0x1.a98ef606a63bep-7, -0x1.f959c427e5671p-61}, \
    {0x1.9ec8e951033d9p-7, 0x1.d2a2067b23a54p-63}, \
    {0x1.948b0fcd6e9e0p-7, 0x1.948b0fcd6e9e0p-61}, \
    {0x1.8acb90f6bf3aap-7, -0x1.721ed7e75346fp-61}, \
    {0x1.8181818181818p-7, 0x1.8181818181818p-63}, \
    {0x1.78a4c8178a4c8p-7, 0x1.78a4c8178a4c8p-63}, \
    {0x1.702e05c0b8170p-7, 0x1.702e05c0b8170p-62}, \
    {0x1.6816816816817p-7, -0x1.fa5fa5fa5fa60p-61}, \
    {0x1.6058160581606p-7, -0x1.fa7e9fa7e9fa8p-61}, \
    {0x1.58ed2308158edp-7, 0x1.1840ac7691841p-62}, \
}

/* 2/pi = 0.T * 2^0 (T[0] most significant), below it by less than 2^-768 */
#define IB1_TWO_OVER_PI_WORDS { \
    0xa2f9836e4e441529ull, 0xfc2757d1f534ddc0ull, 0xdb6295993c439041ull, 0xfe5163abdebbc561ull, \
    0xb7246e3a424dd2e0ull, 0x06492eea09d1921cull, 0xfe1deb1cb129a73eull, 0xe88235f52ebb4484ull, \
    0xe99c7026b45f7e41ull, 0x3991d639835339f4ull, 0x9c845f8bbdf9283bull, 0x1ff897ffde05980full, \
}

/* one copy for the host, one in the device's constant memory (as ib_const.h) */
static const double ib1_rfact_host[IB1_NFACT][2] = IB1_RFACT;
static const double ib1_rodd_host[IB1_NODD][2] = IB1_RODD;
static const uint64_t ib1_2pi_host[12] = IB1_TWO_OVER_PI_WORDS;
#if defined(__CUDACC__)
static __device__ __constant__ const double ib1_rfact_dev[IB1_NFACT][2] = IB1_RFACT;
static __device__ __constant__ const double ib1_rodd_dev[IB1_NODD][2] = IB1_RODD;
static __device__ __constant__ const uint64_t ib1_2pi_dev[12] = IB1_TWO_OVER_PI_WORDS;
#endif
#if defined(__CUDA_ARCH__)
#define IB1_RFACT_D ib1_rfact_dev
#define IB1_RODD_D ib1_rodd_dev
#define IB1_2PI_D ib1_2pi_dev
#else
#define IB1_RFACT_D ib1_rfact_host
#define IB1_RODD_D ib1_rodd_host
#define IB1_2PI_D ib1_2pi_host
#endif

#endif
