/* test_convert.c: the exact reference of the conversions (reference/formats/lowp.h)
 * against MPFR, and by hand.
 *  - Every format's numbers decode to the values MPFR builds from their fields.
 *  - Against MPFR rounding straight to the format (precision p, the format's exponent
 *    range, mpfr_subnormalize; ties away from zero by exact rationals: x / 2^q rounded with
 *    mpfr_round), every rounding mode and overflow rule, on every binade boundary of
 *    binary32, every tie of the format (every midpoint of two neighbours, and of the
 *    largest finite value and the next step), one binary32 ulp either side of each, NaN
 *    payloads, signed zeros, infinities, binary32 subnormals and random inputs.
 *  - Boundary cases derived by hand, in a comment beside each: the largest finite value
 *    and the first input that overflows for every format and mode, ties at binades and in
 *    the subnormals, NaN and infinity under each saturation rule, E8M0's clipping.
 *  - The classes of planted mismatches and their errors in units of the format. */
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "src/kinds/convert/classify.h"
#include "src/kinds/convert/convert.h"

/* The formats as the standards define them, written here independently of lowp.h:
 * IEEE 754 binary16; bfloat16 and TF32 (binary32's exponent, 8 and 11 significant bits);
 * the OCP 8-bit floating point specification (E4M3: bias 7, no infinity, S.1111.111 NaN,
 * largest 448; E5M2: IEEE-like); the OCP Microscaling formats (E2M3 bias 1 largest 7.5,
 * E3M2 bias 3 largest 28, E2M1 bias 1 largest 6: no infinity, no NaN). */
struct spec {
  int id, ebits, mbits, bias;
  double maxval;
  int inf;           /* has infinities */
  uint32_t nan;      /* its canonical NaN container (0: none) */
  int shift;         /* container shift (TF32) */
};
static const struct spec SPECS[] = {
    {LOWP_F16, 5, 10, 15, 65504.0, 1, 0x7fff, 0},
    {LOWP_BF16, 8, 7, 127, 0x1.fep127, 1, 0x7fff, 0},
    /* TF32's canonical NaN: sign 0, exponent and all 10 fraction bits ones, the low 13
     * container bits zero as in every TF32 value: 0x7fffffff (binary32's canonical NaN,
     * CUDA Programming Guide, Floating-Point Standard) & ~0x1fff = 0x7fffe000 */
    {LOWP_TF32, 8, 10, 127, 0x1.ffcp127, 1, 0x7fffe000, 13},
    {LOWP_E4M3, 4, 3, 7, 448.0, 0, 0x7f, 0},
    {LOWP_E5M2, 5, 2, 15, 57344.0, 1, 0x7f, 0},
    {LOWP_E2M3, 2, 3, 1, 7.5, 0, 0, 0},
    {LOWP_E3M2, 3, 2, 3, 28.0, 0, 0, 0},
    {LOWP_E2M1, 2, 1, 1, 6.0, 0, 0, 0},
};
#define NSPEC (sizeof SPECS / sizeof SPECS[0])

static int sp_p(const struct spec *s) { return s->mbits + 1; }
static int sp_emin(const struct spec *s) { return 1 - s->bias; }
/* the largest binade of finite numbers: from the largest finite value */
static int sp_emax(const struct spec *s) {
  int e;
  frexp(s->maxval, &e);
  return e - 1;
}
static uint32_t sp_sign(const struct spec *s) { return 1u << (s->ebits + s->mbits); }

/* The code of the finite value v (an MPFR number of the format, |v| <= maxval), from its
 * exponent and significand as MPFR gives them. */
static uint32_t sp_encode(const struct spec *s, mpfr_srcptr v) {
  uint32_t sign = mpfr_signbit(v) ? sp_sign(s) : 0, code;
  if (mpfr_zero_p(v)) return sign << s->shift;
  mpfr_t a;
  mpfr_init2(a, 64);
  mpfr_abs(a, v, MPFR_RNDN);
  long e = mpfr_get_exp(a) - 1; /* a in [2^e, 2^(e+1)) */
  if (e < sp_emin(s)) {         /* subnormal: a multiple of 2^(emin - p + 1) */
    mpfr_mul_2si(a, a, -(sp_emin(s) - sp_p(s) + 1), MPFR_RNDN);
    code = (uint32_t)mpfr_get_ui(a, MPFR_RNDN);
  } else {
    mpfr_mul_2si(a, a, -(e - s->mbits), MPFR_RNDN); /* the significand as an integer of p bits */
    code = ((uint32_t)(e + s->bias) << s->mbits) | ((uint32_t)mpfr_get_ui(a, MPFR_RNDN) - (1u << s->mbits));
  }
  mpfr_clear(a);
  return (sign | code) << s->shift;
}

/* What a result beyond the largest finite value becomes (lowp.h's rules, from the
 * standards: IEEE 754 7.4 for the IEEE rule). */
static uint32_t sp_overflow(const struct spec *s, struct lowp_sem m, int neg) {
  mpfr_t v;
  mpfr_init2(v, 64);
  mpfr_set_d(v, neg ? -s->maxval : s->maxval, MPFR_RNDN);
  uint32_t maxc = sp_encode(s, v);
  mpfr_clear(v);
  if (m.ovf == LOWP_OVF_NAN && s->nan) return s->nan;
  if (m.ovf == LOWP_OVF_FINITE || !s->inf) return maxc;
  int to_max = m.mode == LOWP_RZ || (m.mode == LOWP_RU && neg) || (m.mode == LOWP_RD && !neg);
  uint32_t inf = (((1u << s->ebits) - 1) << s->mbits) | (neg ? sp_sign(s) : 0);
  return to_max ? maxc : inf << s->shift;
}

/* The oracle: the binary32 x converted to s under m, by MPFR. */
static uint32_t sp_oracle(const struct spec *s, struct lowp_sem m, uint32_t x) {
  float xf;
  memcpy(&xf, &x, 4);
  if (isnan(xf)) {
    if (m.nan == LOWP_NANRES_MAXPOS) return sp_overflow(s, (struct lowp_sem){LOWP_RN, LOWP_OVF_FINITE, 0, 0}, 0);
    return s->nan;
  }
  if (m.relu && signbit(xf)) return 0;
  if (isinf(xf) && m.ovf == LOWP_OVF_IEEE && s->inf) /* IEEE 754 5.4.2: an infinity converts exactly */
    return ((((1u << s->ebits) - 1) << s->mbits) | (xf < 0 ? sp_sign(s) : 0)) << s->shift;
  if (isinf(xf)) return sp_overflow(s, m, xf < 0);
  mpfr_t X, R;
  mpfr_init2(X, 24), mpfr_init2(R, sp_p(s));
  mpfr_set_flt(X, xf, MPFR_RNDN);
  if (m.mode == LOWP_RNA && xf != 0) { /* exact rationals: x / 2^q to an integer, ties away */
    long e = mpfr_get_exp(X) - 1;
    long q = (e > sp_emin(s) ? e : sp_emin(s)) - sp_p(s) + 1;
    mpfr_t t;
    mpfr_init2(t, 64);
    mpfr_mul_2si(t, X, -q, MPFR_RNDN);
    mpfr_round(t, t);
    mpfr_mul_2si(t, t, q, MPFR_RNDN);
    mpfr_set(R, t, MPFR_RNDN); /* exact: at most p + 1 bits, a carry to a power of two */
    mpfr_clear(t);
  } else {
    const mpfr_rnd_t rnd = m.mode == LOWP_RZ ? MPFR_RNDZ : m.mode == LOWP_RU ? MPFR_RNDU
                                                       : m.mode == LOWP_RD ? MPFR_RNDD : MPFR_RNDN;
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_set_emin(sp_emin(s) - sp_p(s) + 2), mpfr_set_emax(sp_emax(s) + 1);
    int inex = mpfr_set(R, X, rnd);
    inex = mpfr_check_range(R, inex, rnd);
    mpfr_subnormalize(R, inex, rnd);
    mpfr_set_emin(emin), mpfr_set_emax(emax);
  }
  uint32_t code;
  mpfr_t M;
  mpfr_init2(M, 64);
  mpfr_set_d(M, s->maxval, MPFR_RNDN);
  if (mpfr_inf_p(R) || mpfr_cmpabs(R, M) > 0) code = sp_overflow(s, m, xf < 0);
  else code = sp_encode(s, R);
  mpfr_clears(X, R, M, (mpfr_ptr)0);
  return code;
}

static struct lowp_sem sem(int mode, int ovf, int nan, int relu) {
  return (struct lowp_sem){(uint8_t)mode, (uint8_t)ovf, (uint8_t)nan, (uint8_t)relu};
}
static uint32_t f2b(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

/* Every code of every format decodes to the value MPFR builds from its fields. */
static void test_decode(void **state) {
  (void)state;
  for (size_t k = 0; k < NSPEC; k++) {
    const struct spec *s = &SPECS[k];
    const struct lowp_fmt f = lowp_format(s->id);
    const uint32_t ncode = s->shift ? 1u << 19 : sp_sign(s) << 1;
    for (uint32_t c = 0; c < ncode; c++) {
      const uint32_t e = (c >> s->mbits) & ((1u << s->ebits) - 1), fr = c & ((1u << s->mbits) - 1);
      const int neg = (c & sp_sign(s)) != 0, top = e == (1u << s->ebits) - 1;
      const uint32_t got = lowp_to_f32(f, c << s->shift);
      float g;
      memcpy(&g, &got, 4);
      if (top && s->inf) { /* IEEE: infinity or NaN */
        if (fr) assert_true(isnan(g));
        else assert_true(isinf(g) && (g < 0) == neg);
        continue;
      }
      if (top && fr == (1u << s->mbits) - 1 && s->nan && !s->inf) { /* E4M3's NaN */
        assert_true(isnan(g));
        continue;
      }
      mpfr_t v;
      mpfr_init2(v, 32);
      mpfr_set_ui_2exp(v, e ? fr | (1u << s->mbits) : fr, (e ? (long)e : 1) - s->bias - s->mbits, MPFR_RNDN);
      if (neg) mpfr_neg(v, v, MPFR_RNDN);
      float want = mpfr_get_flt(v, MPFR_RNDN); /* exact: the value is a binary32 number */
      mpfr_clear(v);
      if (want != g || signbit(want) != signbit(g)) fail_msg("format %d code 0x%x: %a, want %a", s->id, c, g, want);
    }
  }
  /* E8M0: 2^(k-127), k < 255; 0xff is NaN */
  const struct lowp_fmt e8 = lowp_format(LOWP_E8M0);
  for (uint32_t k = 0; k < 255; k++) {
    uint32_t b = lowp_to_f32(e8, k);
    float g;
    memcpy(&g, &b, 4);
    assert_true(g == ldexpf(1, (int)k - 127));
  }
  assert_true(lowp_is_nan(e8, 0xff) && lowp_to_f32(e8, 0xff) == 0x7fffffffu);
}

/* the inputs of the sweep against MPFR for format s */
struct inputs {
  uint32_t *x;
  size_t n, cap;
};
static void push(struct inputs *in, uint32_t x) {
  if (in->n == in->cap) {
    in->cap = in->cap ? 2 * in->cap : 4096;
    in->x = realloc(in->x, in->cap * sizeof *in->x);
    assert_non_null(in->x);
  }
  in->x[in->n++] = x;
}
static void push3(struct inputs *in, uint32_t x) { /* x and one binary32 ulp either side, both signs */
  for (int d = -1; d <= 1; d++)
    if ((x & 0x7fffffffu) + (uint32_t)d <= 0x7f800000u) push(in, x + (uint32_t)d), push(in, (x + (uint32_t)d) ^ 0x80000000u);
}

/* Every binade boundary of binary32, specials, binary32 subnormals, random inputs, and
 * every tie of s (thin: keep one tie in 'thin' outside the interesting binades). */
static void make_inputs(const struct spec *s, struct inputs *in, int thin) {
  for (uint32_t E = 0; E < 255; E++) push3(in, E << 23);
  static const uint32_t special[] = {0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xff800001u,
                                     0x7fffffffu, 0xffffffffu, 0x7fa00000u, 0x00000001u, 0x007fffffu, 0x00400000u,
                                     0x80000001u, 0x807fffffu, 0x7f7fffffu, 0xff7fffffu};
  for (size_t i = 0; i < sizeof special / sizeof special[0]; i++) push(in, special[i]);
  for (int i = 0; i < 4000; i++) push(in, (uint32_t)test_rand64());
  for (int i = 0; i < 1000; i++) push(in, (uint32_t)test_rand64() & 0x807fffffu); /* subnormals */
  /* the numbers of s and their midpoints, in increasing order */
  const struct lowp_fmt f = lowp_format(s->id);
  const uint32_t maxc = lowp_maxcode(f), emin_code = 1u << s->mbits;
  for (uint32_t c = 0; c <= maxc; c++) {
    uint32_t v = lowp_to_f32(f, c << s->shift), w;
    if (c < maxc) w = lowp_to_f32(f, (c + 1) << s->shift);
    else { /* the step beyond the largest finite value, of the same binade's spacing */
      float fv;
      memcpy(&fv, &v, 4);
      float step = ldexpf(1, (int)((c >> s->mbits) - (uint32_t)s->bias - (uint32_t)s->mbits));
      w = f2b(fv + step);
    }
    float a, b;
    memcpy(&a, &v, 4), memcpy(&b, &w, 4);
    const uint32_t mid = f2b((float)(((double)a + (double)b) / 2)); /* exact: p + 1 <= 24 bits */
    const int near = c < 4 * emin_code || c + 4 * emin_code > maxc || (c >> s->mbits) == (uint32_t)s->bias;
    if (thin > 1 && !near && c % (uint32_t)thin) continue;
    push3(in, v);
    push3(in, mid);
  }
}

/* lowp_round against the oracle on every input for every semantics worth testing. */
static void test_against_mpfr(void **state) {
  (void)state;
  for (size_t k = 0; k < NSPEC; k++) {
    const struct spec *s = &SPECS[k];
    const struct lowp_fmt f = lowp_format(s->id);
    struct inputs in = {0};
    make_inputs(s, &in, s->id == LOWP_TF32 ? 61 : 1);
    static const int modes[] = {LOWP_RN, LOWP_RNA, LOWP_RZ, LOWP_RD, LOWP_RU};
    const int nan_rule = s->nan ? LOWP_NANRES_CANON : LOWP_NANRES_MAXPOS;
    for (int mi = 0; mi < 5; mi++)
      for (int ovf = LOWP_OVF_IEEE; ovf <= LOWP_OVF_NAN; ovf++)
        for (int relu = 0; relu <= 1; relu++) {
          if ((ovf == LOWP_OVF_NAN && s->id != LOWP_E4M3) || (relu && modes[mi] == LOWP_RNA && s->id != LOWP_TF32))
            continue;
          const struct lowp_sem m = sem(modes[mi], ovf, nan_rule, relu);
          for (size_t i = 0; i < in.n; i++) {
            const uint32_t got = lowp_round(f, m, in.x[i]).code, want = sp_oracle(s, m, in.x[i]);
            if (got != want)
              fail_msg("format %d mode %d ovf %d relu %d: x = 0x%08x -> 0x%x, MPFR 0x%x", s->id, modes[mi], ovf, relu,
                       in.x[i], got, want);
          }
        }
    free(in.x);
  }
}

/* E8M0 against MPFR's exponent: floor(log2 |x|) down, up unless |x| is a power of two,
 * clipped to [2^-127, 2^127] (above: 2^127 or NaN). */
static void test_e8m0_mpfr(void **state) {
  (void)state;
  const struct lowp_fmt f = lowp_format(LOWP_E8M0);
  struct inputs in = {0};
  make_inputs(&SPECS[0], &in, 1000);
  for (int up = 0; up <= 1; up++)
    for (int sat = 0; sat <= 1; sat++) {
      const struct lowp_sem m = sem(up ? LOWP_RU : LOWP_RZ, sat ? LOWP_OVF_FINITE : LOWP_OVF_NAN, LOWP_NANRES_CANON, 0);
      for (size_t i = 0; i < in.n; i++) {
        float xf;
        memcpy(&xf, &in.x[i], 4);
        uint32_t want;
        if (isnan(xf)) want = 0xff;
        else if (isinf(xf)) want = sat ? 0xfe : 0xff;
        else if (xf == 0) want = 0;
        else {
          mpfr_t X;
          mpfr_init2(X, 24);
          mpfr_set_flt(X, fabsf(xf), MPFR_RNDN);
          long e = mpfr_get_exp(X) - 1, k = e + (up && mpfr_cmp_ui_2exp(X, 1, e) != 0);
          want = k < -127 ? 0 : k > 127 ? (sat ? 0xfe : 0xff) : (uint32_t)(k + 127);
          mpfr_clear(X);
        }
        const uint32_t got = lowp_round(f, m, in.x[i]).code;
        if (got != want) fail_msg("e8m0 up %d sat %d: x = 0x%08x -> 0x%x, want 0x%x", up, sat, in.x[i], got, want);
      }
    }
  free(in.x);
}

struct hand {
  int fmt, mode, ovf, nan, relu;
  uint32_t x, want;
};
#define RN LOWP_RN
#define RNA LOWP_RNA
#define RZ LOWP_RZ
#define RD LOWP_RD
#define RU LOWP_RU
#define IEEE LOWP_OVF_IEEE
#define FIN LOWP_OVF_FINITE
#define NANO LOWP_OVF_NAN
#define ANY LOWP_NANRES_ANY
#define CAN LOWP_NANRES_CANON
#define MAXP LOWP_NANRES_MAXPOS
/* Each case's derivation beside it: v = the input's value, [a, b] its two neighbours in
 * the format, the ulp there. */
static const struct hand HAND[] = {
    /* binary16: largest 65504 = 0x1.ffcp15 (0x7bff), ulp 2^5 in [2^15, 2^16) */
    {LOWP_F16, RN, IEEE, ANY, 0, 0x477fe000u, 0x7bff},  /* 65504 exactly */
    {LOWP_F16, RN, IEEE, ANY, 0, 0x477fefffu, 0x7bff},  /* below 65520 = 65504 + ulp/2 */
    {LOWP_F16, RN, IEEE, ANY, 0, 0x477ff000u, 0x7c00},  /* 65520: a tie; 0x7bff is odd: to 2^16, overflow */
    {LOWP_F16, RZ, IEEE, ANY, 0, 0x7f7fffffu, 0x7bff},  /* FLT_MAX: toward zero stays finite */
    {LOWP_F16, RU, IEEE, ANY, 0, 0x477fe001u, 0x7c00},  /* first binary32 above 65504: up to +inf */
    {LOWP_F16, RD, IEEE, ANY, 0, 0x477fe001u, 0x7bff},  /* ... down to 65504 */
    {LOWP_F16, RD, IEEE, ANY, 0, 0xc77fe001u, 0xfc00},  /* its negative, down: -inf */
    {LOWP_F16, RU, IEEE, ANY, 0, 0xc77fe001u, 0xfbff},  /* ... up: -65504 */
    {LOWP_F16, RN, IEEE, ANY, 0, 0x33800000u, 0x0001},  /* 2^-24, the smallest subnormal */
    {LOWP_F16, RN, IEEE, ANY, 0, 0x33000000u, 0x0000},  /* 2^-25: tie of 0 and 2^-24, to even 0 */
    {LOWP_F16, RNA, IEEE, ANY, 0, 0x33000000u, 0x0001}, /* ... away from zero */
    {LOWP_F16, RN, IEEE, ANY, 0, 0x33000001u, 0x0001}, /* just above the tie */
    {LOWP_F16, RN, IEEE, ANY, 0, 0x387fc000u, 0x03ff}, /* 1023 2^-24, the largest subnormal */
    {LOWP_F16, RN, IEEE, ANY, 0, 0x387fe000u, 0x0400}, /* 1023.5 2^-24: tie, to even 1024 2^-24 = 2^-14 */
    {LOWP_F16, RN, IEEE, ANY, 0, 0x3f801000u, 0x3c00}, /* 1 + 2^-11: tie of 1 and 1 + 2^-10, to even 1 */
    {LOWP_F16, RNA, IEEE, ANY, 0, 0x3f801000u, 0x3c01}, /* ... away: 1 + 2^-10 */
    {LOWP_F16, RN, IEEE, ANY, 0, 0x3f803000u, 0x3c02}, /* 1 + 3 2^-11: tie of 0x3c01 and 0x3c02, even 0x3c02 */
    {LOWP_F16, RU, IEEE, ANY, 0, 0x00000001u, 0x0001}, /* binary32 subnormal 2^-149, up: 2^-24 */
    {LOWP_F16, RD, IEEE, ANY, 0, 0x80000001u, 0x8001}, /* -2^-149, down: -2^-24 */
    {LOWP_F16, RN, IEEE, ANY, 0, 0x80000001u, 0x8000}, /* ... to nearest: -0 */
    {LOWP_F16, RN, IEEE, ANY, 0, 0x80000000u, 0x8000}, /* -0 */
    {LOWP_F16, RN, IEEE, ANY, 0, 0xff800000u, 0xfc00}, /* -inf */
    {LOWP_F16, RZ, IEEE, ANY, 0, 0x7f800000u, 0x7c00}, /* +inf toward zero: still +inf (exact) */
    {LOWP_F16, RD, IEEE, ANY, 0, 0x7f800000u, 0x7c00}, /* +inf down: +inf */
    {LOWP_F16, RU, IEEE, ANY, 0, 0xff800000u, 0xfc00}, /* -inf up: -inf */
    {LOWP_F16, RZ, FIN, ANY, 0, 0xff800000u, 0xfbff},  /* -inf saturated: -65504 */
    /* bfloat16: largest 0x1.fep127 (0x7f7f), ulp 2^120 */
    {LOWP_BF16, RN, IEEE, ANY, 0, 0x7f7f7fffu, 0x7f7f}, /* below the tie 0x1.ffp127 */
    {LOWP_BF16, RN, IEEE, ANY, 0, 0x7f7f8000u, 0x7f80}, /* 0x1.ffp127: tie, 0x7f7f odd: up, overflow */
    {LOWP_BF16, RZ, IEEE, ANY, 0, 0x7f7fffffu, 0x7f7f}, /* FLT_MAX toward zero */
    {LOWP_BF16, RU, IEEE, ANY, 0, 0x7f7f0001u, 0x7f80}, /* first binary32 above the largest: up, +inf */
    {LOWP_BF16, RD, IEEE, ANY, 0, 0x7f7f0001u, 0x7f7f}, /* ... down: the largest */
    {LOWP_BF16, RU, IEEE, ANY, 0, 0xff7f0001u, 0xff7f}, /* its negative, up: -largest */
    {LOWP_BF16, RN, IEEE, ANY, 0, 0x00010000u, 0x0001}, /* 2^-133, the smallest subnormal */
    {LOWP_BF16, RN, IEEE, ANY, 0, 0x00008000u, 0x0000}, /* 2^-134: tie, to even 0 */
    {LOWP_BF16, RNA, IEEE, ANY, 0, 0x00008000u, 0x0001}, /* ... away */
    {LOWP_BF16, RN, IEEE, ANY, 0, 0x3f808000u, 0x3f80}, /* 1 + 2^-8: tie, to even 1 */
    {LOWP_BF16, RN, IEEE, ANY, 0, 0x3f818000u, 0x3f82}, /* 1 + 3 2^-8: tie of 0x3f81, 0x3f82: even */
    /* TF32 (container): largest 0x1.ffcp127 = 0x7f7fe000, ulp 2^117 */
    {LOWP_TF32, RN, IEEE, ANY, 0, 0x7f7ff000u, 0x7f800000u},  /* tie above the largest (odd): overflow */
    {LOWP_TF32, RNA, IEEE, ANY, 0, 0x7f7ff000u, 0x7f800000u}, /* ties away: overflow */
    {LOWP_TF32, RNA, FIN, ANY, 0, 0x7f7ff000u, 0x7f7fe000u},  /* .satfinite: the largest */
    {LOWP_TF32, RNA, FIN, ANY, 0, 0xff800000u, 0xff7fe000u},  /* -inf under .satfinite */
    {LOWP_TF32, RZ, IEEE, ANY, 0, 0x7f7fffffu, 0x7f7fe000u},  /* FLT_MAX toward zero */
    {LOWP_TF32, RU, IEEE, ANY, 0, 0x7f7fe001u, 0x7f800000u},  /* first binary32 above the largest, up: +inf */
    {LOWP_TF32, RN, FIN, ANY, 0, 0x7f7ff000u, 0x7f7fe000u},   /* the overflowing tie, .satfinite: the largest */
    {LOWP_TF32, RZ, FIN, CAN, 1, 0xff800000u, 0x00000000u},   /* -inf under .relu: +0 */
    {LOWP_TF32, RN, IEEE, ANY, 0, 0x3f801000u, 0x3f800000u},  /* 1 + 2^-11: tie, to even */
    {LOWP_TF32, RNA, IEEE, ANY, 0, 0x3f801000u, 0x3f802000u}, /* ... away: 1 + 2^-10 */
    {LOWP_TF32, RN, IEEE, ANY, 0, 0x00002000u, 0x00002000u},  /* 2^-136, TF32's smallest subnormal */
    {LOWP_TF32, RN, IEEE, ANY, 0, 0x00001000u, 0x00000000u},  /* 2^-137: tie of 0 and 2^-136, to even */
    {LOWP_TF32, RNA, IEEE, ANY, 0, 0x00001000u, 0x00002000u}, /* ... away */
    {LOWP_TF32, RN, IEEE, CAN, 1, 0xbf800000u, 0x00000000u},  /* .relu: -1 becomes +0 */
    {LOWP_TF32, RN, IEEE, CAN, 1, 0x80000000u, 0x00000000u},  /* ... and -0 */
    {LOWP_TF32, RN, IEEE, CAN, 1, 0xffc00001u, 0x7fffe000u},  /* .relu: a negative NaN to the canonical NaN */
    /* E4M3: largest 448 = 1.75 2^8 (0x7e), ulp 32 in [256, 512); 480 would be 0x7f, NaN */
    {LOWP_E4M3, RN, FIN, ANY, 0, 0x43e00000u, 0x7e},  /* 448 */
    {LOWP_E4M3, RN, FIN, ANY, 0, 0x43e80000u, 0x7e},  /* 464: tie of 448 (fraction 110, even) and 480: 448 */
    {LOWP_E4M3, RN, NANO, ANY, 0, 0x43e80000u, 0x7e}, /* ... under __NV_NOSAT too */
    {LOWP_E4M3, RN, FIN, ANY, 0, 0x43e80001u, 0x7e},  /* above 464: rounds to 480, saturated to 448 */
    {LOWP_E4M3, RN, NANO, ANY, 0, 0x43e80001u, 0x7f}, /* ... __NV_NOSAT: NaN */
    {LOWP_E4M3, RN, FIN, ANY, 0, 0xff800000u, 0xfe},  /* -inf: -448 */
    {LOWP_E4M3, RN, NANO, ANY, 0, 0x7f800000u, 0x7f}, /* +inf, no saturation: NaN */
    {LOWP_E4M3, RN, FIN, ANY, 0, 0x3b000000u, 0x01},  /* 2^-9, the smallest subnormal */
    {LOWP_E4M3, RN, FIN, ANY, 0, 0x3a800000u, 0x00},  /* 2^-10: tie, to even 0 */
    {LOWP_E4M3, RN, FIN, ANY, 0, 0x3a800001u, 0x01},  /* just above */
    {LOWP_E4M3, RN, FIN, ANY, 0, 0x3c800000u, 0x08},  /* 2^-6, the smallest normal */
    {LOWP_E4M3, RN, FIN, ANY, 0, 0x3f880000u, 0x38},  /* 1.0625: tie of 1 (0x38) and 1.125 (0x39): even */
    {LOWP_E4M3, RN, FIN, ANY, 0, 0x3f980000u, 0x3a},  /* 1.1875: tie of 0x39 and 0x3a: even */
    /* E5M2: largest 57344 = 1.75 2^15 (0x7b), ulp 2^13 */
    {LOWP_E5M2, RN, IEEE, ANY, 0, 0x476fffffu, 0x7b}, /* below 61440 = 57344 + ulp/2 */
    {LOWP_E5M2, RN, IEEE, ANY, 0, 0x47700000u, 0x7c}, /* 61440: tie, 0x7b odd: up to 2^16: infinity */
    {LOWP_E5M2, RN, FIN, ANY, 0, 0x47700000u, 0x7b},  /* ... saturated */
    {LOWP_E5M2, RN, FIN, ANY, 0, 0xff800000u, 0xfb},  /* -inf saturated: -57344 */
    {LOWP_E5M2, RN, IEEE, ANY, 0, 0xff800000u, 0xfc}, /* -inf not saturated: -inf */
    {LOWP_E5M2, RN, IEEE, ANY, 0, 0x37800000u, 0x01}, /* 2^-16, the smallest subnormal */
    {LOWP_E5M2, RN, IEEE, ANY, 0, 0x37000000u, 0x00}, /* 2^-17: tie, to even 0 */
    /* E2M3: largest 7.5 = 1.875 2^2 (0x1f), no infinity, no NaN: everything saturates */
    {LOWP_E2M3, RN, FIN, MAXP, 0, 0x40f00000u, 0x1f}, /* 7.5 */
    {LOWP_E2M3, RN, FIN, MAXP, 0, 0x40f80000u, 0x1f}, /* 7.75 would round to 8: saturated */
    {LOWP_E2M3, RN, FIN, MAXP, 0, 0xff800000u, 0x3f}, /* -inf: -7.5 */
    {LOWP_E2M3, RN, FIN, MAXP, 0, 0xffc00000u, 0x1f}, /* NaN: +7.5 */
    {LOWP_E2M3, RZ, FIN, MAXP, 0, 0x40f7ffffu, 0x1f}, /* just below 7.75, toward zero: 7.5 */
    {LOWP_E2M3, RZ, FIN, MAXP, 0, 0x41000000u, 0x1f}, /* 8, beyond the largest, toward zero: 7.5 */
    {LOWP_E2M3, RN, FIN, MAXP, 0, 0x40f7ffffu, 0x1f}, /* below the tie 7.75: 7.5 */
    {LOWP_E2M3, RN, FIN, MAXP, 0, 0x3e000000u, 0x01}, /* 0.125, the smallest subnormal */
    {LOWP_E2M3, RN, FIN, MAXP, 0, 0x3d800000u, 0x00}, /* 0.0625: tie, to even 0 */
    {LOWP_E2M3, RZ, FIN, MAXP, 0, 0x3d800001u, 0x00}, /* toward zero: 0 */
    {LOWP_E2M3, RN, FIN, MAXP, 0, 0x3d800001u, 0x01}, /* to nearest: 0.125 */
    {LOWP_E2M3, RN, FIN, MAXP, 0, 0x3f880000u, 0x08}, /* 1.0625: tie of 1 (0x08) and 1.125: even */
    {LOWP_E2M3, RN, FIN, MAXP, 0, 0x3f980000u, 0x0a}, /* 1.1875: tie of 0x09 and 0x0a: even */
    /* E3M2: largest 28 = 1.75 2^4 (0x1f) */
    {LOWP_E3M2, RN, FIN, MAXP, 0, 0x41f00000u, 0x1f}, /* 30: tie of 28 (odd) and 32: up, saturated */
    {LOWP_E3M2, RN, FIN, MAXP, 0, 0x41efffffu, 0x1f}, /* just below 30: 28 */
    {LOWP_E3M2, RZ, FIN, MAXP, 0, 0x42000000u, 0x1f}, /* 32 toward zero: saturated to 28 */
    {LOWP_E3M2, RN, FIN, MAXP, 0, 0xc1f00001u, 0x3f}, /* just beyond -30: -28 */
    {LOWP_E3M2, RN, FIN, MAXP, 0, 0x3d800000u, 0x01}, /* 2^-4, the smallest subnormal */
    {LOWP_E3M2, RN, FIN, MAXP, 0, 0x3e800000u, 0x04}, /* 2^-2, the smallest normal */
    /* E2M1: 0, 0.5, 1, 1.5, 2, 3, 4, 6 */
    {LOWP_E2M1, RN, FIN, MAXP, 0, 0x40c00000u, 0x7}, /* 6 */
    {LOWP_E2M1, RN, FIN, MAXP, 0, 0x40a00000u, 0x6}, /* 5: tie of 4 (0x6, even) and 6 */
    {LOWP_E2M1, RN, FIN, MAXP, 0, 0x40e00000u, 0x7}, /* 7: tie of 6 (odd) and 8: up, saturated */
    {LOWP_E2M1, RN, FIN, MAXP, 0, 0x3e800000u, 0x0}, /* 0.25: tie of 0 and 0.5: even 0 */
    {LOWP_E2M1, RN, FIN, MAXP, 0, 0x3f400000u, 0x2}, /* 0.75: tie of 0.5 (odd) and 1: 1 */
    {LOWP_E2M1, RZ, FIN, MAXP, 0, 0x3f7fffffu, 0x1}, /* just below 1, toward zero: 0.5 */
    {LOWP_E2M1, RZ, FIN, MAXP, 0, 0x40dfffffu, 0x7}, /* just below 7, toward zero: 6 */
    {LOWP_E2M1, RN, FIN, MAXP, 0, 0x40dfffffu, 0x7}, /* just below the tie 7: 6 */
    {LOWP_E2M1, RZ, FIN, MAXP, 0, 0x7f7fffffu, 0x7}, /* FLT_MAX toward zero: saturated to 6 */
    {LOWP_E2M1, RN, FIN, MAXP, 0, 0x7fc00000u, 0x7}, /* NaN: +6 */
    {LOWP_E2M1, RN, FIN, MAXP, 0, 0xff800000u, 0xf}, /* -inf: -6 */
    /* E8M0: |x| to a power of two, 2^(code - 127) */
    {LOWP_E8M0, RZ, FIN, CAN, 0, 0x3f800000u, 0x7f}, /* 1 */
    {LOWP_E8M0, RU, FIN, CAN, 0, 0x3f800000u, 0x7f}, /* 1, exact either way */
    {LOWP_E8M0, RZ, FIN, CAN, 0, 0x3fc00000u, 0x7f}, /* 1.5: down to 1 */
    {LOWP_E8M0, RU, FIN, CAN, 0, 0x3fc00000u, 0x80}, /* ... up to 2 */
    {LOWP_E8M0, RU, FIN, CAN, 0, 0xc0400000u, 0x81}, /* -3: |x| up to 4 */
    {LOWP_E8M0, RZ, FIN, CAN, 0, 0x7f000000u, 0xfe}, /* 2^127, the largest */
    {LOWP_E8M0, RU, FIN, CAN, 0, 0x7f000001u, 0xfe}, /* just above 2^127, up: 2^128, saturated */
    {LOWP_E8M0, RU, NANO, CAN, 0, 0x7f000001u, 0xff}, /* ... not saturated: NaN */
    {LOWP_E8M0, RZ, NANO, CAN, 0, 0x7f7fffffu, 0xfe}, /* FLT_MAX down: 2^127 */
    {LOWP_E8M0, RZ, NANO, CAN, 0, 0x7f800000u, 0xff}, /* infinity, not saturated: NaN */
    {LOWP_E8M0, RZ, FIN, CAN, 0, 0xff800000u, 0xfe}, /* -infinity saturated: 2^127 */
    {LOWP_E8M0, RZ, FIN, CAN, 0, 0x7fc00000u, 0xff}, /* NaN */
    {LOWP_E8M0, RU, FIN, CAN, 0, 0x00000000u, 0x00}, /* 0: below 2^-127, clipped to it */
    {LOWP_E8M0, RZ, FIN, CAN, 0, 0x00400000u, 0x00}, /* 2^-127 */
    {LOWP_E8M0, RU, FIN, CAN, 0, 0x00400001u, 0x01}, /* just above 2^-127, up: 2^-126 */
    {LOWP_E8M0, RU, FIN, CAN, 0, 0x00000001u, 0x00}, /* 2^-149 up is 2^-149: clipped to 2^-127 */
    {LOWP_E8M0, RU, FIN, CAN, 0, 0x00800000u, 0x01}, /* 2^-126 */
};

static void test_hand(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof HAND / sizeof HAND[0]; i++) {
    const struct hand *h = &HAND[i];
    const uint32_t got = lowp_round(lowp_format(h->fmt), sem(h->mode, h->ovf, h->nan, h->relu), h->x).code;
    if (got != h->want) fail_msg("case %zu (format %d, x = 0x%08x): 0x%x, want 0x%x", i, h->fmt, h->x, got, h->want);
  }
}

/* Planted mismatches: each class, and the errors in units of the format. */
static void test_classes(void **state) {
  (void)state;
  const struct lowp_fmt f = lowp_format(LOWP_E4M3);
  const struct lowp_sem m = sem(RN, FIN, ANY, 0);
#define CLS(x, y) conv_class(f, m, lowp_round(f, m, x), y, 0)
  assert_int_equal(CLS(0x3f880000u, 0x39), CL_TIE);       /* 1.0625 to 1.125: the tie's other side */
  assert_int_equal(CLS(0x3f8c0000u, 0x38), CL_DIRECTION); /* 1.09375 is nearer 1.125 (0x39): 1 is the other */
  assert_int_equal(CLS(0x7fc00000u, 0x00), CL_NAN);       /* NaN to 0 */
  assert_int_equal(CLS(0x3f800000u, 0x7f), CL_NAN);       /* 1 to NaN */
  assert_int_equal(CLS(0x43e80001u, 0x7f), CL_OVERFLOW);  /* beyond 464 to NaN instead of 448 */
  assert_int_equal(CLS(0x3b000000u, 0x00), CL_SUBNORMAL); /* 2^-9 flushed */
  assert_int_equal(CLS(0x80000000u, 0x00), CL_ZERO_SIGN); /* -0 to +0 */
  assert_int_equal(CLS(0x3f800000u, 0x40), CL_OTHER);     /* 1 to 2 */
  assert_int_equal(conv_class(f, m, lowp_round(f, m, 0x00000001u), 0x01, 1), CL_SUBNORMAL);
  const struct lowp_fmt h = lowp_format(LOWP_F16);
  const struct lowp_sem hz = sem(RZ, IEEE, ANY, 0);
  /* 1 + 2^-11 + 2^-23 toward zero is 1 (0x3c00); 0x3c01 is the other neighbour, no tie */
  assert_int_equal(conv_class(h, hz, lowp_round(h, hz, 0x3f801001u), 0x3c01, 0), CL_DIRECTION);
  assert_int_equal(conv_class(h, hz, lowp_round(h, hz, 0x3f801000u), 0x3c01, 0), CL_DIRECTION);
  /* errors: at 1 the step of E4M3 is 2^-3; 1.0625 to 1 is half a step, to 1.125 half too */
  assert_true(conv_err(f, m, 0x3f880000u, 0x38) == 0.5f && conv_err(f, m, 0x3f880000u, 0x39) == 0.5f);
  assert_true(conv_err(f, m, 0x3f800000u, 0x40) == 8.0f);    /* 1 to 2: 8 steps of 2^-3 */
  assert_true(conv_err(f, m, 0x3a800000u, 0x00) == 0.5f);    /* 2^-10 to 0: half the subnormal step 2^-9 */
  assert_true(isinf(conv_err(f, m, 0x3f800000u, 0x7f)));     /* a NaN output */
  const struct lowp_fmt e = lowp_format(LOWP_E8M0);
  const struct lowp_sem eu = sem(RU, FIN, CAN, 0);
  assert_true(conv_err(e, eu, 0x3fc00000u, 0x80) == 0.5f);   /* 1.5 to 2: half of the step 2^0 */
  assert_true(conv_err(e, eu, 0xbfc00000u, 0x7f) == 0.5f);   /* |-1.5| to 1 */
  assert_true(conv_err(e, eu, 0x00200000u, 0x00) == 0.5f);   /* 2^-128 to 2^-127: step 2^-127 */
  /* the same semantics accept any NaN where the documents name none */
  assert_int_equal(lowp_same(f, m, 0xff, 0x7f), 1);
  assert_int_equal(lowp_same(f, m, 0x7e, 0x7f), 0);
  assert_int_equal(lowp_same(f, sem(RN, FIN, CAN, 0), 0xff, 0x7f), 0);
}

/* The partner of the x2 forms is a bijection of each domain. */
static void test_partner(void **state) {
  (void)state;
  for (uint32_t n = 16; n <= 65536; n <<= 2) {
    uint8_t *seen = calloc(n, 1);
    assert_non_null(seen);
    for (uint32_t i = 0; i < n; i++) seen[conv_partner(i, n)]++;
    for (uint32_t i = 0; i < n; i++) assert_int_equal(seen[i], 1);
    free(seen);
  }
  /* mod 2^32: the inverse of the odd multiplier undoes it */
  const uint32_t inv = 0x0e8b2f51u; /* 0x9e3779b1 * 0x0e8b2f51 = 1 mod 2^32 */
  assert_int_equal(0x9e3779b1u * inv, 1u);
  for (int i = 0; i < 1000; i++) {
    uint32_t x = (uint32_t)test_rand64();
    assert_int_equal((conv_partner(x, 0) - 0x7f4a7c15u) * inv, x);
  }
}

/* The statistics of a small domain with planted mismatches, worked out by hand; and a
 * range accounted in one piece equals its two halves merged. */
static void test_measure(void **state) {
  (void)state;
  const struct conv_variant *v = conv_find("cvt.f16.e4m3");
  assert_non_null(v);
  const struct conv_kparams kp = conv_kparams_of(v->d);
  uint32_t y[256], lo[256], hi[256];
  for (uint32_t x = 0; x < 256; x++) y[x] = lowp_round(kp.df, kp.sem, lowp_to_f32(kp.sf, x)).code;
  y[0x38] = 0x3c01; /* E4M3 1.0 to 1 + 2^-10: exact input, so "other"; 1 ulp of binary16 at 1 */
  y[0x80] = 0x0000; /* -0 to +0 */
  y[0x7f] = 0x0000; /* NaN to +0 */
  for (uint32_t x = 0; x < 256; x++) lo[x] = y[x], hi[x] = y[conv_partner(x, 256)];
  hi[5] ^= 1; /* one lane that disagrees with the scalar form */
  struct conv_stats s;
  conv_measure_small(v->d, 256, y, lo, hi, &s);
  assert_int_equal(s.inputs, 256);
  assert_int_equal(s.mismatches, 3);
  assert_int_equal(s.exact, 253);
  assert_int_equal(s.cls[CL_OTHER], 1);
  assert_int_equal(s.first[CL_OTHER], 0x38);
  assert_int_equal(s.first_out[CL_OTHER], 0x3c01);
  assert_int_equal(s.cls[CL_ZERO_SIGN], 1);
  assert_int_equal(s.first[CL_ZERO_SIGN], 0x80);
  assert_int_equal(s.cls[CL_NAN], 1);
  assert_int_equal(s.first[CL_NAN], 0x7f);
  /* every mismatch listed, in input order, with its output */
  assert_int_equal(s.nlist, 3);
  const uint32_t want[3][2] = {{0x38, 0x3c01}, {0x7f, 0x0000}, {0x80, 0x0000}};
  for (int i = 0; i < 3; i++) assert_true(s.list[i][0] == want[i][0] && s.list[i][1] == want[i][1]);
  assert_int_equal(s.lanes, 256);
  assert_int_equal(s.lane_bad, 1);
  assert_int_equal(s.lane_first, 5);
  /* the largest error: 1 + 2^-10 for 1 is one binary16 step at 1 (the NaN input has none) */
  assert_true(conv_max_err(&s) == 1.0f && conv_max_err_input(&s) == 0x38 && s.err_out == 0x3c01);
  assert_int_equal(s.err_n, 254);
  assert_string_equal(conv_verdict(&s), "VIOLATED");

  /* binary32 inputs 0x3f7f0000.. accounted at once, and as two merged halves */
  const struct conv_variant *w = conv_find("cvt.e4m3.f32.nosat");
  assert_non_null(w);
  const struct conv_kparams kw = conv_kparams_of(w->d);
  struct conv_stats all, a, b;
  conv_stats_init(&all), conv_stats_init(&a), conv_stats_init(&b);
  for (uint32_t i = 0; i < 4096; i++) {
    const uint32_t x = 0x3f7f0000u + i * 17, yy = lowp_round(kw.df, kw.sem, x).code ^ (i % 1000 == 7);
    const struct conv_one o = conv_judge(&kw, x, yy, 0, 0, 0);
    conv_stats_add(&all, x, yy, &o, 0, 0);
    conv_stats_add(i < 2000 ? &a : &b, x, yy, &o, 0, 0);
  }
  conv_stats_merge(&a, &b);
  assert_int_equal(all.mismatches, 5); /* i = 7, 1007, 2007, 3007, 4007 */
  assert_int_equal(a.nlist, 5);
  assert_memory_equal(&a, &all, sizeof a);
}

/* The NaN rules of the TF32 forms (conversions/tf32/tf32.def), form by form, over every
 * binary32 NaN (s.11111111.m, m != 0: 2 (2^23 - 1) inputs). Under .relu every one gives
 * exactly the canonical NaN 0x7fffe000, a negative NaN included (.relu clamps negative
 * results; a NaN is not negative), and 0x7fffffff, which no TF32 value is, is a "nan"
 * mismatch; every other form accepts any NaN and counts a number as a "nan" mismatch.
 *
 * Then the code ptxas (CUDA 13.0) makes of cvt.rna.tf32.f32 for sm_90, integer operations
 * on x's bits, not one instruction (nvdisasm of the cubin):
 *     FSETP.GEU P0, |x|, +INF       P0: |x| >= inf, or x is a NaN (unordered)
 *     @!P0 IADD x, x, 0x1000        half a TF32 step, in the integer image
 *     LOP3 r, x, 0xffffe000         the low 13 bits cleared
 * and for .satfinite then FSETP.GEU P0, |r|, +INF and @P0 IADD r, r, -0x2000. For finite x
 * that is rounding to nearest, ties away (the carry of x + 2^12 into bit 13 is the tie
 * rule; into the exponent, the next binade; 0x7f7ff000 + 0x1000 = 0x7f800000 = inf, and
 * under .satfinite inf - 0x2000 = 0x7f7fe000, MAX_NORM). For a NaN, m is truncated: r =
 * s.11111111.(m & ~0x1fff), an infinity when m < 2^13, 8191 payloads of each sign: .rna
 * makes 2 * 8191 = 16382 NaNs infinities. Under .satfinite those become +-MAX_NORM, and
 * every other r, a NaN, loses 0x2000: its fraction m & ~0x1fff minus 2^13 is 0, an
 * infinity, for m in [2^13, 2^14), 8192 payloads of each sign, a NaN for the rest: 2 *
 * (8191 + 8192) = 32766 NaNs become numbers. The GPU run of the catalogue on sm_90
 * (reports/results/convert-h100.json.gz) reports these counts, "nan" 16382 and 32766. */
static uint32_t sm90_rna(uint32_t x, int sat) {
  const uint32_t a = x & 0x7fffffffu;
  if (a < 0x7f800000u) x += 0x1000u;
  uint32_t r = x & 0xffffe000u;
  if (sat && (r & 0x7fffffffu) >= 0x7f800000u) r -= 0x2000u;
  return r;
}
static void test_tf32_nan(void **state) {
  (void)state;
  int forms = 0;
  for (int i = 0; i < CONV_NDEF; i++) {
    const struct conv_def *d = &conv_defs[i];
    if (d->dst != LOWP_TF32) continue;
    forms++;
    const struct conv_kparams kp = conv_kparams_of(d);
    const int canon = d->sem.relu;
    assert_int_equal(d->sem.nan, canon ? LOWP_NANRES_CANON : LOWP_NANRES_ANY);
    for (uint32_t m = 1; m < 0x800000u; m += m < 0x4000u || m > 0x7fc000u ? 1 : 0x1fb) /* ends whole */
      for (uint32_t s = 0, sg = 0; s < 2; s++, sg = 0x80000000u) {
        const uint32_t x = sg | 0x7f800000u | m;
        const struct lowp_res r = lowp_round(kp.df, kp.sem, x);
        assert_true(r.flags & LOWP_F_NAN);
        if (canon) assert_int_equal(r.code, 0x7fffe000u);
        else assert_true(lowp_is_nan(kp.df, r.code));
        assert_int_equal(conv_judge(&kp, x, 0x7fffe000u, 0, 0, 0).cls, -2); /* every form's reference NaN */
        assert_int_equal(conv_judge(&kp, x, 0x7fffffffu, 0, 0, 0).cls, canon ? CL_NAN : -1);
        assert_int_equal(conv_judge(&kp, x, x & 0xffffe000u, 0, 0, 0).cls,
                         m < 0x2000u ? CL_NAN : (x & 0xffffe000u) == r.code ? -2 : canon ? CL_NAN : -1);
        assert_int_equal(conv_judge(&kp, x, 0x7f7fe000u, 0, 0, 0).cls, CL_NAN);
        assert_int_equal(conv_judge(&kp, x, 0, 0, 0, 0).cls, CL_NAN);
      }
  }
  assert_int_equal(forms, 10); /* .rna, .rna.satfinite, .rn, .rz, each .relu and .satfinite{.relu} of .rn, .rz */
  const struct conv_variant *v[2] = {conv_find("cvt.tf32.f32.rna"), conv_find("cvt.tf32.f32.rna.satfinite")};
  const uint64_t want[2] = {16382, 32766};
  for (int k = 0; k < 2; k++) {
    assert_non_null(v[k]);
    const struct conv_kparams kp = conv_kparams_of(v[k]->d);
    uint64_t bad = 0, other = 0;
    for (uint32_t m = 1; m < 0x800000u; m++)
      for (uint32_t s = 0, sg = 0; s < 2; s++, sg = 0x80000000u) {
        const uint32_t x = sg | 0x7f800000u | m;
        const int cls = conv_judge(&kp, x, sm90_rna(x, k), 0, 0, 0).cls;
        bad += cls >= 0, other += cls == -1;
        if (cls >= 0) assert_int_equal(cls, CL_NAN);
      }
    assert_int_equal(bad, want[k]);
    assert_int_equal(bad + other + (k ? 0 : 0x2000), 2 * 0x7fffffu); /* .rna: 0x7fffe000.. give 0x7fffe000 */
    /* and on numbers the same code is the reference's rounding, ties away: in every binade
     * each TF32 number and tie, one binary32 ulp either side, both signs; random inputs */
    for (uint32_t e = 0; e < 255; e++)
      for (uint32_t f = 0; f < 0x800000u; f += 0x1000u) { /* TF32's numbers (even) and ties (odd multiples) */
        const uint32_t x = (e << 23) | f;
        for (int t = -1; t <= 1; t++)
          for (uint32_t s = 0, sg = 0; s < 2; s++, sg = 0x80000000u) {
            const uint32_t y = (x + (uint32_t)t) ^ sg;
            if ((y & 0x7fffffffu) > 0x7f800000u) continue;
            assert_int_equal(conv_judge(&kp, y, sm90_rna(y, k), 0, 0, 0).cls, -2);
          }
      }
    for (int i = 0; i < 200000; i++) {
      const uint32_t y = (uint32_t)test_rand64();
      if ((y & 0x7fffffffu) <= 0x7f800000u) assert_int_equal(conv_judge(&kp, y, sm90_rna(y, k), 0, 0, 0).cls, -2);
    }
  }
}

/* Where a build's code runs (conv_code_runs), by the CUDA Programming Guide's rules: a
 * cubin for X.y on X.z, z >= y; PTX for c on any compute capability >= c; family-specific
 * targets on the same major version from their minor up (sm_100f: 10.0 and 10.3); the
 * architecture-specific ones on X.y alone. */
static void test_code_runs(void **state) {
  (void)state;
  static const char fam[] = "sm_100f sm_110f sm_120f", def[] = "sm_90 compute_90";
  assert_false(conv_code_runs(fam, 9, 0));  /* H100: no family code (the run that motivated the check) */
  assert_false(conv_code_runs(fam, 8, 9));
  assert_true(conv_code_runs(fam, 10, 0));  /* B200 */
  assert_true(conv_code_runs(fam, 10, 3));  /* B300: sm_100f */
  assert_true(conv_code_runs(fam, 11, 0));
  assert_true(conv_code_runs(fam, 12, 1));  /* sm_120f on 12.1 */
  assert_false(conv_code_runs(fam, 13, 0)); /* a later major: no PTX carried */
  assert_true(conv_code_runs(def, 9, 0));
  assert_false(conv_code_runs(def, 8, 6));  /* below PTX compute_90, and no sm_8x cubin */
  assert_true(conv_code_runs(def, 10, 0));  /* PTX compute_90 compiled by the driver */
  assert_true(conv_code_runs("compute_75", 7, 5));
  assert_true(conv_code_runs("compute_75", 12, 0));
  assert_false(conv_code_runs("compute_75", 7, 0));
  assert_true(conv_code_runs("sm_80", 8, 6));  /* binary compatibility within major 8 */
  assert_false(conv_code_runs("sm_86", 8, 0)); /* not downward */
  assert_false(conv_code_runs("sm_80", 9, 0)); /* not across majors */
  assert_true(conv_code_runs("sm_90a", 9, 0));
  assert_false(conv_code_runs("sm_100a", 10, 3)); /* architecture-specific: 10.0 only */
  assert_false(conv_code_runs("compute_100f", 12, 0));
  assert_true(conv_code_runs("compute_100f", 10, 3));
  assert_false(conv_code_runs("", 9, 0));
  assert_false(conv_code_runs("sm_ compute_ sm_90x sm_90af", 9, 0)); /* not codes */
}

int main(void) {
  printf("seed 0x%016llx\n", (unsigned long long)test_rng_state);
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_decode), cmocka_unit_test(test_against_mpfr),
                                     cmocka_unit_test(test_e8m0_mpfr), cmocka_unit_test(test_hand),
                                     cmocka_unit_test(test_classes), cmocka_unit_test(test_partner),
                                     cmocka_unit_test(test_measure), cmocka_unit_test(test_tf32_nan),
                                     cmocka_unit_test(test_code_runs)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
