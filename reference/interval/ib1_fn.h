/* ib1_fn.h: the elementary functions of the fast first precision (ib1.h), for the host and
 * the device. Each reduces its argument with ib1 operations (or, for sin and cos, an exact
 * integer reduction), sums a truncated power series by Horner's rule in ib1 balls (the
 * coefficients from ib1_const.h, each a ball holding its exact value), adds a bound of the
 * series' tail written beside it to the radius, and undoes the reduction with ib1
 * operations. Ball operations enclose, so the only proofs to check are the identities and
 * the tail bounds here. A program calling a function without a rule here (erf, asin, ...:
 * ib1_has_rule), or an argument outside a rule's range (*ok = 0), leaves the whole input
 * to the generic 1-word level.
 *
 * Trusted: included by ib1.h only. */
#ifndef ULPCERT_IB1_FN_H
#define ULPCERT_IB1_FN_H

/* the coefficient c_i = tab[i] (|hi + lo - c_i| <= 2^-106 |hi|, ib1_const.h), of sign s,
 * as a ball: radius 2^-103 |hi| */
IB_HD ib1 ib1_coef(const double (*tab)[2], int i, int s) {
  ib1 c = {s * tab[i][0], s * tab[i][1], ib1_ru_mul(fabs(tab[i][0]), 0x1p-103)};
  return c;
}
/* v^n rounded up, v >= 0 */
IB_HD double ib1_ru_pow(double v, int n) {
  double p = 1;
  for (int i = 0; i < n; i++) p = ib1_ru_mul(p, v);
  return p;
}
/* sum_{j < N} (-1)^(alt j) c_{i0 + step j} z^j by Horner's rule in balls (encloses the
 * polynomial at every point of z) */
IB_HDN void ib1_horner(ib1 *r, const ib1 *z, const double (*tab)[2], int i0, int step, int N, int alt, int *ok) {
  ib1 acc = ib1_coef(tab, i0 + step * (N - 1), alt && ((N - 1) & 1) ? -1 : 1);
  for (int j = N - 2; j >= 0 && *ok; j--) {
    const ib1 c = ib1_coef(tab, i0 + step * j, alt && (j & 1) ? -1 : 1);
    ib1_mul(&acc, &acc, z, ok);
    ib1_add(&acc, &acc, &c, ok);
  }
  *r = acc;
}
/* the number of terms: the least N >= 1 with Z^N c_{i0 + step N} <= 2^-112 (a binary64
 * estimate: it only chooses N; the tail is then bounded rigorously), at most nmax */
IB_HD int ib1_terms(double Z, const double (*tab)[2], int i0, int step, int nmax) {
  double p = Z;
  int N = 1;
  while (N < nmax && p * tab[i0 + step * N][0] > 0x1p-112) p *= Z, N++;
  return N;
}

/* the constant 0.D 2^e of the generic tables (pi, log 2: 20 words, truncated) */
IB_HD ib1 ib1_table_const(const uint64_t *D, int64_t e, int *ok) {
  ib1 r;
  ib1_from_words(&r, D, IB_MAXL, e, 0, 1, ok);
  return r;
}

/* expm1(t) for |t| <= T <= 0.36 (every point): t R(t), R(t) = sum_{j>=0} t^j / (j + 1)!.
 * After N terms the tail is sum_{j>=N} t^j/(j+1)! <= T^N/(N+1)! sum_{i>=0} (T/(N+2))^i
 * <= 2 T^N/(N+1)! (T/(N+2) <= 1/2), bounded by 4 T^N hi_{N+1} (2 hi >= c). */
IB_HDN void ib1_expm1_small(ib1 *r, const ib1 *t, int *ok) {
  const double T = ib1_upper(t);
  if (!(T <= 0.36)) {
    *ok = 0;
    return;
  }
  const double(*tab)[2] = IB1_RFACT_D;
  const int N = ib1_terms(T, tab, 1, 1, IB1_NFACT - 2);
  ib1 R;
  ib1_horner(&R, t, tab, 1, 1, N, 0, ok);
  R.r = ib1_ru_add(R.r, ib1_ru_mul(ib1_ru_pow(T, N), 4 * tab[N + 1][0]));
  ib1_mul(r, t, &R, ok);
}

/* exp(x) = 2^k (1 + expm1(x - k log 2)), k the nearest integer to x_h / log 2 (a binary64
 * seed: any k is right, the reduction is a ball operation; log 2 is the generic table's,
 * 106 bits and a radius); |x| up to 700 (2^k within the range), else no rule */
IB_HDN void ib1_exp(ib1 *r, const ib1 *x, int *ok) {
  if (!(ib1_upper(x) <= 700)) {
    *ok = 0;
    return;
  }
  const int k = (int)nearbyint(x->h * 1.4426950408889634);
  ib1 t = *x, one = ib1_exact(1);
  if (k) {
    const ib1 ln2 = ib1_table_const(IB_LN2_D, IB_LN2_E, ok), K = ib1_exact(k);
    ib1 P;
    ib1_mul(&P, &K, &ln2, ok);
    ib1_sub(&t, x, &P, ok);
  }
  ib1_expm1_small(&t, &t, ok);
  ib1_add(&t, &t, &one, ok);
  ib1_scale(r, &t, k, ok);
}
/* expm1: the series where |x| <= 0.36, else exp(x) - 1 (|e^x - 1| > 0.3 there: no
 * cancellation beyond a bit) */
IB_HDN void ib1_expm1(ib1 *r, const ib1 *x, int *ok) {
  if (ib1_upper(x) <= 0.36) {
    ib1_expm1_small(r, x, ok);
    return;
  }
  const ib1 one = ib1_exact(1);
  ib1_exp(r, x, ok);
  ib1_sub(r, r, &one, ok);
}

/* log((1 + s)/(1 - s)) = 2 atanh(s) = 2 s A(w), w = s^2, A(w) = sum_{j>=0} w^j/(2j + 1), for
 * |s| < 1; with w <= W <= 1/2 the tail after N terms is at most W^N/(2N+1) / (1 - W) <=
 * 2 W^N/(2N+1), bounded by 4 W^N hi_N (hi_N of 1/(2N+1), 2 hi >= c). */
IB_HDN void ib1_atanh2(ib1 *r, const ib1 *s, int *ok) {
  ib1 w, A;
  ib1_mul(&w, s, s, ok);
  const double W = ib1_upper(&w);
  if (!*ok || !(W <= 0.5)) {
    *ok = 0;
    return;
  }
  const double(*tab)[2] = IB1_RODD_D;
  const int N = ib1_terms(W, tab, 0, 1, IB1_NODD - 1);
  ib1_horner(&A, &w, tab, 0, 1, N, 0, ok);
  A.r = ib1_ru_add(A.r, ib1_ru_mul(ib1_ru_pow(W, N), 4 * tab[N][0]));
  ib1_mul(r, s, &A, ok);
  ib1_scale(r, r, 1, ok);
}
/* log(x) for a ball of positive numbers: x = 2^k v with v_h in [1/sqrt 2, sqrt 2) (exact
 * scaling), log v = 2 atanh(s), s = (v - 1)/(v + 1), |s| < 0.18; plus k log 2 */
IB_HDN void ib1_log(ib1 *r, const ib1 *x, int *ok) {
  if (!(x->h > 0) || !(ib1_lower(x) > 0)) {
    *ok = 0;
    return;
  }
  int ex;
  const double m = frexp(x->h, &ex);
  const int k = m < 0.70710678118654752 ? ex - 1 : ex;
  ib1 v = {0, 0, 0}, num, den, s; /* v: ib1_scale leaves it on failure (ok = 0) */
  const ib1 one = ib1_exact(1);
  ib1_scale(&v, x, -k, ok);
  ib1_sub(&num, &v, &one, ok);
  ib1_add(&den, &v, &one, ok);
  ib1_div(&s, &num, &den, ok);
  ib1_atanh2(r, &s, ok);
  if (k && *ok) {
    const ib1 ln2 = ib1_table_const(IB_LN2_D, IB_LN2_E, ok), K = ib1_exact(k);
    ib1 P;
    ib1_mul(&P, &K, &ln2, ok);
    ib1_add(r, r, &P, ok);
  }
}
/* log1p(x) = 2 atanh(x / (2 + x)) for |x| <= 0.4 (every point; then |s| <= 0.25): x's low
 * word stays in the numerator, so a tiny x keeps its precision; else log(1 + x) */
IB_HDN void ib1_log1p(ib1 *r, const ib1 *x, int *ok) {
  const ib1 one = ib1_exact(1), two = ib1_exact(2);
  ib1 t;
  if (ib1_upper(x) <= 0.4) {
    ib1_add(&t, x, &two, ok);
    ib1_div(&t, x, &t, ok);
    ib1_atanh2(r, &t, ok);
    return;
  }
  ib1_add(&t, x, &one, ok);
  ib1_log(r, &t, ok);
}

/* x (2/pi) for x = M 2^E > 0 exact (M < 2^53 an integer, E <= 430): k mod 4 and the ball F
 * of f = x (2/pi) - k, |f| <= 1/2 (Payne and Hanek). The bits of 2/pi whose weights,
 * times 2^E, are 2^1 down to 2^-190 form the 192-bit integer W (words from ib1_const.h's
 * 768 bits, zeros above the first); the bits above weigh multiples of 4 (times the
 * integer M: nothing mod 4); those below sum to less than 2^-190, so M 2^E (2/pi) = M W
 * 2^-190 + delta (mod 4), 0 <= delta < 2^(53 - 190) = 2^-137. M W (256 bits) gives k mod 4
 * (bits 190, 191) and the 190-bit fraction, rounded to the nearest integer k (f =
 * fraction - 1 when it is >= 1/2). F: |f| as words (ib1_from_words, its truncation in
 * the radius) plus 2^-137. */
IB_HD uint64_t ib1_2pi_window(int64_t p) { /* 64 bits of 2/pi from bit position p (0: weight 2^-1) */
  const uint64_t *T = IB1_2PI_D;
  if (p <= -64) return 0;
  if (p < 0) return T[0] >> -p;
  const int i = (int)(p >> 6), b = (int)(p & 63);
  return b ? (T[i] << b) | (T[i + 1] >> (64 - b)) : T[i];
}
IB_HDN void ib1_reduce_pio2(double ax, int *q, ib1 *F, int *ok) {
  int ex;
  const double mm = frexp(ax, &ex);
  const uint64_t M = (uint64_t)ldexp(mm, 53);
  const int64_t E = ex - 53, p0 = E - 2; /* the bit of 2/pi of weight 2^-(E-1), times 2^E: 2^1 */
  if (E > 430) {
    *ok = 0;
    return;
  }
  const uint64_t W0 = ib1_2pi_window(p0), W1 = ib1_2pi_window(p0 + 64), W2 = ib1_2pi_window(p0 + 128);
  uint64_t a1, a0, b1, b0, c1, c0;
  ib_mul64(M, W2, &a1, &a0);
  ib_mul64(M, W1, &b1, &b0);
  ib_mul64(M, W0, &c1, &c0);
  /* P = P0:P1:P2:P3 = M W; P0 (bits 192..255) only weighs multiples of 4 */
  const uint64_t P3 = a0, P2 = a1 + b0, k2 = P2 < a1;
  const uint64_t s1 = b1 + c0, k1a = s1 < b1, P1 = s1 + k2;
  (void)k1a; /* carries into P0 weigh multiples of 4 */
  (void)P3;
  int qq = (int)(P1 >> 62);
  uint64_t G[3] = {P1 & 0x3fffffffffffffffull, P2, P3};
  int neg = 0;
  if (G[0] >> 61) { /* f >= 1/2: k + 1 and |f| = 2^190 - fraction */
    qq = (qq + 1) & 3;
    neg = 1;
    G[2] = ~G[2] + 1;
    G[1] = ~G[1] + (G[2] == 0);
    G[0] = (~G[0] + (G[2] == 0 && G[1] == 0)) & 0x3fffffffffffffffull;
  }
  *q = qq;
  /* |f| = G 2^-190 = 0.G' 2^2 with G' = G as 192 bits (two leading zeros) */
  const int64_t lz = mant_clz(G, 3);
  if (lz == 192) {
    *F = ib1_exact(0);
  } else {
    mant_shl(G, 3, lz);
    ib1_from_words(F, G, 3, 2 - lz, neg, 0, ok);
  }
  F->r = ib1_ru_add(F->r, 0x1p-137);
}

/* sin t and vers t = 1 - cos t for |t| <= 2 (every point), z = t^2 in [0, Z], Z <= 4:
 *   sin t = t Q(z), Q(z) = sum_{j>=0} (-1)^j z^j/(2j + 1)!,
 *   vers t = z V(z), V(z) = sum_{j>=0} (-1)^j z^j/(2j + 2)!;
 * both alternate with terms decreasing from the first (z <= 4 < (2j + 2)(2j + 3)), so the
 * tail after N terms is at most the first omitted, Z^N/(2N + 1)! (Q) or Z^N/(2N + 2)! (V),
 * bounded by 2 Z^N hi. */
IB_HDN void ib1_sinvers(ib1 *S, ib1 *Vr, const ib1 *t, int *ok) {
  ib1 z, A;
  ib1_mul(&z, t, t, ok);
  const double Z = ib1_upper(&z);
  if (!*ok || !(Z <= 4)) {
    *ok = 0;
    return;
  }
  const double(*tab)[2] = IB1_RFACT_D;
  int N = ib1_terms(Z, tab, 1, 2, (IB1_NFACT - 2) / 2);
  ib1_horner(&A, &z, tab, 1, 2, N, 1, ok);
  A.r = ib1_ru_add(A.r, ib1_ru_mul(ib1_ru_pow(Z, N), 2 * tab[2 * N + 1][0]));
  ib1_mul(S, t, &A, ok);
  N = ib1_terms(Z, tab, 2, 2, (IB1_NFACT - 3) / 2);
  ib1_horner(&A, &z, tab, 2, 2, N, 1, ok);
  A.r = ib1_ru_add(A.r, ib1_ru_mul(ib1_ru_pow(Z, N), 2 * tab[2 * N + 2][0]));
  ib1_mul(Vr, &z, &A, ok);
}
/* sin x and cos x: x = h + l (+- r); for |h| >= pi/4, h (2/pi) = k + f (ib1_reduce_pio2,
 * exact but for F's radius), so x = k pi/2 + t with t = f pi/2 + l (+- r) (pi/2 from the
 * generic table: 106 bits and a radius; a low word beyond pi/4 reduced likewise); then
 * t = i/64 + d and the table's sin, cos(i/64); then by k mod 4: (sin, cos) = (S, C), (C, -S),
 * (-S, -C), (-C, S) with S = sin t, C = 1 - vers t. want: 1 sin, 2 cos, 3 both. */
IB_HDN void ib1_sincos(ib1 *sn, ib1 *cs, const ib1 *x, int *ok) {
  ib1 t = *x, S, V;
  int q = 0;
  if (fabs(x->h) >= 0.78) {
    ib1 F, hp, L = {x->l, 0, x->r};
    ib1_reduce_pio2(fabs(x->h), &q, &F, ok);
    if (!*ok) return;
    hp = ib1_table_const(IB_PI_D, IB_PI_E - 1, ok);
    ib1_mul(&t, &F, &hp, ok);
    if (x->h < 0) ib1_neg(&t, &t), q = (4 - q) & 3;
    if (fabs(x->l) >= 0.78) { /* the low word reduced the same way: t = f_h pi/2 + f_l pi/2 */
      int q2;
      ib1 t2;
      ib1_reduce_pio2(fabs(x->l), &q2, &F, ok);
      ib1_mul(&t2, &F, &hp, ok);
      if (x->l < 0) ib1_neg(&t2, &t2), q2 = (4 - q2) & 3;
      ib1_add(&t, &t, &t2, ok);
      q = (q + q2) & 3, L.h = 0;
    }
    ib1_add(&t, &t, &L, ok);
  }
  /* t = i/64 + d, |d| <= 1/128 (and the radius): sin t = s_i (1 - vers d) + c_i sin d,
   * cos t = c_i (1 - vers d) - s_i sin d with s_i, c_i = sin, cos(i/64) from the table
   * (balls: 2^-103 |hi|); i = 0 leaves t (sin 0 = 0, cos 0 = 1 exactly) */
  const double ti = nearbyint(t.h * 64);
  if (!(fabs(ti) <= 128)) {
    *ok = 0;
    return;
  }
  const int i = (int)fabs(ti), si = ti < 0 ? -1 : 1;
  if (i) {
    const ib1 t0 = ib1_exact(ti / 64);
    ib1_sub(&t, &t, &t0, ok);
  }
  ib1_sinvers(&S, &V, &t, ok);
  const ib1 one = ib1_exact(1);
  ib1_sub(&V, &one, &V, ok); /* cos d */
  if (i) {
    const double(*sc)[4] = IB1_SC64_D;
    const ib1 s0 = {si * sc[i][0], si * sc[i][1], ib1_ru_mul(fabs(sc[i][0]), 0x1p-103)},
              c0 = {sc[i][2], sc[i][3], ib1_ru_mul(fabs(sc[i][2]), 0x1p-103)};
    ib1 a, b, St;
    ib1_mul(&a, &s0, &V, ok);
    ib1_mul(&b, &c0, &S, ok);
    ib1_add(&St, &a, &b, ok);
    ib1_mul(&a, &c0, &V, ok);
    ib1_mul(&b, &s0, &S, ok);
    ib1_sub(&V, &a, &b, ok);
    S = St;
  }
  switch (q) {
  case 0: *sn = S, *cs = V; break;
  case 1: *sn = V, ib1_neg(cs, &S); break;
  case 2: ib1_neg(sn, &S), ib1_neg(cs, &V); break;
  default: ib1_neg(sn, &V), *cs = S; break;
  }
}

/* sinh, cosh, tanh from M = expm1(|x|) (relative precision at every size):
 *   sinh|x| = (e^|x| - e^-|x|)/2 = (M + M/(1 + M))/2, cosh x = 1 + M^2/(2 (1 + M)),
 *   tanh|x| = M2/(M2 + 2) with M2 = expm1(2|x|); odd ones take x's sign. */
IB_HDN void ib1_hyp(ib1 *r, const ib1 *x, int fn, int *ok) {
  ib1 ax, M = {0, 0, 0}, D = {0, 0, 0}, t; /* M, D: read only while ok, set before; initialised for the compiler */
  const ib1 one = ib1_exact(1), two = ib1_exact(2);
  const int neg = x->h < 0; /* r may be x */
  ib1_abs(&ax, x);
  if (fn == IBF_TANH) {
    ib1_scale(&ax, &ax, 1, ok);
    ib1_expm1(&M, &ax, ok);
    ib1_add(&D, &M, &two, ok);
    ib1_div(r, &M, &D, ok);
  } else {
    ib1_expm1(&M, &ax, ok);
    ib1_add(&D, &M, &one, ok);
    if (fn == IBF_SINH) {
      ib1_div(&t, &M, &D, ok);
      ib1_add(r, &M, &t, ok);
    } else {
      ib1_mul(&t, &M, &M, ok);
      ib1_div(&t, &t, &D, ok);
      ib1_add(r, &t, &two, ok); /* 2 cosh x = 2 + M^2/(1 + M) */
    }
    ib1_scale(r, r, -1, ok);
  }
  if (fn != IBF_COSH && neg) ib1_neg(r, r);
}

/* atan(x). |x| > 1 at every point: atan x = sign(x) pi/2 - atan(1/x). Then two halvings
 * atan v = 2 atan(v / (1 + sqrt(1 + v^2))) (every real v) bring |u| <= tan(pi/16) < 0.2
 * (plus the radius), and atan u = u A(w), w = u^2, A(w) = sum_{j>=0} (-1)^j w^j/(2j+1),
 * alternating with decreasing terms for w <= 1: the tail after N terms is at most the
 * first omitted, W^N/(2N+1), bounded by 2 W^N hi_N. */
IB_HDN void ib1_atan(ib1 *r, const ib1 *x, int *ok) {
  ib1 v = *x, t, w, A;
  const ib1 one = ib1_exact(1);
  const double lo = ib1_lower(x);
  const int flip = lo > 1, neg = x->h < 0; /* r may be x */
  if (flip) ib1_div(&v, &one, x, ok);
  else if (!(ib1_upper(x) <= 1)) {
    *ok = 0; /* straddles 1: the generic level's */
    return;
  }
  for (int i = 0; i < 2; i++) {
    ib1_mul(&t, &v, &v, ok);
    ib1_add(&t, &t, &one, ok);
    ib1_sqrt(&t, &t, ok);
    ib1_add(&t, &t, &one, ok);
    ib1_div(&v, &v, &t, ok);
  }
  ib1_mul(&w, &v, &v, ok);
  const double W = ib1_upper(&w);
  if (!*ok || !(W <= 0.5)) {
    *ok = 0;
    return;
  }
  const double(*tab)[2] = IB1_RODD_D;
  const int N = ib1_terms(W, tab, 0, 1, IB1_NODD - 1);
  ib1_horner(&A, &w, tab, 0, 1, N, 1, ok);
  A.r = ib1_ru_add(A.r, ib1_ru_mul(ib1_ru_pow(W, N), 2 * tab[N][0]));
  ib1_mul(r, &v, &A, ok);
  ib1_scale(r, r, 2, ok);
  if (flip) {
    ib1 hp = ib1_table_const(IB_PI_D, IB_PI_E - 1, ok);
    if (neg) ib1_neg(&hp, &hp);
    ib1_sub(r, &hp, r, ok);
  }
}

/* x^(p/q), q > 1 (the real q-th root to the power p): for a ball of one sign (q odd, or
 * positive), |x|^(p/q) = exp(log|x| p / q) (p, q exact integers; ball operations), of the
 * sign of x^p for odd q. A ball that may hold 0 or a negative one with q even has no
 * rule (the generic level's). */
IB_HDN void ib1_pow_frac(ib1 *r, const ib1 *x, int32_t p, int32_t q, int *ok) {
  const int neg = x->h < 0;
  if (!(ib1_lower(x) > 0) || (neg && !(q & 1))) {
    *ok = 0;
    return;
  }
  ib1 a, L;
  const ib1 P = ib1_exact(p), Q = ib1_exact(q);
  ib1_abs(&a, x);
  ib1_log(&L, &a, ok);
  ib1_mul(&L, &L, &P, ok);
  ib1_div(&L, &L, &Q, ok);
  ib1_exp(r, &L, ok);
  if (neg && (p & 1)) ib1_neg(r, r);
}

/* the functions with a rule here: a program calling any other runs the generic 1-word
 * level instead (ib1_eval) */
IB_HD int ib1_has_rule(int fn) {
  switch (fn) {
  case IBF_EXP: case IBF_EXPM1: case IBF_LOG: case IBF_LOG1P: case IBF_SQRT: case IBF_RSQRT: case IBF_RECIP:
  case IBF_SIN: case IBF_COS: case IBF_TAN: case IBF_SINH: case IBF_COSH: case IBF_TANH: case IBF_FABS:
  case IBF_ATAN: case IBF_CBRT: case IBF_RCBRT: return 1;
  default: return 0;
  }
}
/* one function of the program (ib1_has_rule) */
IB_HDN void ib1_fn(ib1 *r, const ib1 *x, int fn, int *ok) {
  ib1 t, u;
  const ib1 one = ib1_exact(1);
  switch (fn) {
  case IBF_EXP: ib1_exp(r, x, ok); return;
  case IBF_EXPM1: ib1_expm1(r, x, ok); return;
  case IBF_LOG: ib1_log(r, x, ok); return;
  case IBF_LOG1P: ib1_log1p(r, x, ok); return;
  case IBF_SQRT: ib1_sqrt(r, x, ok); return;
  case IBF_RSQRT:
    ib1_sqrt(&t, x, ok);
    ib1_div(r, &one, &t, ok);
    return;
  case IBF_RECIP: ib1_div(r, &one, x, ok); return;
  case IBF_SIN: ib1_sincos(r, &t, x, ok); return;
  case IBF_COS: ib1_sincos(&t, r, x, ok); return;
  case IBF_TAN:
    ib1_sincos(&t, &u, x, ok);
    ib1_div(r, &t, &u, ok);
    return;
  case IBF_SINH:
  case IBF_COSH:
  case IBF_TANH: ib1_hyp(r, x, fn, ok); return;
  case IBF_FABS: ib1_abs(r, x); return;
  case IBF_ATAN: ib1_atan(r, x, ok); return;
  case IBF_CBRT: ib1_pow_frac(r, x, 1, 3, ok); return;
  case IBF_RCBRT: ib1_pow_frac(r, x, -1, 3, ok); return;
  default: *ok = 0;
  }
}

#endif
