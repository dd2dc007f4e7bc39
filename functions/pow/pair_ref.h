/* pair_ref.h: the fast reference of pow(a, b) = a^b (reference/shared/pair_hd.h's contract; mpfr_pow's
 * special values, C99 Annex F: pow(a, +-0) = 1 and pow(+1, b) = 1 even with a NaN;
 * otherwise a NaN operand gives NaN; pow(+-0, b) is +-inf (b a negative odd integer),
 * +inf (other b < 0), +-0 (b a positive odd integer), +0 (other b > 0); pow(-1, +-inf) = 1;
 * pow(a, -inf) is +inf for |a| < 1 and +0 for |a| > 1, pow(a, +inf) the reverse;
 * pow(-inf, b) is -0, +0, -inf, +inf as pow(-0, 1/b) would say; pow(+inf, b) is +0 for
 * b < 0, +inf for b > 0; a negative finite a and a finite non-integer b give NaN; the
 * infinities of zero bases are exact).
 *
 * Finite non-zero a and b, |a| = m 2^e with m odd:
 *  (X) exact results. a^b is a binary64 number or a midpoint between two (a dyadic
 *      rational of at most 54 significant bits) only when it is a dyadic rational; for
 *      b = n an integer, m^n 2^(en) is one when n >= 0 and for n < 0 only when m = 1;
 *      for b = n/2 with n odd, a^b = sqrt(a)^n is one only when m is a perfect square
 *      and e is even (then sqrt(a) = r 2^(e/2)); for m = 1, a^b = 2^(eb) is one exactly
 *      when eb is an integer. These are decided exactly (pow_round: integer arithmetic)
 *      when the integer m^n (or r^n) stays below 2^54, and otherwise cannot be binary64
 *      numbers or midpoints: an odd integer of 55 bits or more times a power of two is
 *      neither at any binary64 quantum of 2^-1075 or coarser in range (subnormal results
 *      included: there m^n 2^E < 2^-1022 forces E <= -1077). Other dyadic results (m a
 *      perfect 4th, 8th ... power) are left to Ziv's test, which leaves them undecided.
 *  (L) log2|a| = E + log2(c) + (2/ln 2) atanh(s), |a| = f 2^E with f in [0.70, 1.42],
 *      c = k/64 the nearest (k in 45 .. 91), s = (f - c)/(f + c), |s| <= 2^-7.4: f - c
 *      and f + c are exact (at most 26 significant bits), s = sh + sl within 2^-106;
 *      atanh(s) = s P(s^2), P(w) = sum_(i=0..6) w^i/(2i+1) + R, 0 <= R <= w^7/(15 (1 - w))
 *      < 2^-106.9: Horner in double-double (dd_mul 4u^2, dd_add 3.03u^2 per step on
 *      values near 1; 1/3, 1/5, 1/7 as double-doubles, 1/9 .. 1/13 binary64 on terms
 *      below 2^-59): P within 2^-100.8, atanh(s) within 2^-100.5, times 2/ln 2 (a
 *      double-double within 2^-106): 2^-100.3. log2(c) from the table (within 2^-106,
 *      checked by the test). The sum's condition: for E = 0 and c != 1, |log2 f| >=
 *      log2(1 + 1/128) > 2^-6.5 and the terms' magnitudes add to at most |log2 f| +
 *      2^-4.97, a condition below 3.9; for E != 0, |E| >= 1 >= 2 |log2 f|: below 3.1. With
 *      two dd_add: log2|a| = Lh + Ll within 2^-98.2 relative.
 *  (T) t = b log2|a| by dd_mul: within 2^-98.1 relative. Beyond 1025 the result
 *      overflows (+-inf, t = sign), below -1077 it rounds to +-0 (it is below 2^-1076, a
 *      quarter of the smallest subnormal); in (1023, 1025] (results near binary64's
 *      largest) MPFR decides. Else |t| <= 1077 and t's absolute error is at most 2^-88.
 *  (E) 2^t = 2^K 2^(j/64) exp(g): N = round(64 th), j = N mod 64, F = (th - N/64) + tl
 *      (th - N/64 exact by Sterbenz, |F| <= 2^-7 + 2^-50), g = F ln 2 (dd_mul with ln 2
 *      within 2^-106): |g| < 2^-7.5, absolute error 2^-88.5 + 2^-110. exp(g) =
 *      sum_(i=0..10) g^i/i! + R, |R| < 2^-108: 1/2! .. 1/5! double-double, 1/6! .. 1/10!
 *      binary64 (terms below 2^-54: 2^-106 absolute), Horner in double-double: within
 *      2^-100 relative, plus g's error: 2^-88.4. Times 2^(j/64) (table within 2^-106,
 *      dd_mul 4u^2), brought into [1, 2) by an exact doubling or halving: R = rh + rl
 *      within 2^-88.3 relative, and the result is R 2^K, never scaled (pow_ziv rounds at
 *      the quantum of R 2^K, subnormal results included). For |t| < 2^-20 the result is
 *      within about |t| of 1 and pow_near1 keeps the error relative to t instead.
 * eps = 2^-86 rh bounds the total with room; Ziv's test at the quantum (pow_ziv) decides. Outside (X),
 * a^b is not a binary64 number nor a midpoint, so undecided pairs are the rare ones
 * within eps of a rounding boundary and (X)'s leftover dyadic cases. */
#include "reference/shared/pair_hd.h"

#define POW_LN2_H 0x1.62e42fefa39efp-1
#define POW_LN2_L 0x1.abc9e3b39803fp-56
#define POW_2OLN2_H 0x1.71547652b82fep+1
#define POW_2OLN2_L 0x1.777d0ffda0d24p-55
#define POW_C3_H 0x1.5555555555555p-2 /* 1/3, 1/5, 1/7 */
#define POW_C3_L 0x1.5555555555555p-56
#define POW_C5_H 0x1.999999999999ap-3
#define POW_C5_L -0x1.999999999999ap-57
#define POW_C7_H 0x1.2492492492492p-3
#define POW_C7_L 0x1.2492492492492p-57
#define POW_F3_H 0x1.5555555555555p-3 /* 1/3!, 1/4!, 1/5! */
#define POW_F3_L 0x1.5555555555555p-57
#define POW_F4_H 0x1.5555555555555p-5
#define POW_F4_L 0x1.5555555555555p-59
#define POW_F5_H 0x1.1111111111111p-7
#define POW_F5_L 0x1.1111111111111p-63

/* log2(k/64), k = 45 .. 91, and 2^(j/64), j = 0 .. 63, as RN(v) + RN(v - RN(v)) (MPFR;
 * test_pow.c checks every entry) */
REF_HD void pow_log2_table(int k, double *h, double *l) {
  static const double T[47][2] = {
      {-0x1.042bd4b9a7c99p-1, 0x1.9c32630008a1fp-55},
      {-0x1.e7df5fe538ab3p-2, -0x1.3bed456b24ed1p-56},
      {-0x1.c819dc2d45fe4p-2, -0x1.c4aec56233279p-57},
      {-0x1.a8ff971810a5ep-2, -0x1.817fd3b7d7e5dp-58},
      {-0x1.8a8980abfbd32p-2, -0x1.99aa6df8b7d83p-56},
      {-0x1.6cb0f6865c8eap-2, -0x1.b6d40900b2502p-61},
      {-0x1.4f6fbb2cec598p-2, -0x1.e393a16b94b52p-56},
      {-0x1.32bfee370ee68p-2, -0x1.968925e378d68p-56},
      {-0x1.169c05363f158p-2, -0x1.c8d43e017579bp-56},
      {-0x1.f5fd8a9063e35p-3, 0x1.bdc0426c3c274p-57},
      {-0x1.bfc67a7fff4ccp-3, -0x1.bc0af7b82e7d7p-61},
      {-0x1.8a8980abfbd32p-3, -0x1.99aa6df8b7d83p-57},
      {-0x1.563dc29ffacb2p-3, -0x1.90e41bca6ef96p-60},
      {-0x1.22dadc2ab3497p-3, 0x1.696e2866c718ep-58},
      {-0x1.e0b1ae8f2fd56p-4, -0x1.92ce9636c90ap-58},
      {-0x1.7d60496cfbb4cp-4, -0x1.9ced1447e30adp-58},
      {-0x1.1bb32a600549dp-4, -0x1.98c5452bbce74p-61},
      {-0x1.77394c9d958d5p-5, -0x1.77970e03f821cp-59},
      {-0x1.743ee861f3556p-6, -0x1.b2a41b08fbe06p-61},
      {0x0p+0, 0x0p+0},
      {0x1.6e79685c2d22ap-6, -0x1.d6476077b9fbdp-60},
      {0x1.6bad3758efd87p-5, 0x1.89b03784b5be1p-60},
      {0x1.0eb389fa29f9bp-4, -0x1.30c22d15199b8p-58},
      {0x1.663f6fac91316p-4, 0x1.f3314e0985116p-58},
      {0x1.bc84240adabbap-4, 0x1.8ecb169b9465fp-58},
      {0x1.08c588cda79e4p-3, -0x1.a7610e40bd6abp-57},
      {0x1.32ae9e278ae1ap-3, 0x1.f51f2c075a74cp-59},
      {0x1.5c01a39fbd688p-3, -0x1.817fd3b7d7e5dp-57},
      {0x1.84c2bd02f03b3p-3, -0x1.16edb88c4e2b5p-62},
      {0x1.acf5e2db4ec94p-3, -0x1.01ee1343fe7cap-59},
      {0x1.d49ee4c32597p-3, -0x1.b85a54d7ee2fdp-58},
      {0x1.fbc16b902680ap-3, 0x1.1d46ccc53c278p-58},
      {0x1.11307dad30b76p-2, -0x1.a7b47d2c352d9p-57},
      {0x1.24407ab0e073ap-2, -0x1.f6e91ad16ecffp-56},
      {0x1.37124cea4cdedp-2, -0x1.3376649b4fc09p-57},
      {0x1.49a784bcd1b8bp-2, -0x1.b6d40900b2502p-62},
      {0x1.5c01a39fbd688p-2, -0x1.817fd3b7d7e5dp-56},
      {0x1.6e221cd9d0cdep-2, 0x1.5e35482d13dc1p-56},
      {0x1.800a563161c54p-2, 0x1.9575b04fa6fbdp-57},
      {0x1.91bba891f1709p-2, -0x1.2d352bea51e59p-56},
      {0x1.a33760a7f6051p-2, -0x1.8a0efca1a184fp-56},
      {0x1.b47ebf73882a1p-2, -0x1.6fae441c09d76p-56},
      {0x1.c592fad295b56p-2, 0x1.f9fb952bbbcccp-56},
      {0x1.d6753e032ea0fp-2, -0x1.c141e66faaaadp-62},
      {0x1.e726aa1e754d2p-2, 0x1.8a33c25e8e226p-59},
      {0x1.f7a8568cb06cfp-2, -0x1.8f3673ffdd785p-57},
      {0x1.03fda8b97997fp-1, 0x1.9ca1a3202b3d7p-56}};
  *h = T[k - 45][0], *l = T[k - 45][1];
}
REF_HD void pow_exp2_table(int j, double *h, double *l) {
  static const double T[64][2] = {
      {0x1p+0, 0x0p+0},
      {0x1.02c9a3e778061p+0, -0x1.19083535b085dp-56},
      {0x1.059b0d3158574p+0, 0x1.d73e2a475b465p-55},
      {0x1.0874518759bc8p+0, 0x1.186be4bb284ffp-57},
      {0x1.0b5586cf9890fp+0, 0x1.8a62e4adc610bp-54},
      {0x1.0e3ec32d3d1a2p+0, 0x1.03a1727c57b53p-59},
      {0x1.11301d0125b51p+0, -0x1.6c51039449b3ap-54},
      {0x1.1429aaea92dep+0, -0x1.32fbf9af1369ep-54},
      {0x1.172b83c7d517bp+0, -0x1.19041b9d78a76p-55},
      {0x1.1a35beb6fcb75p+0, 0x1.e5b4c7b4968e4p-55},
      {0x1.1d4873168b9aap+0, 0x1.e016e00a2643cp-54},
      {0x1.2063b88628cd6p+0, 0x1.dc775814a8495p-55},
      {0x1.2387a6e756238p+0, 0x1.9b07eb6c70573p-54},
      {0x1.26b4565e27cddp+0, 0x1.2bd339940e9d9p-55},
      {0x1.29e9df51fdee1p+0, 0x1.612e8afad1255p-55},
      {0x1.2d285a6e4030bp+0, 0x1.0024754db41d5p-54},
      {0x1.306fe0a31b715p+0, 0x1.6f46ad23182e4p-55},
      {0x1.33c08b26416ffp+0, 0x1.32721843659a6p-54},
      {0x1.371a7373aa9cbp+0, -0x1.63aeabf42eae2p-54},
      {0x1.3a7db34e59ff7p+0, -0x1.5e436d661f5e3p-56},
      {0x1.3dea64c123422p+0, 0x1.ada0911f09ebcp-55},
      {0x1.4160a21f72e2ap+0, -0x1.ef3691c309278p-58},
      {0x1.44e086061892dp+0, 0x1.89b7a04ef80dp-59},
      {0x1.486a2b5c13cdp+0, 0x1.3c1a3b69062fp-56},
      {0x1.4bfdad5362a27p+0, 0x1.d4397afec42e2p-56},
      {0x1.4f9b2769d2ca7p+0, -0x1.4b309d25957e3p-54},
      {0x1.5342b569d4f82p+0, -0x1.07abe1db13cadp-55},
      {0x1.56f4736b527dap+0, 0x1.9bb2c011d93adp-54},
      {0x1.5ab07dd485429p+0, 0x1.6324c054647adp-54},
      {0x1.5e76f15ad2148p+0, 0x1.ba6f93080e65ep-54},
      {0x1.6247eb03a5585p+0, -0x1.383c17e40b497p-54},
      {0x1.6623882552225p+0, -0x1.bb60987591c34p-54},
      {0x1.6a09e667f3bcdp+0, -0x1.bdd3413b26456p-54},
      {0x1.6dfb23c651a2fp+0, -0x1.bbe3a683c88abp-57},
      {0x1.71f75e8ec5f74p+0, -0x1.16e4786887a99p-55},
      {0x1.75feb564267c9p+0, -0x1.0245957316dd3p-54},
      {0x1.7a11473eb0187p+0, -0x1.41577ee04992fp-55},
      {0x1.7e2f336cf4e62p+0, 0x1.05d02ba15797ep-56},
      {0x1.82589994cce13p+0, -0x1.d4c1dd41532d8p-54},
      {0x1.868d99b4492edp+0, -0x1.fc6f89bd4f6bap-54},
      {0x1.8ace5422aa0dbp+0, 0x1.6e9f156864b27p-54},
      {0x1.8f1ae99157736p+0, 0x1.5cc13a2e3976cp-55},
      {0x1.93737b0cdc5e5p+0, -0x1.75fc781b57ebcp-57},
      {0x1.97d829fde4e5p+0, -0x1.d185b7c1b85d1p-54},
      {0x1.9c49182a3f09p+0, 0x1.c7c46b071f2bep-56},
      {0x1.a0c667b5de565p+0, -0x1.359495d1cd533p-54},
      {0x1.a5503b23e255dp+0, -0x1.d2f6edb8d41e1p-54},
      {0x1.a9e6b5579fdbfp+0, 0x1.0fac90ef7fd31p-54},
      {0x1.ae89f995ad3adp+0, 0x1.7a1cd345dcc81p-54},
      {0x1.b33a2b84f15fbp+0, -0x1.2805e3084d708p-57},
      {0x1.b7f76f2fb5e47p+0, -0x1.5584f7e54ac3bp-56},
      {0x1.bcc1e904bc1d2p+0, 0x1.23dd07a2d9e84p-55},
      {0x1.c199bdd85529cp+0, 0x1.11065895048ddp-55},
      {0x1.c67f12e57d14bp+0, 0x1.2884dff483cadp-54},
      {0x1.cb720dcef9069p+0, 0x1.503cbd1e949dbp-56},
      {0x1.d072d4a07897cp+0, -0x1.cbc3743797a9cp-54},
      {0x1.d5818dcfba487p+0, 0x1.2ed02d75b3707p-55},
      {0x1.da9e603db3285p+0, 0x1.c2300696db532p-54},
      {0x1.dfc97337b9b5fp+0, -0x1.1a5cd4f184b5cp-54},
      {0x1.e502ee78b3ff6p+0, 0x1.39e8980a9cc8fp-55},
      {0x1.ea4afa2a490dap+0, -0x1.e9c23179c2893p-54},
      {0x1.efa1bee615a27p+0, 0x1.dc7f486a4b6bp-54},
      {0x1.f50765b6e454p+0, 0x1.9d3e12dd8a18bp-54},
      {0x1.fa7c1819e90d8p+0, 0x1.74853f3a5931ep-55}
};
  *h = T[j][0], *l = T[j][1];
}

/* b finite: 0 not an integer, 1 an even integer (zero included), 2 an odd integer */
REF_HD int pow_int_kind(uint32_t b) {
  const int ex = (int)((b >> 23) & 0xff) - 127;
  if ((b & 0x7fffffffu) == 0 || ex >= 24) return 1;
  if (ex < 0) return 0;
  const uint32_t m = (b & 0x7fffffu) | 0x800000u, fr = 23 - (uint32_t)ex;
  if (m & ((1u << fr) - 1)) return 0;
  return (m >> fr) & 1 ? 2 : 1;
}

/* (y, t) of the exact value (neg ? -1 : 1) M 2^E, 1 <= M <= 2^54, rounded to nearest even
 * at binary64's precision and quantum (2^-1074), +-inf beyond the range. */
REF_HD void pow_round(uint64_t M, int64_t E, int neg, double *y, int *t) {
  const int bits = ref_bitlen64(M); /* M's significant bits */
  int64_t s = bits > 53 ? bits - 53 : 0; /* bits dropped */
  if (E + s < -1074) s = -1074 - E;
  double v;
  int up = 0, exact = 1;
  if (s >= 62) { /* below a quarter of the smallest subnormal: 0 */
    v = 0, exact = 0;
  } else {
    uint64_t q = M >> s;
    const uint64_t rem = M - (q << s), half = s ? 1ull << (s - 1) : 0;
    exact = rem == 0;
    if (s && (rem > half || (rem == half && (q & 1)))) q++, up = 1;
    v = ldexp((double)q, (int)(E + s)); /* exact, or inf from 2^1024 up (|E| <= 2000 here) */
    if (v == REF_INF) up = 1, exact = 0;
  }
  *y = neg ? -v : v;
  *t = exact ? 0 : (up ? 1 : -1) * (neg ? -1 : 1);
}

/* M = r^n for r odd, 1 <= n, when it is at most 2^54 (1), else 0 */
REF_HD int pow_ipow(uint64_t r, int64_t n, uint64_t *M) {
  const uint64_t lim = (1ull << 54) / r; /* v r <= 2^54 exactly when v <= lim */
  uint64_t v = 1;
  for (int64_t i = 0; i < n; i++) {
    if (v > lim) return 0;
    v *= r;
  }
  *M = v;
  return 1;
}

REF_HD int pow_special(uint32_t a, uint32_t b, double *y, int *t) {
  *t = 0;
  const int ik = pr_isinf(b) || pr_isnan(b) ? 0 : pow_int_kind(b), an = (a & REF_SIGN32) != 0, bn = (b & REF_SIGN32) != 0;
  if (pr_iszero(b) || a == 0x3f800000u) *y = 1.0;
  else if (pr_isnan(a) || pr_isnan(b)) *y = REF_NAN;
  else if (pr_iszero(a) || pr_isinf(a)) { /* 0^b = 1/inf^b */
    const double mag = (pr_iszero(a) == bn) ? REF_INF : 0.0;
    *y = (an && ik == 2) ? -mag : mag;
  } else if (pr_isinf(b)) {
    const double ax = fabs((double)u2f(a));
    *y = ax == 1.0 ? 1.0 : ((ax < 1.0) == bn ? REF_INF : 0.0);
  } else if (an && ik == 0) *y = REF_NAN;
  else return 0;
  return 1;
}

/* (X): the exact cases; 1 when decided */
REF_HD int pow_exact(uint32_t a, uint32_t b, int neg, double *y, int *t) {
  uint32_t A;
  int e;
  pr_split(a, &A, &e);
  const int tz = ref_ctz32(A);
  const uint64_t m = A >> tz;
  e += tz;
  const double bv = (double)u2f(b);
  uint64_t M;
  if (m == 1) { /* |a| = 2^e: 2^(e b), e b exact in binary64 (9 + 24 bits) */
    const double z = ref_mul((double)e, bv);
    if (z != floor(z)) return 0;
    if (z > 1100 || z < -1100) {
      pow_round(1, z > 0 ? 2000 : -2000, neg, y, t);
      return 1;
    }
    pow_round(1, (int64_t)z, neg, y, t);
    return 1;
  }
  if (pow_int_kind(b) && bv > 0 && bv <= 54) {
    if (!pow_ipow(m, (int64_t)bv, &M)) return 0;
    pow_round(M, (int64_t)e * (int64_t)bv, neg, y, t);
    return 1;
  }
  const double b2 = ref_add(bv, bv); /* b = n/2, n odd, n > 0: sqrt(|a|)^n */
  if (b2 > 0 && b2 <= 54 && b2 == floor(b2) && ref_sub(b2, ref_mul(2.0, floor(ref_mul(b2, 0.5)))) == 1.0 &&
      (e & 1) == 0) { /* b2 odd (exact: b2 <= 54) */
    const uint64_t r = (uint64_t)sqrt((double)m);
    if (r * r != m || !pow_ipow(r, (int64_t)b2, &M)) return 0;
    pow_round(M, (int64_t)(e / 2) * (int64_t)b2, neg, y, t);
    return 1;
  }
  return 0;
}

/* (L): log2|a| as a double-double */
REF_HD void pow_log2(uint32_t a, double *lh, double *ll) {
  int E;
  double f = frexp(fabs((double)u2f(a)), &E); /* [1/2, 1) */
  if (f < 0.7071067811865476) f = ref_add(f, f), E--;
  const int k = (int)floor(ref_add(ref_mul(f, 64.0), 0.5));
  const double c = ref_mul((double)k, 0x1p-6), ns = ref_sub(f, c), ds = ref_add(f, c);
  const double sh = ref_div(ns, ds), sl = ref_div(ref_fma(-sh, ds, ns), ds);
  double wh, wl, ph, pl, th, tl;
  dd_mul(sh, sl, sh, sl, &wh, &wl);
  ph = ref_add(1.0 / 9.0, ref_mul(wh, ref_add(1.0 / 11.0, ref_mul(wh, 1.0 / 13.0)))), pl = 0;
  static const double C[4][2] = {{1.0, 0.0}, {POW_C3_H, POW_C3_L}, {POW_C5_H, POW_C5_L}, {POW_C7_H, POW_C7_L}};
  for (int i = 3; i >= 0; i--) {
    dd_mul(wh, wl, ph, pl, &ph, &pl);
    dd_add(C[i][0], C[i][1], ph, pl, &ph, &pl);
  }
  dd_mul(sh, sl, ph, pl, &th, &tl);
  dd_mul(th, tl, POW_2OLN2_H, POW_2OLN2_L, &th, &tl);
  double ch, cl;
  pow_log2_table(k, &ch, &cl);
  dd_add(ch, cl, th, tl, &th, &tl);
  dd_add((double)E, 0.0, th, tl, lh, ll);
}

/* (E): 2^(th + tl) = (rh + rl) 2^K with rh + rl in [1, 2) (a double-double, unscaled:
 * the rounding test below works at the result's quantum, subnormal ones included) */
REF_HD void pow_exp2(double th, double tl, double *rh, double *rl, int *K) {
  const double N = floor(ref_add(ref_mul(th, 64.0), 0.5));
  int k = (int)floor(ref_mul(N, 0x1p-6));
  const int j = (int)(N - 64.0 * k);
  double fh, fl, gh, gl, ph, pl;
  dd_fast2sum(ref_sub(th, ref_mul(N, 0x1p-6)), tl, &fh, &fl);
  dd_mul(fh, fl, POW_LN2_H, POW_LN2_L, &gh, &gl);
  ph = ref_add(0x1.6c16c16c16c17p-10,
               ref_mul(gh, ref_add(0x1.a01a01a01a01ap-13,
                                   ref_mul(gh, ref_add(0x1.a01a01a01a01ap-16,
                                                       ref_mul(gh, ref_add(0x1.71de3a556c734p-19,
                                                                           ref_mul(gh, 0x1.27e4fb7789f5cp-22))))))));
  pl = 0;
  static const double C[6][2] = {{1.0, 0.0}, {1.0, 0.0}, {0.5, 0.0}, {POW_F3_H, POW_F3_L}, {POW_F4_H, POW_F4_L},
                                 {POW_F5_H, POW_F5_L}};
  for (int i = 5; i >= 0; i--) {
    dd_mul(gh, gl, ph, pl, &ph, &pl);
    dd_add(C[i][0], C[i][1], ph, pl, &ph, &pl);
  }
  double eh, el;
  pow_exp2_table(j, &eh, &el);
  dd_mul(eh, el, ph, pl, &ph, &pl);
  if (ph < 1.0) ph = ref_add(ph, ph), pl = ref_add(pl, pl), k--; /* exact scalings */
  if (ph >= 2.0) ph = ref_mul(ph, 0.5), pl = ref_mul(pl, 0.5), k++;
  *rh = ph, *rl = pl, *K = k;
}

/* Ziv's test at the result's quantum: the value is (rh + rl) 2^K (rh in [1, 2), rl within
 * half an ulp of rh, and no underflow in them), within eps (unscaled) of f 2^-K. Its
 * binary64 quantum, unscaled, is q = 2^-52 for a normal result (K >= -1022) and
 * 2^(-1074 - K) below. v = rh/q and vl = rl/q are exact (q a power of two, v < 2^53); c =
 * an integer nearest v, f0 = v - c in [-1/2, 1/2) exact (floor, then one step of 1 on
 * numbers of v's binade), fr = RN(f0 + vl). f lies within fr q
 * + [-eps, eps] of c q; when eps/q < |fr| and |fr| + eps/q < 1/2 (with a margin for their
 * sum's rounding) f is not c q and rounds to it: y = c q 2^K, t = -sign(fr). The quantum
 * is the binade's in [1, 2); c = 2^53 (rounding up to 2) is still exact. fr itself is
 * rounded once (a relative 2^-53): the comparisons carry margins for it. */
REF_HD int pow_ziv(double rh, double rl, double eps, int K, int neg, double *y, int *t) {
  const int qe = K >= -1022 ? -52 : -1074 - K;
  if (qe > 60) { /* below 2^-1134: rounds to zero, decided by the caller's range */
    return 0;
  }
  const double v = ldexp(rh, -qe), vl = ldexp(rl, -qe);
  double c = floor(v), f0 = ref_sub(v, c); /* exact: v and c in one binade below 2^53 */
  if (f0 >= 0.5) c = ref_add(c, 1.0), f0 = ref_sub(f0, 1.0);
  const double fr = ref_add(f0, vl), e = ldexp(eps, -qe);
  if (!(fabs(fr) > ref_mul(e, 1.0 + 0x1p-50)) || !(ref_mul(ref_add(fabs(fr), e), 1.0 + 0x1p-40) < 0.5)) return 0;
  const double r = ldexp(c, K + qe);
  *y = neg ? -r : r;
  *t = (fr > 0 ? -1 : 1) * (neg ? -1 : 1);
  return 1;
}

/* 2^t for |th| < 2^-20, where 2^t = 1 + g + g^2/2 + g^3/6 + R, g = t ln 2, lies within
 * about g of 1 (a binary64 number): the error is kept relative to g so that Ziv's test can
 * still decide. g = gh + gl by dd_mul is within 2^-98 |g| ((T) and the constant);
 * 0 <= R <= g^4/24 (1 + 2^-20) < 2^-64.5 |g| (|g| < 2^-20.5); c2 = RN(gh^2/2) and c3 =
 * RN(RN(gh^2) gh/6) miss g^2/2 and g^3/6 by at most 2^-52 c2 + 2 gh |gl| + 2^-50 c3 <
 * 2^-72 |g|; corr = RN(RN(gl + c2) + c3) adds 2^-52 (|gl| + c2 + c3) < 2^-72 |g|; (h1, l1)
 * = TwoSum(1, gh) is exact and l = RN(l1 + corr) adds 2^-53 |l|. eps = 2^-64 |g| + 2^-52
 * |l| bounds the total (2^-64.5 + 2^-71 + 2^-98, and the rest) with room. */
REF_HD int pow_near1(double th, double tl, int neg, double *y, int *t) {
  double gh, gl, h1, l1, rh, rl;
  dd_mul(th, tl, POW_LN2_H, POW_LN2_L, &gh, &gl);
  const double g2 = ref_mul(gh, gh), c2 = ref_mul(g2, 0.5), c3 = ref_div(ref_mul(g2, gh), 6.0);
  const double corr = ref_add(ref_add(gl, c2), c3);
  ref_two_sum(1.0, gh, &h1, &l1);
  const double l = ref_add(l1, corr);
  dd_fast2sum(h1, l, &rh, &rl);
  const double eps = ref_add(ref_mul(0x1p-64, fabs(gh)), ref_mul(0x1p-52, fabs(l)));
  if (neg) rh = -rh, rl = -rl;
  return pr_ziv(rh, rl, eps, y, t);
}

REF_HD int pairref_pow(uint32_t a, uint32_t b, double *y, int *t) {
  if (pow_special(a, b, y, t)) return 1;
  const int neg = (a & REF_SIGN32) && pow_int_kind(b) == 2;
  if (pow_exact(a, b, neg, y, t)) return 1;
  double lh, ll, th, tl, rh, rl;
  pow_log2(a, &lh, &ll);
  dd_mul((double)u2f(b), 0.0, lh, ll, &th, &tl); /* (T) */
  if (th > 1025 || th < -1077) {
    *y = th > 0 ? REF_INF : 0.0, *t = th > 0 ? 1 : -1;
    if (neg) *y = -*y, *t = -*t;
    return 1;
  }
  if (th > 1023) return 0;
  if (fabs(th) < 0x1p-20) return pow_near1(th, tl, neg, y, t);
  int K;
  pow_exp2(th, tl, &rh, &rl, &K);
  return pow_ziv(rh, rl, ref_mul(rh, 0x1p-86), K, neg, y, t);
}
