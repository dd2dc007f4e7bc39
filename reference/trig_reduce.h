/* trig_reduce.h: correctly rounded binary64 sin, cos and tan of a binary32 argument of any
 * size, with MPFR's ternary value, for the host and the device (reference/host_device.h).
 *
 * Contract.
 *   trig_large(xb, fn, &y, &t)    fn = TRIG_SIN (0), TRIG_COS (1), TRIG_TAN (2)
 * returns 1 with y = RN53(g(x)) (binary64 round to nearest even) and t = sign(y - g(x)),
 * g = sin, cos or tan and x the binary32 number with bits xb: exactly what MPFR gives with
 * emin = -1073, emax = 1024 and mpfr_subnormalize (reference/reference.c, ref_mpfr);
 * or returns 0 ("undecided": ask MPFR). It never returns 1 with another pair.
 * Domain: every finite x with 2^-39 <= |x| < 2^128 (TRIG_MIN_BITS; both signs). It
 * returns 0 below 2^-39 (zero included), for infinities and NaN, for an input whose
 * reduced argument would be below 2^-50 quadrants (none exists: (R5)), and where the
 * rounding test (T) fails. (T) fails where g(x) lies within about 2^-100 relative of a
 * binary64 number or midpoint: one input in 2^45 or so at random, and for a few tiny
 * inputs where that is structural, e.g. cos x for x = 2^-26, 2^-25, 2^-24, within
 * x^4/24 of the binary64 number 1 - x^2/2. The tests found no other: random inputs of
 * every binade and the inputs closest to multiples of pi/2 (tests/unit/test_trig_reduce.c),
 * 65934 inputs spread over [2^10, 2^128) per function (functions/{sin,cos,tan}/test_*.c),
 * and, against MPFR (refcheck), the first 2^19 inputs from 2^10, the first 2^20 of the
 * binades of 2^20, 2^60 and 2^127, and the 2^20 of the binade of 2^95 around the worst case
 * of the reduction (R5): every one decided.
 *
 * Why the test can succeed. sin, cos and tan of a nonzero algebraic number are
 * transcendental (Lindemann-Weierstrass: e^(ix) is transcendental for algebraic x != 0;
 * sin x = (e^(ix) - e^(-ix))/2i, cos x = (e^(ix) + e^(-ix))/2 and
 * e^(2ix) = (1 + i tan x)/(1 - i tan x) would otherwise be algebraic). A nonzero binary32
 * number is rational, so g(x) is never a binary64 number nor the midpoint of two: an
 * interval around g(x) narrow enough always lies inside one rounding interval and away
 * from y. The proof below does not rely on this: the rounding test (T) itself shows
 * g(x) != y before it returns t; the argument only explains why (T) rarely fails.
 *
 * Method (Payne and Hanek, "Radian reduction for trigonometric functions", SIGNUM
 * Newsletter 18(1), 1983; J.-M. Muller, Elementary Functions, 3rd ed., chapter 11):
 *  (R) exact integer arithmetic on a 192-bit window of the bits of 2/pi gives the
 *      quadrant k and the fraction f, x (2/pi) = 4n + k + f (|f| <= 1/2), with f known to
 *      about 2^-105 relative; z = f pi/2 (|z| <= pi/4) as a double-double Z = zh + zl;
 *  (P) sin z = z P_s(z^2), cos z = P_c(z^2), Taylor polynomials of degree 13 in w = z^2
 *      evaluated in double-double (Horner, the high-order terms in binary64);
 *      tan = sin/cos or -cos/sin by a double-double division;
 *  (T) Ziv's rounding test with a static relative error bound 2^TRIG_EPS_*_LOG2.
 * Sign and quadrant: x = |x| s with s = +-1; |x| = (4n + k) pi/2 + z gives
 *   sin|x| = sin z, cos z, -sin z, -cos z      for k = 0, 1, 2, 3,
 *   cos|x| = cos z, -sin z, -cos z, sin z,
 *   tan|x| = tan z (k even), -cos z/sin z (k odd),
 * and sin x = s sin|x|, tan x = s tan|x|, cos x = cos|x|. RN53 is symmetric, so negating g
 * negates y and t (exactly: a sign flip).
 *
 * Floating point. Every binary64 operation goes through trig_add/sub/mul/div/fma: on the
 * device the _rn intrinsics (never contracted, whatever -fmad says); on the host the C
 * operators and fma(), IEEE binary64 round to nearest even under the project's flags
 * (-ffp-contract=off; FLT_EVAL_METHOD == 0 is checked below; C11 7.12.13.1: fma rounds
 * once). Integer arithmetic and conversions of integers below 2^53 are exact on both
 * sides. So the host and the device compute the same bits.
 *
 * Error model (u = 2^-53, eta = 2^-1075). For each rounded operation with exact result
 * v: |RN(v) - v| <= u|v| + eta and |RN(v)| <= |v|(1 + u) + eta. No result reaches 2^64
 * in magnitude (|x| is never an operand: only f, z, w and the polynomials, all below 2^53),
 * so there is no overflow. TwoSum (6 operations) is exact (Knuth, TAOCP 4.2.2 Thm B, also
 * under underflow: Boldo, Graillat, Muller, ACM TOMS 2017) and its error part is at most
 * u|sum|; Fast2Sum (3 operations) is exact when |a| >= |b| (Dekker 1971); the fma
 * TwoProd error RN(ab - RN(ab)) is exact when nothing underflows, and is counted below as
 * an ordinary rounding anyway (u|v| + eta), which covers every case.
 *
 * The bounds. The constants that the proof needs (the relative error bounds behind
 * TRIG_EPS_SC_LOG2 and TRIG_EPS_TAN_LOG2) are computed from the operation-by-operation
 * recurrences written below by tests/unit/test_trig_reduce.c (trig_prove, with Arb: mag_t
 * rounds upwards, arb balls for pi, 1/n!, sin and cos), which fails if a constant here
 * is smaller than what it derives. Its output (upper bounds):
 *   reduction  rho_F <= 2^-105.00 (f)   rho_Z <= 2^-102.91 (z)   |W - z^2| <= 2^-101.49
 *   sin        rho_s <= 2^-100.53       cos   rho_c <= 2^-100.58
 *   tan, cot   rho_t <= 2^-99.37
 * and (T) needs 2^-100.53 and 2^-99.37 (rho (1 + u)/(1 - rho)): TRIG_EPS_SC_LOG2 = -100
 * and TRIG_EPS_TAN_LOG2 = -99 cover them.
 */
#ifndef ULPCERT_TRIG_REDUCE_H
#define ULPCERT_TRIG_REDUCE_H

#include <float.h>
#include <math.h>
#include <stdint.h>

#include "reference/host_device.h"

#if !defined(__CUDA_ARCH__) && (!defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0)
#error "trig_reduce.h needs binary64 evaluation of double expressions (FLT_EVAL_METHOD == 0)"
#endif

#if defined(__CUDACC__)
#define TRIG_HD static __host__ __device__ __forceinline__
#define TRIG_UNROLL _Pragma("unroll")
#else
#define TRIG_HD static inline
#define TRIG_UNROLL
#endif

enum { TRIG_SIN = 0, TRIG_COS = 1, TRIG_TAN = 2 };

#define TRIG_MIN_BITS 0x2c000000u /* 2^-39: the smallest |x| of the domain */

/* ---- binary64 and integer primitives, identical on host and device ---- */

/* those of reference/host_device.h */
TRIG_HD double trig_add(double a, double b) { return ref_add(a, b); }
TRIG_HD double trig_sub(double a, double b) { return ref_sub(a, b); }
TRIG_HD double trig_mul(double a, double b) { return ref_mul(a, b); }
TRIG_HD double trig_div(double a, double b) { return ref_div(a, b); }
TRIG_HD double trig_fma(double a, double b, double c) { return ref_fma(a, b, c); }
TRIG_HD double trig_neg(double a) { return u2d(d2u(a) ^ 0x8000000000000000ull); }
TRIG_HD double trig_abs(double a) { return u2d(d2u(a) & 0x7fffffffffffffffull); }
/* 2^k for -1022 <= k <= 1023, from its bits (exact) */
TRIG_HD double trig_pow2(int k) { return u2d((uint64_t)(1023 + k) << 52); }

/* The 128-bit product a*b = hi 2^64 + lo. */
TRIG_HD void trig_mul64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo) {
#if defined(__CUDA_ARCH__)
  *lo = a * b;
  *hi = __umul64hi(a, b);
#else
  __extension__ typedef unsigned __int128 trig_u128;
  trig_u128 p = (trig_u128)a * b;
  *lo = (uint64_t)p;
  *hi = (uint64_t)(p >> 64);
#endif
}
/* Leading zero bits of a nonzero word. */
TRIG_HD int trig_clz64(uint64_t a) {
#if defined(__CUDA_ARCH__)
  return __clzll((long long)a);
#else
  return __builtin_clzll(a);
#endif
}

/* TwoSum: s + e = a + b exactly, s = RN(a + b), |e| <= u|s| (ref_two_sum, with its
 * proof) */
TRIG_HD void trig_two_sum(double a, double b, double *s, double *e) { ref_two_sum(a, b, s, e); }

/* ---- constants ---- */

/* The bits of 2/pi: word j (1 <= j <= 5) is floor(2^(64j) 2/pi) mod 2^64, i.e. bits
 * b_(64j-63) .. b_(64j) of 2/pi = sum_(i>=1) b_i 2^-i, most significant first. Word 0 is
 * b_(-63) .. b_0 = 0 (2/pi < 1). tests/unit/test_trig_reduce.c checks them against MPFR's and
 * Arb's pi. */
#define TRIG_2OPI_0 0x0000000000000000ull
#define TRIG_2OPI_1 0xa2f9836e4e441529ull
#define TRIG_2OPI_2 0xfc2757d1f534ddc0ull
#define TRIG_2OPI_3 0xdb6295993c439041ull
#define TRIG_2OPI_4 0xfe5163abdebbc561ull
#define TRIG_2OPI_5 0xb7246e3a424dd2e0ull

/* pi/2 = P1 + P2 + P3: P1 = RN(pi/2), P2 = RN(pi/2 - P1), 0 < P2 < 2^-53 P1 and
 * |P3| < 2^-109 (checked with Arb). */
#define TRIG_PIO2_1 0x1.921fb54442d18p+0
#define TRIG_PIO2_2 0x1.1a62633145c07p-54

/* The polynomials (Taylor, in w = z^2):
 *   P_s(w) = sum_(i=0..13) (-1)^i w^i/(2i+1)!   (sin z = z P_s(z^2) + remainder)
 *   P_c(w) = sum_(i=0..13) (-1)^i w^i/(2i)!     (cos z = P_c(z^2) + remainder)
 * Coefficient i is stored as hi_i + lo_i (hi_i = RN(c_i), lo_i = RN(c_i - hi_i)) for
 * i < NDD, where Horner runs in double-double, and as hi_i alone above. The Lagrange
 * remainders are |sin z - z P_s(z^2)| <= |z|^29/29! and |cos z - P_c(z^2)| <= z^28/28!.
 * tests/unit/test_trig_reduce.c checks |hi_i + lo_i - c_i| against Arb (the proof uses the
 * exact differences, bounded there). */
#define TRIG_DEG 13
#define TRIG_S_NDD 8
#define TRIG_C_NDD 9

struct trig_poly {
  double s_hi[TRIG_DEG + 1], s_lo[TRIG_S_NDD];
  double c_hi[TRIG_DEG + 1], c_lo[TRIG_C_NDD];
  int eps_sc_log2, eps_tan_log2; /* the relative bounds of (T), as powers of two */
};

#define TRIG_EPS_SC_LOG2 (-100)
#define TRIG_EPS_TAN_LOG2 (-99)

/* clang-format off */
#define TRIG_POLY_INIT {                                                                        \
  { 0x1p+0, -0x1.5555555555555p-3, 0x1.1111111111111p-7, -0x1.a01a01a01a01ap-13,                 \
    0x1.71de3a556c734p-19, -0x1.ae64567f544e4p-26, 0x1.6124613a86d09p-33, -0x1.ae7f3e733b81fp-41, \
    0x1.952c77030ad4ap-49, -0x1.2f49b46814157p-57, 0x1.71b8ef6dcf572p-66, -0x1.761b41316381ap-75, \
    0x1.3f3ccdd165fa9p-84, -0x1.d1ab1c2dccea3p-94 },                                             \
  { 0.0, -0x1.5555555555555p-57, 0x1.1111111111111p-63, -0x1.a01a01a01a01ap-73,                   \
    -0x1.c154f8ddc6c00p-73, 0x1.c062e06d1f209p-80, 0x1.f28e0cc748ebep-87, -0x1.1d8656b0ee8cbp-97 }, \
  { 0x1p+0, -0x1p-1, 0x1.5555555555555p-5, -0x1.6c16c16c16c17p-10,                                \
    0x1.a01a01a01a01ap-16, -0x1.27e4fb7789f5cp-22, 0x1.1eed8eff8d898p-29, -0x1.93974a8c07c9dp-37, \
    0x1.ae7f3e733b81fp-45, -0x1.6827863b97d97p-53, 0x1.e542ba4020225p-62, -0x1.0ce396db7f853p-70, \
    0x1.f2cf01972f578p-80, -0x1.88e85fc6a4e5ap-89 },                                             \
  { 0.0, 0.0, 0x1.5555555555555p-59, 0x1.f49f49f49f49fp-65, 0x1.a01a01a01a01ap-76,                \
    -0x1.cbbc05b4fa99ap-76, -0x1.2aec959e14c06p-83, -0x1.05d6f8a2efd1fp-92, 0x1.1d8656b0ee8cbp-101 }, \
  TRIG_EPS_SC_LOG2, TRIG_EPS_TAN_LOG2 }
/* clang-format on */

/* ---- (R) the reduction ----
 *
 * For finite |x| >= 2^-39 with bits ax (sign cleared): x = m 2^e, m = 2^23 + (ax mod 2^23)
 * (24 bits; ax >= 2^-39 is normal), e = (ax >> 23) - 150 in [-62, 104]. Let theta = 2/pi
 * and s = e - 2 in [-64, 102]. Then x theta / 4 = m 2^s theta.
 *
 * (R1) The window. Let A = frac(2^s theta) when s >= 0 and A = 2^s theta when s < 0; in
 * both cases 2^s theta - A is an integer, so m 2^s theta = m A mod 1 (m is an integer).
 * A = sum_(i >= s+1) b_i 2^(s-i) (the bits b_i, i <= 0, are zero); its 192 leading places
 * A' = sum_(i = s+1 .. s+192) b_i 2^(s-i) satisfy 0 <= A - A' < 2^-192. Bit b_i is bit
 * (63 - (i + 63) mod 64) of word floor((i + 63)/64), so the 192 bits b_(s+1) .. b_(s+192)
 * start at bit 63 - r of word j0, with p = s + 64 in [0, 166], j0 = floor(p/64) in
 * {0, 1, 2}, r = p mod 64, and end in word j0 + 3 <= 5: B_t = (a_t << r) | (a_(t+1) >> (64
 * - r)) (t = 0, 1, 2; the second shift written as >> 1 >> (63 - r), 0 when r = 0) with
 * a_t = word j0 + t. So A' 2^192 = B_0 2^128 + B_1 2^64 + B_2.
 * (R2) The product. F = frac(m A') = (m A' 2^192 mod 2^192) 2^-192, exactly: m B_2 and
 * m B_1 as 128-bit products (< 2^88), m B_0 mod 2^64; the words of the sum mod 2^192 are
 * f0 = lo(m B_2), f1 = lo(m B_1) + hi(m B_2) (carry c), f2 = lo(m B_0) + hi(m B_1) + c
 * (mod 2^64). Then x theta = 4 m 2^s theta = 4n + 4F + 4 m (A - A') for an integer n,
 * with 0 <= 4 m (A - A') < 2^2 2^24 2^-192 = 2^-166.
 * (R3) The quadrant. G = F + 1/8 mod 1 (add 2^61 to f2); k = floor(4G) = the two top bits
 * of G; L = 2^192 (G mod 1/4) < 2^190; R = L - 2^189 in [-2^189, 2^189), a signed
 * integer; f = R 2^-190 in [-1/2, 1/2). Then 4F = k + f (mod 4: 4G = 4F + 1/2 = k + 4(G
 * mod 1/4) and 4(G mod 1/4) = L 2^-190 = f + 1/2), so
 *   x theta = 4n' + k + f + eps0,   0 <= eps0 < 2^-166,
 * n' an integer, and |x| = (4n' + k) pi/2 + z_t with z_t = (f + eps0) pi/2, the true
 * reduced argument; |z_t| <= (1/2 + 2^-166) pi/2.
 * (R4) The magnitude. M = |R| (the 192-bit two's complement negation when R < 0), M <=
 * 2^189, words m2 m1 m0. If m2 < 2^12, |f| < 2^-50 and we return 0 (R5). Otherwise lz =
 * clz(m2) is in [2, 51] and N = M 2^lz has its top bit at 2^191: |f| = N 2^(-190-lz) >=
 * 2^(1-lz). Its words n2, n1 (the shifts by lz and 64 - lz are in [2, 62]): N = n2 2^128
 * + n1 2^64 + (the rest < 2^64). The 106 leading bits of N give
 *   fh = (n2 >> 11) 2^(-51-lz),  fl = ((n2 mod 2^11) 2^42 + (n1 >> 22)) 2^(-104-lz),
 * two integers below 2^53 times powers of two in the normal range: exact. fh + fl is N
 * with its bits below 2^86 dropped: 0 <= |f| - (|fh| + |fl|) < 2^(86-190-lz) =
 * 2^(-104-lz) <= 2^-105 |f|; fh, fl get R's sign. |fl| < 2^(-51-lz) = ulp(fh) <= 2^-52
 * |fh|; |fh| <= 1/2.
 * So with F = fh + fl, f + eps0 = F + e_F, |e_F| <= 2^-105 |f| + 2^-166 <= (2^-105 +
 * 2^-116) |f| (|f| >= 2^-50) and |f| <= |F|/(1 - 2^-105):
 *   |f + eps0 - F| <= rho_F |F|,  rho_F = (2^-105 + 2^-116)/(1 - 2^-105).
 * (R5) Inputs with |f| < 2^-50 would be binary32 numbers within 2^-49 of a nonzero
 * multiple of pi/2 (below 1 the nearest multiple is 0 and |f| = |x| 2/pi >= 2^-40). The
 * exhaustive search of tests/unit/test_trig_reduce.c (test_hard, run by the suite: every
 * binary32 from 1 to 2^128, exact integer arithmetic on bits of 2/pi from MPFR, the
 * candidates measured with MPFR) finds none: the closest is x = 16367173 * 2^72 =
 * 0x1.f37c8ap+95, |x - n pi/2| = 2^-29.2 (|f| = 2^-29.86), the single-precision worst case
 * of the range-reduction literature (Muller, Elementary Functions, ch. 11). So (R5) never
 * returns 0; the test m2 < 2^12 keeps the code correct without that fact.
 * How many bits of 2/pi. The window must give f to 2^-105 relative (R4). Its absolute
 * error 4 m (A - A') < 2^26 2^-W (W bits after 2^s) must be below 2^-105 |f|: with the
 * worst case |f| >= 2^-29.86 that needs W >= 26 + 30 + 105 = 161; with the threshold
 * |f| >= 2^-50 that the code checks, W >= 26 + 50 + 105 = 181 (then 2^-166 <= 2^-116 |f|,
 * the term counted in rho_F). W = 192 covers both. The top of the window is set by the
 * largest exponent: s + 192 <= 294 bits of 2/pi, the five words above.
 * (R6) z = F pi/2. X = |fh P1|.
 *   zh = RN(fh P1);  e1 = RN(fh P1 - zh)   (fma; exact: |fh P1| >= 2^-51 gives no
 *                                            underflow; counted as |e1 - (fh P1 - zh)| <=
 *                                            eta anyway), |fh P1 - zh| <= u X
 *   c = RN(fh P2 + e1)                      (fma) |fh P2 + e1| <= X(P2/P1 + u) + eta =: X c1
 *   zl = RN(fl P1 + c)                      (fma) |fl P1 + c| <= X(2^-52 + c1(1+u)) + eta
 * Z = zh + zl = fh P1 + fh P2 + fl P1 + (rounding errors of e1, c, zl) and F pi/2 =
 * (fh + fl)(P1 + P2 + P3), so |Z - F pi/2| <= |fl P2| + |F P3| + the three errors, all
 * bounded by multiples of X <= |F| pi/2 (fh and fl have the same sign, P1 < pi/2).
 * Hence |Z - z_t| <= rho_Z |z_t| with rho_Z from the test. Also |zl| <= kappa |zh|
 * (|zh| >= X(1 - u)), which bounds zh and zl relative to |z_t|.
 */
struct trig_red {
  int k;          /* quadrant, 0..3 */
  double zh, zl;  /* Z = zh + zl ~ z_t */
  double fh, fl;  /* F = fh + fl ~ f (tests) */
};

/* (R6): Z = zh + zl ~ (fh + fl) pi/2, and F = fh + fl kept for the tests. */
TRIG_HD void trig_z(double fh, double fl, struct trig_red *o) {
  o->fh = fh;
  o->fl = fl;
  const double zh = trig_mul(fh, TRIG_PIO2_1);
  const double e1 = trig_fma(fh, TRIG_PIO2_1, trig_neg(zh));
  const double cc = trig_fma(fh, TRIG_PIO2_2, e1);
  o->zh = zh;
  o->zl = trig_fma(fl, TRIG_PIO2_1, cc);
}

TRIG_HD int trig_reduce(uint32_t ax, struct trig_red *o) {
  const int E = (int)(ax >> 23);
  const uint64_t m = (uint64_t)((ax & 0x7fffffu) | 0x800000u);
  const int p = E - 152 + 64; /* s + 64, s = e - 2, e = E - 150 */
  const int j0 = p >> 6, r = p & 63;
  /* a_t = word j0 + t, by selection (no table in memory) */
  const uint64_t a0 = j0 == 0 ? TRIG_2OPI_0 : j0 == 1 ? TRIG_2OPI_1 : TRIG_2OPI_2;
  const uint64_t a1 = j0 == 0 ? TRIG_2OPI_1 : j0 == 1 ? TRIG_2OPI_2 : TRIG_2OPI_3;
  const uint64_t a2 = j0 == 0 ? TRIG_2OPI_2 : j0 == 1 ? TRIG_2OPI_3 : TRIG_2OPI_4;
  const uint64_t a3 = j0 == 0 ? TRIG_2OPI_3 : j0 == 1 ? TRIG_2OPI_4 : TRIG_2OPI_5;
  const int rr = 63 - r;
  const uint64_t b0 = (a0 << r) | ((a1 >> 1) >> rr);
  const uint64_t b1 = (a1 << r) | ((a2 >> 1) >> rr);
  const uint64_t b2 = (a2 << r) | ((a3 >> 1) >> rr);
  /* (R2) */
  uint64_t h2, l2, h1, l1;
  trig_mul64(m, b2, &h2, &l2);
  trig_mul64(m, b1, &h1, &l1);
  const uint64_t f0 = l2;
  const uint64_t f1 = l1 + h2;
  const uint64_t c = f1 < l1;
  const uint64_t f2 = m * b0 + h1 + c;
  /* (R3) */
  const uint64_t g2 = f2 + (1ull << 61);
  o->k = (int)(g2 >> 62);
  const int64_t rt = (int64_t)(g2 & ((1ull << 62) - 1u)) - (int64_t)(1ull << 61);
  const int negf = rt < 0;
  /* (R4) M = |R| */
  uint64_t m0 = f0, m1 = f1, m2 = (uint64_t)rt;
  if (negf) {
    m0 = ~f0 + 1u;
    const uint64_t c0 = f0 == 0;
    m1 = ~f1 + c0;
    const uint64_t c1 = c0 & (uint64_t)(f1 == 0);
    m2 = ~(uint64_t)rt + c1;
  }
  if (m2 < (1ull << 12)) return 0; /* (R5) */
  const int lz = trig_clz64(m2);
  const uint64_t n2 = (m2 << lz) | (m1 >> (64 - lz));
  const uint64_t n1 = (m1 << lz) | (m0 >> (64 - lz));
  double fh = trig_mul((double)(int64_t)(n2 >> 11), trig_pow2(-51 - lz));
  double fl = trig_mul((double)(int64_t)(((n2 & 0x7ffu) << 42) | (n1 >> 22)), trig_pow2(-104 - lz));
  if (negf) {
    fh = trig_neg(fh);
    fl = trig_neg(fl);
  }
  trig_z(fh, fl, o);
  return 1;
}

/* ---- (P) the polynomials ----
 *
 * (P1) W = Z^2 as a double-double:
 *   wh = RN(zh zh);  we = RN(zh zh - wh) (fma, exact; counted as a rounding);
 *   wl = RN(2zh zl + we)   (fma; 2zh exact)
 * so W = wh + wl = Z^2 - zl^2 + (errors of we, wl), and |W - z_t^2| is bounded from rho_Z,
 * kappa and the maxima of |zh|, |zl| (the test: trig_prove, part P1).
 * (P2) Horner, stage 1 (binary64, coefficients hi_i, i = 13 .. NDD, at wh):
 *   q_13 = hi_13;  q_i = RN(q_(i+1) wh + hi_i)   (fma)
 * (trig_horner takes the degree, 13 = TRIG_DEG here, as a parameter: (P2) and (P3) hold
 * for any degree; reference/shared/bessel_hankel_hd.h runs it on polynomials of degree 5.)
 * With Q_i(W) = sum_(j>=i) c*_j W^(j-i) (c*_j the stored hi_j + lo_j; lo_j = 0 for j >=
 * NDD) and D_i >= |q_i - Q_i(W)|: q_i - Q_i(W) = W(q_(i+1) - Q_(i+1)(W)) - q_(i+1) wl +
 * e_i, |e_i| <= u(|q_(i+1)| |wh| + |hi_i|) + eta, so
 *   D_i <= |W| D_(i+1) + |q_(i+1)| |wl| + |e_i|,  |q_i| <= sum_(j>=i) |c*_j| |W|^(j-i) + D_i.
 * (P3) Stage 2, double-double steps i = NDD-1 .. 0 on the state (h, l), S = h + l,
 * starting from (q_NDD, 0), with D >= |S - Q_(i+1)(W)|:
 *   ph = RN(h wh)                     |ph| <= |h||wh|(1+u) + eta
 *   pe = RN(h wh - ph)  (fma)         e0: |pe - (h wh - ph)| <= u(u|h||wh| + eta) + eta
 *   pm = RN(l wh + pe)  (fma)         e1 <= u(|l||wh| + |pe|) + eta
 *   pl = RN(h wl + pm)  (fma)         e2 <= u(|h||wl| + |pm|) + eta
 *   (sh, se) = Fast2Sum(hi_i, ph)     exact: the test checks max|ph| <= |hi_i|; |se| <=
 *                                     min(|ph|, u|sh| + eta)
 *   tt = RN(lo_i + pl)                e3 <= u(|lo_i| + |pl|) + eta
 *   l' = RN(se + tt), h' = sh         e4 <= u(|se| + |tt|) + eta
 * S' = h' + l' = hi_i + lo_i + ph + (h wh - ph) + l wh + h wl + e0 + .. + e4
 *    = c*_i + S W - l wl + e0 + .. + e4, and Q_i(W) = c*_i + W Q_(i+1)(W):
 *   D' <= |W| D + |l||wl| + |e0| + .. + |e4|.
 * (P4) At the end S_0 = h + l: |S_0 - P(z_t^2)| <= D_0 + L |W - z_t^2| + sum_i |c*_i -
 * c_i| wmax^i + (Lagrange remainder), with L >= max |Q_0'| on the segment (sum_i i|c*_i|
 * wmax^(i-1)), P the series (sin z/z or cos z) and wmax >= |W|, z_t^2.
 * (P5) sin: (yh, yl) = Z S_0:  yh = RN(zh h); ye = RN(zh h - yh) (fma);
 *   ym = RN(zh l + ye) (fma); yl = RN(zl h + ym) (fma); (vh, vl) = TwoSum(yh, yl).
 *   V = vh + vl = Z S_0 - zl l + (errors), and |V - z_t P_s(z_t^2)| <= |Z - z_t||S_0| +
 *   |z_t||S_0 - P_s| + |zl l| + errors. Divided by |z_t| (all errors are relative or eta,
 *   and |z_t| >= 2^-50 pi/2 (1 - 2^-116)), then by min |sin z/z| = sin(zmax)/zmax: rho_s.
 *   cos: (vh, vl) = TwoSum(h, l): |V - cos z_t| <= the bound of (P4), divided by
 *   cos(zmax): rho_c.
 * (P6) tan: N/D with (N, D) = (sin, cos) for k even and (cos, sin) for k odd (then negated),
 *   both normalized by TwoSum (|nl| <= u|nh|, |dl| <= u|dh|), relative errors rho_N,
 *   rho_D:
 *     q1 = RN(nh/dh);  r = RN(nh - q1 dh) (fma; |nh - q1 dh| <= u|nh|);  r2 = RN(r + nl);
 *     r3 = RN(r2 - q1 dl) (fma);  q2 = RN(r3/dh);  (vh, vl) = TwoSum(q1, q2).
 *   N/D = q1 + rho/D with rho = nh - q1 dh + nl - q1 dl, |rho| <= (3u + u^2)|nh|; r3 = rho
 *   + (errors of r, r2, r3) and |q2 - rho/D| <= err(q2) + errors/|dh| + |rho/D||dl/dh|;
 *   everything in units of |nh/dh| <= |N/D|(1+u)/(1-u). With the errors of N and D,
 *   rho_t = (1 + (rho_N + rho_D)/(1 - rho_D))(1 + rho_div) - 1.
 */
TRIG_HD void trig_horner(const double *hi, const double *lo, const int deg, const int ndd, double wh, double wl,
                         double *h0, double *l0) {
  double q = hi[deg];
  TRIG_UNROLL
  for (int i = deg - 1; i >= ndd; i--) q = trig_fma(q, wh, hi[i]); /* (P2) */
  double h = q, l = 0.0;
  TRIG_UNROLL
  for (int i = ndd - 1; i >= 0; i--) { /* (P3) */
    const double ph = trig_mul(h, wh);
    const double pe = trig_fma(h, wh, trig_neg(ph));
    const double pm = trig_fma(l, wh, pe);
    const double pl = trig_fma(h, wl, pm);
    const double sh = trig_add(hi[i], ph); /* Fast2Sum(hi_i, ph) */
    const double se = trig_sub(ph, trig_sub(sh, hi[i]));
    l = trig_add(se, trig_add(lo[i], pl));
    h = sh;
  }
  *h0 = h;
  *l0 = l;
}

/* sin z (want_cos = 0) or cos z (want_cos = 1), normalized by TwoSum: vh = RN(vh + vl). */
TRIG_HD void trig_sincos_dd(const struct trig_poly *P, int want_cos, double zh, double zl, double wh, double wl,
                            double *vh, double *vl) {
  double h, l;
  if (want_cos) {
    trig_horner(P->c_hi, P->c_lo, TRIG_DEG, TRIG_C_NDD, wh, wl, &h, &l);
    trig_two_sum(h, l, vh, vl);
    return;
  }
  trig_horner(P->s_hi, P->s_lo, TRIG_DEG, TRIG_S_NDD, wh, wl, &h, &l);
  const double yh = trig_mul(zh, h);
  const double ye = trig_fma(zh, h, trig_neg(yh));
  const double ym = trig_fma(zh, l, ye);
  const double yl = trig_fma(zl, h, ym);
  trig_two_sum(yh, yl, vh, vl);
}

/* ---- (T) the rounding test ----
 * Input: V = vh + vl exactly, vh = RN(V) (TwoSum), |V - g| <= rho |g| for the true value g
 * (up to sign), rho <= the proved bound, EPS = 2^eps_log2 >= rho (1 + u)/(1 - rho). Then
 * |g| <= |V|/(1 - rho) <= |vh|(1 + u)/(1 - rho) and |V - g| <= EPS |vh| = eps (exact: a
 * power-of-two scaling; 2^-53 <= |vh| < 2^53 so eps is normal).
 * Y = vh is a binary64 number (2^-60 < |vh| < 2^60: normal, far from overflow); its
 * neighbour on the side of vl is at ulp(vh) = 2^(ex-52), except towards zero from a power
 * of two, where it is at ulp(vh)/2; h = half that distance is built from vh's exponent
 * bits (normal). g = Y + vl + d with |d| <= eps:
 *   |vl| > eps:             g - Y has the sign of vl and is nonzero: t = sign(Y - g) =
 *                           -sign(vl);
 *   RN(|vl| + eps) < h:     |vl| + eps < h (RN is monotone, h is a binary64 number), so
 *                           |g - Y| < h: g lies strictly between Y and the midpoint to the
 *                           neighbour on vl's side, and on that side; RN53(g) = Y.
 * In the normal range MPFR (with emin = -1073, emax = 1024, subnormalize) rounds to
 * nearest like binary64, so (Y, t) is its pair. */
TRIG_HD int trig_round(double vh, double vl, int eps_log2, double *y, int *t) {
  const double avh = trig_abs(vh);
  if (!(avh >= 0x1p-60 && avh < 0x1p60)) return 0; /* never happens; also rejects NaN */
  const double eps = trig_mul(avh, trig_pow2(eps_log2));
  const double avl = trig_abs(vl);
  if (!(avl > eps)) return 0;
  const uint64_t vb = d2u(vh);
  const uint64_t ex = vb & 0x7ff0000000000000ull;
  const int toward_zero = (vl < 0.0) != (vh < 0.0);
  const int pow2 = (vb & 0x000fffffffffffffull) == 0u;
  const uint64_t gsh = (toward_zero && pow2) ? 54u : 53u;
  const double h = u2d(ex - (gsh << 52));
  if (!(trig_add(avl, eps) < h)) return 0;
  *y = vh;
  *t = vl > 0.0 ? -1 : 1;
  return 1;
}

/* ---- the whole computation, with the constants as a parameter (the tests perturb them) ---- */
/* sin, cos or tan of x (sign bit of xb) from its reduction rd of |x| ((R3) to (R6)): (P),
 * (T) and the signs. */
TRIG_HD int trig_finish_p(const struct trig_poly *P, const struct trig_red rd, uint32_t xb, int fn, double *y,
                          int *t) {
  const int k = rd.k;
  const double zh = rd.zh, zl = rd.zl;
  /* (P1) */
  const double wh = trig_mul(zh, zh);
  const double we = trig_fma(zh, zh, trig_neg(wh));
  const double wl = trig_fma(trig_add(zh, zh), zl, we);
  double vh, vl;
  int neg, eps_log2;
  if (fn != TRIG_TAN) {
    /* sin|x|: k = 0 sin z, 1 cos z, 2 -sin z, 3 -cos z; cos|x|: the same with k + 1 */
    const int kk = (k + (fn == TRIG_COS)) & 3;
    trig_sincos_dd(P, kk & 1, zh, zl, wh, wl, &vh, &vl);
    neg = (kk >> 1) ^ (fn == TRIG_SIN && (xb >> 31));
    eps_log2 = P->eps_sc_log2;
  } else {
    double sh, sl, ch, cl;
    trig_sincos_dd(P, 0, zh, zl, wh, wl, &sh, &sl);
    trig_sincos_dd(P, 1, zh, zl, wh, wl, &ch, &cl);
    const int odd = k & 1;
    const double nh = odd ? ch : sh, nl = odd ? cl : sl;
    const double dh = odd ? sh : ch, dl = odd ? sl : cl;
    /* (P6) */
    const double q1 = trig_div(nh, dh);
    const double r = trig_fma(trig_neg(q1), dh, nh);
    const double r2 = trig_add(r, nl);
    const double r3 = trig_fma(trig_neg(q1), dl, r2);
    const double q2 = trig_div(r3, dh);
    trig_two_sum(q1, q2, &vh, &vl);
    neg = odd ^ (int)(xb >> 31);
    eps_log2 = P->eps_tan_log2;
  }
  double yy;
  int tt;
  if (!trig_round(vh, vl, eps_log2, &yy, &tt)) return 0;
  if (neg) {
    yy = trig_neg(yy);
    tt = -tt;
  }
  *y = yy;
  *t = tt;
  return 1;
}

TRIG_HD int trig_large_p(const struct trig_poly *P, uint32_t xb, int fn, double *y, int *t) {
  const uint32_t ax = xb & 0x7fffffffu;
  if (ax >= 0x7f800000u || ax < TRIG_MIN_BITS) return 0;
  struct trig_red rd;
  if (!trig_reduce(ax, &rd)) return 0;
  return trig_finish_p(P, rd, xb, fn, y, t);
}

/* The production entry point: the constants above. */
TRIG_HD int trig_large(uint32_t xb, int fn, double *y, int *t) {
#if defined(__CUDA_ARCH__)
  const struct trig_poly P = TRIG_POLY_INIT;
#else
  static const struct trig_poly P = TRIG_POLY_INIT;
#endif
  return trig_large_p(&P, xb, fn, y, t);
}

/* sin(pi x) (fn = TRIG_SIN) or cos(pi x) (TRIG_COS) for x >= 0 with bits xb in
 * [2^10, 2^23), 2x not an integer, with MPFR's pair (mpfr_sinpi, mpfr_cospi), or 0.
 * (H) The reduction is exact: x has 24 significant bits and 2x < 2^24 is a binary64 number
 * of ulp >= 2^-12 (x >= 2^10); n = floor(2x) and f = 2x - n are exact, and with f >= 1/2
 * replaced by f - 1 and n by n + 1 (exact), 2x = n + f, f in [-1/2, 1/2), f a nonzero
 * multiple of 2^-12: 2^-12 <= |f| <= 1/2. Then pi x = n pi/2 + f pi/2 is (R3)'s situation
 * with k = n mod 4, z_t = f pi/2 exactly (eps0 = 0), and (R4)'s F with fh = f, fl = 0 and
 * e_F = 0 (within rho_F |F|; (R5)'s |f| >= 2^-50 holds). (R6), (P), (T) and the signs
 * (x >= 0) follow as for trig_large, word for word: the same pair or 0. */
TRIG_HD int trig_halfturns(uint32_t xb, int fn, double *y, int *t) {
  if (xb < 0x44800000u || xb >= 0x4b000000u) return 0; /* x outside [2^10, 2^23), or negative */
  const double two = trig_mul(2.0, (double)u2f(xb));
  int64_t n = (int64_t)two; /* floor: two > 0 */
  double f = trig_sub(two, (double)n);
  if (f == 0.0) return 0; /* an exact case: the caller's */
  if (f >= 0.5) f = trig_sub(f, 1.0), n++;
  struct trig_red rd;
  rd.k = (int)(n & 3);
  trig_z(f, 0.0, &rd);
#if defined(__CUDA_ARCH__)
  const struct trig_poly P = TRIG_POLY_INIT;
#else
  static const struct trig_poly P = TRIG_POLY_INIT;
#endif
  return trig_finish_p(&P, rd, xb, fn, y, t);
}

#endif
