/* fast_build.c: builds the fast-path table (fast.h) with Arb, in parallel (OpenMP
 * tasks over blocks).
 *
 * Scheme. The requested ranges are cut into the largest aligned blocks of 2^k
 * consecutive bit patterns (k <= 23, so a block never leaves its binade). Each
 * block is tried (try_block): the Taylor series of f at the block's centre c (an
 * exact binary64 number, radius 0) gives the coefficients, the series on the ball
 * covering the whole block gives the Lagrange remainder and the range of |f|. The
 * smallest degree n <= nmax, then the smallest number K of double-double
 * coefficients, whose total bound eps = remainder + coefficient rounding + evaluation
 * rounding (fast_eval_bound) is <= 2^target * min|f| over the block is kept. If no
 * (n, K) does, the block is split in two halves, recursively, down to 2^min_lgsize
 * patterns; a block of that size is kept "best effort" (the least eps found, if
 * it can still decide some inputs) or left undecided (f not analytic on it). A
 * block where f is nowhere usable (the series says FAST_SERIES_NOWHERE) or whose
 * values are all beyond binary64's range (|f| > 2^1025 or < 2^-1200) is left
 * undecided without splitting.
 *
 * Correctness of the table does not depend on any of these heuristics: whatever
 * (n, K, coefficients) is stored, eps is a proved bound for it (below), and the
 * evaluator's rounding test (fast_eval.h) uses only eps. The heuristics decide how
 * many inputs end up undecided, and the size and build time of the table.
 */
#include "fast.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#define FAST_BALL_PREC 128     /* first precision of the series on the ball */
#define FAST_MAX_PREC 4096     /* precision cap of the retries */
#define FAST_CENTRE_RETRY_PREC 1024 /* centre_coeffs: a failed series retried up to this precision */
#define FAST_KEEP_LOG2 (-60)   /* best-effort blocks are kept if eps <= 2^-60 (scaled) */
#define FAST_EPS_MIN_LOG2 (-900)
#define FAST_ZANC_MAX 0x1p-16  /* blocks within [-2^-16, 2^-16] try the Taylor anchor at 0 */
#define FAST_LANC_MIN 0x1p16   /* blocks beyond 2^16 in magnitude try the line f follows there */
#define FAST_LANC_BITS 20      /* significant bits of that line's coefficients */
#define FAST_TM_LOST_MINLG 12  /* blocks of 2^12 patterns and more to split try the model where the ball lost */

void fast_opts_default(struct fast_opts *o) {
  o->nmax = 20;
  o->target_log2 = -80;
  o->min_lgsize = FAST_MIN_LGSIZE;
  o->prec = 192;
  o->threads = 0;
  o->verbose = 0;
  o->budget_s = 0;
  o->stop = NULL;
  o->balls_first = 0;
}

/* ---------------------------------------------------------------------------
 * The rounding-error bound of fast_poly (fast_eval.h).
 *
 * Model. u = 2^-53, eta = 2^-1075. For every binary64 operation of fast_poly
 * (add, sub, mul, fma: one rounding of the exact result v to nearest even), the
 * result RN(v) satisfies |RN(v) - v| <= u|v| + eta (u|v| in the normal range, at
 * most half the subnormal spacing 2^-1074 below it) and |RN(v)| <= |v|(1+u) + eta.
 * No overflow: every stored coefficient is < 2^8 in magnitude (the builder scales
 * the largest term to [1, 2); see try_block) and |w| < 1, so every intermediate is
 * far below 2^1024. TwoSum is exact (fast_eval.h). Everything below is computed
 * with Arb's mag_t, whose operations round upwards, so every computed bound is >=
 * the real-number bound it stands for.
 *
 * Notation. b_i = hi_i + lo_i (lo_i = 0 for i >= K) are the stored coefficients,
 * Q_i(w) = sum_{j>=i} b_j w^(j-i) the exact polynomials (Q_i = b_i + w Q_{i+1}),
 * A_i = sum_{j>=i} |b_j| >= |Q_i(w)| for |w| <= 1.
 *
 * Stage 1 (K <= n): q_n = hi_n = Q_n exactly. q_i = RN(q_{i+1} w + hi_i): the exact
 * argument v satisfies |v| <= |q_{i+1}| + |hi_i| <= A_{i+1} + D_{i+1} + |hi_i|
 * = A_i + D_{i+1}, so with D_i >= |q_i - Q_i|:
 *     |q_i - Q_i| <= |w||q_{i+1} - Q_{i+1}| + |RN(v) - v| <= D_{i+1} + u(A_i + D_{i+1}) + eta.
 * The double-double state then starts as (h, l) = (q_K, 0): |h| <= A_K + D_K,
 * l = 0, and S = h + l is within D_K of Q_K. (K = n + 1: (h, l) = (hi_n, lo_n),
 * S = Q_n exactly.)
 *
 * Stage 2, one step with coefficient (hi, lo) = (hi_i, lo_i), given bounds
 * Hb >= |h|, Lb >= |l|, D >= |S - Q_{i+1}| (S = h + l):
 *   ph = RN(hw)            |ph| <= Phb = Hb(1+u) + eta; |hw - ph| <= X0 = u Hb + eta
 *   pe = RN(hw - ph)       (the fma's exact argument is hw - ph) pe = hw - ph + e0,
 *                          |e0| <= u X0 + eta; |pe| <= Peb = X0 + |e0|
 *   pl = RN(lw + pe)       pl = lw + pe + e1, |lw + pe| <= X1 = Lb + Peb,
 *                          |e1| <= u X1 + eta; |pl| <= X1 + |e1|
 *   (sh, se) = TwoSum(hi, ph)   sh + se = hi + ph exactly; |sh| <= (|hi| + Phb)(1+u)
 *                          + eta; |se| <= min(|hi|, |ph|, u|sh| + eta)
 *   tt = RN(lo + pl)       tt = lo + pl + e2, |e2| <= u(|lo| + |pl|) + eta
 *   l' = RN(se + tt)       l' = se + tt + e3, |e3| <= u(|se| + |tt|) + eta
 *   h' = sh
 * Then S' = h' + l' = sh + se + tt + e3 = hi + ph + lo + pl + e2 + e3
 *        = hi + lo + ph + lw + pe + e1 + e2 + e3 = b_i + ph + lw + (hw - ph) + e0 + e1 + e2 + e3
 *        = b_i + S w + e0 + e1 + e2 + e3,
 * and Q_i = b_i + Q_{i+1} w, so |S' - Q_i| <= |w| D + |e0| + |e1| + |e2| + |e3|
 *                                          <= D + |e0| + |e1| + |e2| + |e3|.
 * The final TwoSum is exact: vh + vl = S_0, so |vh + vl - Q_0(w)| <= D_0.
 * ------------------------------------------------------------------------- */

struct fast_mags {
  mag_t u, eta;
};

static void fm_init(struct fast_mags *m) {
  mag_init(m->u);
  mag_init(m->eta);
  mag_set_ui_2exp_si(m->u, 1, -53);
  mag_set_ui_2exp_si(m->eta, 1, -1075);
}
static void fm_clear(struct fast_mags *m) {
  mag_clear(m->u);
  mag_clear(m->eta);
}
/* r >= |RN(v)| for any |v| <= x:  x(1+u) + eta */
static void fm_rn(mag_t r, const mag_t x, const struct fast_mags *m) {
  mag_t t;
  mag_init(t);
  mag_mul(t, x, m->u);
  mag_add(t, t, x);
  mag_add(r, t, m->eta);
  mag_clear(t);
}
/* r >= |RN(v) - v| for any |v| <= x:  u x + eta */
static void fm_err(mag_t r, const mag_t x, const struct fast_mags *m) {
  mag_mul(r, x, m->u);
  mag_add(r, r, m->eta);
}

/* One double-double step (see above): updates Hb, Lb, D. */
static void fm_step(mag_t Hb, mag_t Lb, mag_t D, double hi, double lo, const struct fast_mags *m) {
  mag_t ahi, alo, phb, x0, e, peb, x1, plb, shb, seb, t;
  mag_init(ahi); mag_init(alo); mag_init(phb); mag_init(x0); mag_init(e); mag_init(peb);
  mag_init(x1); mag_init(plb); mag_init(shb); mag_init(seb); mag_init(t);
  mag_set_d(ahi, hi); /* mag_set_d: an upper bound of |hi| */
  mag_set_d(alo, lo);
  fm_rn(phb, Hb, m);               /* |ph| */
  fm_err(x0, Hb, m);               /* |hw - ph| */
  fm_err(e, x0, m);                /* e0 */
  mag_add(D, D, e);
  mag_add(peb, x0, e);             /* |pe| */
  mag_add(x1, Lb, peb);            /* |lw + pe| */
  fm_err(e, x1, m);                /* e1 */
  mag_add(D, D, e);
  mag_add(plb, x1, e);             /* |pl| */
  mag_add(t, ahi, phb);
  fm_rn(shb, t, m);                /* |sh| */
  fm_err(seb, shb, m);             /* |se| <= u|sh| + eta ... */
  mag_min(seb, seb, phb);          /* ... <= |ph| ... */
  mag_min(seb, seb, ahi);          /* ... <= |hi| */
  mag_add(t, alo, plb);            /* |lo + pl| */
  fm_err(e, t, m);                 /* e2 */
  mag_add(D, D, e);
  mag_add(t, t, e);                /* |tt| */
  mag_add(t, t, seb);              /* |se + tt| */
  fm_err(e, t, m);                 /* e3 */
  mag_add(D, D, e);
  mag_add(Lb, t, e);               /* |l'| */
  mag_swap(Hb, shb);               /* |h'| = |sh| */
  mag_clear(ahi); mag_clear(alo); mag_clear(phb); mag_clear(x0); mag_clear(e); mag_clear(peb);
  mag_clear(x1); mag_clear(plb); mag_clear(shb); mag_clear(seb); mag_clear(t);
}

void fast_eval_bound(mag_t D, const double *hi, const double *lo, int n, int K) {
  struct fast_mags m;
  mag_t A[FAST_MAX_DEG + 2], Hb, Lb, t;
  fm_init(&m);
  mag_init(Hb); mag_init(Lb); mag_init(t);
  for (int i = 0; i <= n + 1; i++) mag_init(A[i]);
  for (int i = n; i >= 0; i--) { /* A_i = sum_{j>=i} |hi_j| + |lo_j| */
    mag_set_d(t, hi[i]);
    mag_add(A[i], A[i + 1], t);
    if (i < K) {
      mag_set_d(t, lo[i]);
      mag_add(A[i], A[i], t);
    }
  }
  mag_zero(D);
  int i0;
  if (K <= n) { /* stage 1 */
    for (int i = n - 1; i >= K; i--) {
      mag_add(t, A[i], D);
      fm_err(t, t, &m);
      mag_add(D, D, t);
    }
    mag_add(Hb, A[K], D);
    mag_zero(Lb);
    i0 = K - 1;
  } else {
    mag_set_d(Hb, hi[n]);
    mag_set_d(Lb, lo[n]);
    i0 = n - 1;
  }
  for (int i = i0; i >= 0; i--) fm_step(Hb, Lb, D, hi[i], lo[i], &m);
  for (int i = 0; i <= n + 1; i++) mag_clear(A[i]);
  mag_clear(Hb); mag_clear(Lb); mag_clear(t);
  fm_clear(&m);
}

/* ---------------------------------------------------------------------------
 * One block.
 * ------------------------------------------------------------------------- */

struct leaf {
  uint32_t first;
  int k;  /* lgsize */
  int ok; /* 1: a polynomial; 0: undecided */
  struct fast_block b;
  double hi[FAST_MAX_DEG + 1], lo[FAST_MAX_DEG + 1];
  double anc[4]; /* FAST_ANCHORED and FAST_BOUND blocks: the anchor (a0, a1, a2, q), fast_eval.h */
};

struct ctx {
  const struct fast_fn *fn;
  struct fast_opts o;
  struct leaf *leaves;
  size_t nleaves, cap;
  uint64_t tries, best_effort;
  int oom;
  double deadline;   /* omp_get_wtime() past which no block is tried (0: none) */
  int over_budget;   /* some block was left undecided for want of time (or a stop) */
  int zanc_ok;       /* zanc holds the anchor of f's Taylor polynomial at 0 (zero_anchor) */
  double zanc[4];
  struct leaf *split; /* the first pass's blocks to split (build_rec's defer) */
  size_t nsplit, splitcap;
  uint64_t left_fast; /* patterns of the splits left to the fast balls (fast_opts.balls_first) */
};

/* Geometry (fast_eval.h): centre c = sign*(X0 + (2^k-1) h/2), exact in binary64
 * (an integer < 2^25 times h/2); the ball radius (2^k-1) h/2 = max |x - c|, exact;
 * r = 2^(k-1) h = 2^lr. */
static void geometry(uint32_t first, int k, double *c, double *rad, int *lr) {
  uint32_t mag = first & 0x7fffffffu, e = mag >> 23;
  int lh = e == 0 ? -149 : (int)e - 150; /* log2 h */
  float xf;
  memcpy(&xf, &mag, 4);
  double half = ldexp(1.0, lh - 1);
  *rad = (double)((1u << k) - 1u) * half; /* exact: < 2^23 times a power of two */
  double C = (double)xf + *rad;             /* exact: see above */
  *c = (first >> 31) ? -C : C;
  *lr = k - 1 + lh;
}

static int vec_finite(arb_srcptr v, slong len) {
  for (slong i = 0; i < len; i++)
    if (!arb_is_finite(v + i)) return 0;
  return 1;
}

enum { TRY_OK, TRY_SPLIT, TRY_UNDEC, TRY_NOWHERE };

/* Where a block's series come from: the function's own series, or (plan != NULL) its
 * anchored series (fast.h) following the plan recorded at the block's centre, whose
 * anchor was anc; or (poly) f's own series less the anchor anc (the Taylor polynomial of f
 * at 0: zero_anchor); with fold, the anchor is added back (the series of f itself). */
struct src {
  const struct fast_fn *fn;
  signed char *plan;
  double anc[5]; /* the anchor (a0, a1, a2, q) and the sign of D (fast_anchored_fn) */
  int fold;
  int poly;
};

/* res += s A(x + t) as a series in t (s = +-1): A(x + t) = A(x) + (a1/q + 2 a2 x) t + a2 t^2 */
static void anchor_series_add(arb_ptr res, const double *a, const arb_t x, slong len, slong prec, int s) {
  arb_t t, u;
  arb_init(t), arb_init(u);
  arb_set_d(t, s * a[2]);
  if (len > 2) arb_add(res + 2, res + 2, t, prec);
  arb_mul_2exp_si(u, t, 1);
  arb_mul(u, u, x, prec);
  arb_set_d(t, s * a[1]);
  arb_div_ui(t, t, (ulong)a[3], prec);
  arb_add(u, u, t, prec);
  if (len > 1) arb_add(res + 1, res + 1, u, prec);
  arb_set_d(u, s * a[2]);
  arb_mul(u, u, x, prec);
  arb_add(u, u, t, prec);
  arb_mul(u, u, x, prec);
  arb_set_d(t, s * a[0]);
  arb_add(u, u, t, prec);
  arb_add(res, res, u, prec);
  arb_clear(t), arb_clear(u);
}

static int src_series(const struct src *s, arb_ptr res, const arb_t x, slong len, slong prec, int *dsgn) {
  if (dsgn) *dsgn = 0;
  if (s->poly) { /* D = f - A: Arb's balls carry the cancellation, the callers raise the precision */
    int rc = fast_fn_series(s->fn, res, x, len, prec);
    if (!rc && !s->fold) anchor_series_add(res, s->anc, x, len, prec, -1);
    return rc;
  }
  if (!s->plan) return fast_fn_series(s->fn, res, x, len, prec);
  double a[5];
  int rc = s->fn->anchored(res, a, x, len, prec, s->fn->ctx, s->plan, 1);
  if (rc) return rc;
  if (dsgn && !s->fold) *dsgn = (int)a[4];
  for (int k = 0; k < 4; k++)
    if (a[k] != s->anc[k]) return -1; /* the plan fixes the anchor: cannot happen */
  if (s->fold) anchor_series_add(res, a, x, len, prec, 1);
  return 0;
}

/* The series on the ball [c - rad, c + rad]: bc[0..len). Retries at a higher
 * precision when the value's enclosure contains 0 (it may be the precision, not a
 * zero of f). Returns TRY_OK, TRY_SPLIT (not analytic), TRY_NOWHERE; *dsgn (may be
 * NULL): the sign of the anchored series' deviation on the ball, where proved. */
static int ball_series(const struct src *sr, arb_ptr bc, slong len, double c, double rad, int *dsgn) {
  arb_t ball;
  arb_init(ball);
  arb_set_d(ball, c);
  mag_set_d(arb_radref(ball), rad); /* an upper bound: the ball covers the block */
  int st = TRY_SPLIT;
  for (slong p = FAST_BALL_PREC; p <= 4 * FAST_BALL_PREC; p *= 2) {
    int s = src_series(sr, bc, ball, len, p, dsgn);
    if (s == FAST_SERIES_NOWHERE) { st = TRY_NOWHERE; break; }
    if (s != 0 || !vec_finite(bc, len)) { st = TRY_SPLIT; break; }
    st = TRY_OK;
    if (!arb_contains_zero(bc)) break;
  }
  arb_clear(ball);
  return st;
}

/* E with max_i |a_i| r^i in [2^E, 2^(E+1)), from the midpoints; 0 if all are 0. */
static int choose_exponent(arb_srcptr a, int len, int lr, slong *E) {
  int found = 0;
  slong best = 0;
  for (int i = 0; i < len; i++) {
    if (arf_is_zero(arb_midref(a + i))) continue;
    slong b = arf_abs_bound_lt_2exp_si(arb_midref(a + i)) + (slong)i * lr;
    if (!found || b > best) best = b;
    found = 1;
  }
  *E = best - 1;
  return found;
}

/* The scaled coefficients at the centre: beta_i = a_i * sign^i * 2^(i*lr - E),
 * a_i enclosing f^(i)(c)/i! (f: what sr gives), for i < len; target = tgt 2^-E, the
 * aim for eps in the scaled world. hi_i = RN(beta_i) (midpoint), lo_i =
 * RN(beta_i - hi_i); repd_i >= |beta_i - hi_i|, repdd_i >= |beta_i - hi_i - lo_i|
 * (Arb balls: rigorous whatever the precision). The precision is doubled until the
 * balls are narrow enough not to matter: sum of radii <= max(2^-8 target, 2^-140)
 * (scaled; the largest term is in [1, 2), and the evaluation alone loses ~2^-104
 * of it, so asking for less than 2^-140 near a zero of f would only cost time). Returns 0, or -1 (not analytic at c, or a
 * coefficient too large to keep the no-overflow argument of fast_eval_bound). */
static int centre_coeffs(const struct ctx *cx, const struct src *sr, double c, int lr, int neg, const mag_t tgt,
                         struct leaf *L, mag_ptr repd, mag_ptr repdd, slong *Eout, mag_t target, int len) {
  arb_ptr a = _arb_vec_init(len);
  arb_t x, t, v;
  mag_t rs, need;
  arb_init(x); arb_init(t); arb_init(v);
  mag_init(rs); mag_init(need);
  int ret = -1;
  slong E = 0, p;
  for (p = cx->o.prec; p <= FAST_MAX_PREC; p *= 2) {
    arb_set_d(x, c);
    const int sc = src_series(sr, a, x, len, p, NULL);
    /* a failure at the exact centre may be the precision's (a cancellation there leaves a
     * function's argument a ball around 0: x + sqrt(x^2 + 1) at -2^110 needs 220 bits more
     * than the value's): retried at twice the precision up to 1024 bits */
    const int bad = sc != 0 || !vec_finite(a, len);
    if (bad && sc != FAST_SERIES_NOWHERE && 2 * p <= FAST_CENTRE_RETRY_PREC) continue;
    if (bad) goto done;
    if (!choose_exponent(a, len, lr, &E)) goto done;
    if (E < -1074) E = -1074; /* 2^E must be a binary64 number */
    if (E > 1023) E = 1023;
    mag_zero(rs);
    for (int i = 0; i < len; i++) {
      arb_mul_2exp_si(a + i, a + i, (slong)i * lr - E); /* exact: a power of two */
      if (neg && (i & 1)) arb_neg(a + i, a + i);
      mag_add(rs, rs, arb_radref(a + i));
    }
    mag_mul_2exp_si(target, tgt, -E);
    mag_mul_2exp_si(need, target, -8);
    if (mag_cmp_2exp_si(need, -140) < 0) mag_set_ui_2exp_si(need, 1, -140);
    if (mag_cmp(rs, need) <= 0) break;
  }
  for (int i = 0; i < len; i++) {
    double h = arf_get_d(arb_midref(a + i), ARF_RND_NEAR);
    if (!(fabs(h) <= 0x1p8)) goto done; /* also NaN */
    arb_set_d(t, h);
    arb_sub(t, a + i, t, FAST_MAX_PREC); /* beta_i - hi_i */
    arb_get_mag(repd + i, t);
    double l = arf_get_d(arb_midref(t), ARF_RND_NEAR);
    arb_set_d(v, l);
    arb_sub(v, t, v, FAST_MAX_PREC); /* beta_i - hi_i - lo_i */
    arb_get_mag(repdd + i, v);
    L->hi[i] = h;
    L->lo[i] = l;
  }
  *Eout = E;
  ret = 0;
done:
  _arb_vec_clear(a, len);
  arb_clear(x); arb_clear(t); arb_clear(v);
  mag_clear(rs); mag_clear(need);
  return ret;
}

/* eps(n, K) = R_n + C(n, K) + D(n, K) into tot, with R_n the Lagrange remainder,
 * C the coefficient rounding sum_{i<K} repdd_i + sum_{K<=i<=n} repd_i, D the
 * evaluation bound. Why the sum bounds |f(x)2^-E - (vh + vl)|: with P(w) = sum_{i<=n}
 * beta_i w^i the exact Taylor polynomial, Q(w) the stored one, |w| < 1:
 *   |f(x)2^-E - P(w)| <= sup_xi |f^(n+1)(xi)/(n+1)!| r^(n+1) 2^-E = R_n   (Lagrange,
 *      xi between c and x, inside the ball; |x - c| = r|w| <= r),
 *   |P(w) - Q(w)| <= sum_i |beta_i - b_i| |w|^i <= C,   |Q(w) - (vh + vl)| <= D. */
static void total_bound(mag_t tot, const struct leaf *L, mag_srcptr R, mag_srcptr repd,
                        mag_srcptr repdd, int n, int K) {
  mag_t D;
  mag_init(D);
  fast_eval_bound(D, L->hi, L->lo, n, K);
  mag_add(tot, D, R + n);
  for (int i = 0; i <= n; i++) mag_add(tot, tot, i < K ? repdd + i : repd + i);
  mag_clear(D);
}

/* The smallest n, then the smallest K, with eps(n, K) <= target; failing that, when
 * best_effort, the n minimising eps(n, n + 1) if that eps <= 2^FAST_KEEP_LOG2.
 * Returns 1 with (n, K, eps) or 0. */
static int select_poly(const struct ctx *cx, const struct leaf *L, mag_srcptr R, mag_srcptr repd,
                       mag_srcptr repdd, const mag_t target, int best_effort, int *nb, int *Kb,
                       mag_t eps) {
  mag_t tot, best;
  mag_init(tot); mag_init(best);
  int found = 0;
  for (int n = 1; n <= cx->o.nmax && !found; n++) {
    if (mag_cmp(R + n, target) > 0) continue;
    for (int K = 1; K <= n + 1; K++) {
      total_bound(tot, L, R, repd, repdd, n, K);
      if (mag_cmp(tot, target) <= 0) {
        *nb = n, *Kb = K, found = 1;
        mag_set(eps, tot);
        break;
      }
    }
  }
  if (!found && best_effort) {
    mag_inf(best);
    for (int n = 1; n <= cx->o.nmax; n++) {
      total_bound(tot, L, R, repd, repdd, n, n + 1);
      if (mag_cmp(tot, best) < 0) mag_set(best, tot), *nb = n, *Kb = n + 1;
    }
    found = mag_cmp_2exp_si(best, FAST_KEEP_LOG2) <= 0;
    mag_set(eps, best);
  }
  mag_clear(tot); mag_clear(best);
  return found;
}

/* Some degree n <= nmax with remainder <= tgt, compared unscaled: |bc_{n+1}| r^(n+1)
 * <= tgt. */
static int remainder_reachable(const struct ctx *cx, arb_srcptr bc, int lr, const mag_t tgt) {
  mag_t t, tg;
  mag_init(t); mag_init(tg);
  mag_set(tg, tgt);
  int ok = 0;
  for (int n = 1; n <= cx->o.nmax && !ok; n++) {
    arb_get_mag(t, bc + n + 1);
    mag_mul_2exp_si(t, t, (slong)(n + 1) * lr);
    ok = mag_cmp(t, tg) <= 0;
  }
  mag_clear(t); mag_clear(tg);
  return ok;
}

/* Fills the block record of an accepted leaf (coef offset set at assembly). */
static void fill_block(struct leaf *L, slong E, int n, int K, const mag_t eps, int kind) {
  arf_t t;
  arf_init(t);
  arf_set_mag(t, eps); /* exact */
  double e = arf_get_d(t, ARF_RND_UP);
  arf_clear(t);
  if (!(e >= 0x1p-900)) e = 0x1p-900; /* eps >= 2^-900 (fast_round needs it) */
  L->b.scale = ldexp(1.0, (int)E);    /* exact: -1074 <= E <= 1023 */
  L->b.eps = e;
  L->b.tsub = E < -200 ? ldexp(1.0, (int)(-1022 - E)) : 0.0; /* 2^-1022 scaled */
  L->b.coef = 0;
  L->b.lgsize = (uint8_t)L->k;
  L->b.deg = (uint8_t)n;
  L->b.ndd = (uint8_t)K;
  L->b.flags = (uint8_t)kind;
  L->ok = 1;
}

/* A block without polynomial (FAST_BOUND, FAST_CONST): degree 0, hi[0] = h, eps = e. */
static void fill_flat(struct leaf *L, double h, double e, unsigned flags) {
  memset(&L->b, 0, sizeof L->b);
  L->hi[0] = h, L->lo[0] = 0;
  L->b.scale = 1.0;
  L->b.eps = e;
  L->b.lgsize = (uint8_t)L->k;
  L->b.ndd = 1;
  L->b.flags = (uint8_t)flags;
  L->ok = 1;
}

/* The polynomial of a block for the series sr gives (f itself, or the deviation D of an
 * anchored block), aiming at eps <= tgt (unscaled); bc: that series on the ball. TRY_OK
 * with L's polynomial and record (flags: kind), else TRY_SPLIT. */
static int fit_poly(struct ctx *cx, const struct src *sr, arb_srcptr bc, double c, int lr, const mag_t tgt,
                    int can_split, struct leaf *L, int kind) {
  const int nmax = cx->o.nmax;
  int n = 0, K = 0, st = TRY_SPLIT;
  slong E = 0;
  mag_t target, eps;
  mag_struct R[FAST_MAX_DEG + 2], repd[FAST_MAX_DEG + 2], repdd[FAST_MAX_DEG + 2];
  mag_init(target), mag_init(eps);
  for (int i = 0; i < nmax + 2; i++) mag_init(R + i), mag_init(repd + i), mag_init(repdd + i);
  if (can_split && (mag_is_zero(tgt) || !remainder_reachable(cx, bc, lr, tgt))) goto out;
  if (centre_coeffs(cx, sr, c, lr, (int)(L->first >> 31), tgt, L, repd, repdd, &E, target, nmax + 1) != 0) goto out;
  for (int m = 0; m <= nmax; m++) { /* R_m: remainder of degree m, scaled */
    arb_get_mag(R + m, bc + m + 1);
    mag_mul_2exp_si(R + m, R + m, (slong)(m + 1) * lr - E);
  }
  if (select_poly(cx, L, R, repd, repdd, target, !can_split, &n, &K, eps)) {
    fill_block(L, E, n, K, eps, kind);
    st = TRY_OK;
    if (mag_cmp(eps, target) > 0) {
#pragma omp atomic
      cx->best_effort++;
    }
  }
out:
  mag_clear(target), mag_clear(eps);
  for (int i = 0; i < nmax + 2; i++) mag_clear(R + i), mag_clear(repd + i), mag_clear(repdd + i);
  return st;
}

/* r = sum_{from <= i < to} |v_i| rho^i, rho = 2^lr: what the terms of a series reach over
 * the block */
static void reach_sum(mag_t r, arb_srcptr v, slong from, slong to, int lr) {
  mag_t t;
  mag_init(t);
  mag_zero(r);
  for (slong i = from; i < to; i++) {
    arb_get_mag(t, v + i);
    mag_mul_2exp_si(t, t, i * lr);
    mag_add(r, r, t);
  }
  mag_clear(t);
}

/* The model of degree len - 1 at precision p from one of degree lx - 1 >= len - 1: the
 * terms of degree len and above join the remainder, each |P_i| rho^i (|x - c| <= rad <=
 * rho = 2^lr on the block), so P[0..len) and I are again a model of f there. */
#define FAST_TM_MAX_LEN 41
static int tm_model(const struct ctx *cx, arb_ptr P, mag_t I, double c, double rad, slong len, slong lx, int lr,
                    slong p) {
  if (lx <= len) return cx->fn->tm(P, I, c, rad, len, p, cx->fn->ctx);
  arb_ptr Q = _arb_vec_init(lx);
  const int rc = cx->fn->tm(Q, I, c, rad, lx, p, cx->fn->ctx);
  if (!rc) {
    mag_t t;
    mag_init(t);
    _arb_vec_set(P, Q, len);
    reach_sum(t, Q, len, lx, lr);
    mag_add(I, I, t);
    mag_clear(t);
  }
  _arb_vec_clear(Q, lx);
  return rc;
}

/* The Taylor model's bounds (fn->tm, expr_tm) in the form of the ball series that fit_poly
 * reads: bc[0] the values' range, P_0 +- (sum_{i>=1} |P_i| rho^i + I); bc[m + 1] (m <
 * len - 1) a ball around 0 whose radius times rho^(m+1) is R_m = sum_{m<i<len} |P_i| rho^i +
 * I, the remainder of the degree-m Taylor polynomial at c on the block (P_i enclose the
 * exact coefficients, and f - P <= I there), rho = 2^lr >= rad. Called where the ball
 * series failed (*st TRY_SPLIT, tm_worth): every entry is the model's, and *st becomes
 * TRY_OK. With an anchor anc (fast.h's A = a0 + a1 x / q + a2 x^2, or NULL), the model is
 * D = f - A's: A's series at c (anchor_series_add) is subtracted from P. The model's precision is doubled until its value keeps 64 bits (a cancellation at
 * the centre, or against A). fc (or NULL): the value at the centre, known accurately; a
 * model whose remainder I alone exceeds the target there (|fc| 2^target_log2: no degree can
 * reach it, the block is split whatever the model says) is dropped after one doubling of
 * the precision that did not shrink I by 2^16 (a quotient's remainder is partly the
 * precision's). Called also where the ball series succeeded but lost to the dependency
 * (ball_lost; *st TRY_OK): the model replaces it only where its enclosure of the value is
 * narrower. Nothing changes where the model fails. */
static int tm_refine(const struct ctx *cx, arb_ptr bc, slong len, double c, double rad, int lr, int *st,
                     const double *anc, arb_srcptr fc) {
  arb_ptr P = _arb_vec_init(len);
  mag_t I, S, t;
  arb_t cb;
  mag_init(I), mag_init(S), mag_init(t);
  arb_init(cb);
  arb_set_d(cb, c);
  int rc = -1;
  const int was_ok = *st == TRY_OK;
  int reach = 0; /* S: a limit on I beyond which the model is of no use */
  if (fc) { /* the target at the centre */
    arb_get_mag_lower(S, fc);
    mag_mul_2exp_si(S, S, cx->o.target_log2);
    reach = 1;
  }
  if (was_ok && (!reach || mag_cmp(arb_radref(bc), S) < 0)) /* nor wider than the ball it replaces */
    mag_set(S, arb_radref(bc)), reach = 1;
  mag_t prev;
  mag_init(prev);
  /* a model of the block's degree first; where none serves, one of about twice the degree
   * whose terms beyond it join the remainder (tm_model): a composition whose inner
   * functions' series converge slowly on the block (a difference of large terms that
   * cancels, x + sqrt(x^2 + 1) at -2^100) reaches with it blocks 50 to 100 times wider */
  for (int pass = 0; pass < 2 && rc; pass++) {
    const slong lx = pass ? (2 * len - 1 < FAST_TM_MAX_LEN ? 2 * len - 1 : FAST_TM_MAX_LEN) : len;
    if (pass && lx <= len) break;
    mag_inf(prev);
    for (slong p = cx->o.prec; p <= FAST_MAX_PREC; p *= 2) {
      rc = tm_model(cx, P, I, c, rad, len, lx, lr, p);
      if (!rc && reach && mag_cmp(I, S) > 0) {
        /* out of reach, unless the remainder is the precision's (a quotient's residual,
         * expr.c's tm_div_quot, holds the rounding of its cancellation): then doubling the
         * precision divides it by 2^16 at least, which is checked once */
        mag_mul_2exp_si(t, I, 16);
        const int first = mag_is_inf(prev);
        if (mag_cmp(t, prev) > 0) {
          rc = -1;
        } else {
          mag_set(prev, I);
          if (first) continue;
        }
      }
      if (!rc && anc && (anc[0] != 0 || anc[1] != 0 || anc[2] != 0)) anchor_series_add(P, anc, cb, len, p, -1);
      if (rc == FAST_TM_PREC) continue; /* a cancellation at the centre: more precision */
      if (rc || (!arb_contains_zero(P) && arb_rel_accuracy_bits(P) >= 64)) break;
    }
  }
  if (!rc && was_ok) { /* a ball series that lost to the dependency (ball_lost): the
                        * model only where its enclosure of the value is narrower */
    reach_sum(t, P, 1, len, lr);
    mag_add(t, t, arb_radref(P));
    mag_add(t, t, I);
    if (mag_cmp(t, arb_radref(bc)) >= 0) rc = -1;
  }
  if (!rc) {
    /* S = I + sum_{i > m} |P_i| rho^i, from the top down: bc[m + 1] for m = len - 2 .. 0 */
    mag_set(S, I);
    for (slong i = len - 1; i >= 1; i--) {
      arb_get_mag(t, P + i);
      mag_mul_2exp_si(t, t, i * lr);
      mag_add(S, S, t); /* S = I + sum_{j >= i} |P_j| rho^j = R_{i-1} */
      arb_zero(bc + i);
      mag_mul_2exp_si(arb_radref(bc + i), S, -i * lr);
    }
    arb_set(bc, P);
    mag_add(arb_radref(bc), arb_radref(bc), S);
    *st = TRY_OK;
  }
  _arb_vec_clear(P, len);
  mag_clear(I), mag_clear(S), mag_clear(t), mag_clear(prev);
  arb_clear(cb);
  return !rc;
}

/* The ball series of a block may do with a Taylor model where it failed (a function's
 * argument whose ball reaches a pole or a branch point: the dependency problem's mark); a
 * block where the ball series merely converges slowly is split, which is cheaper than a
 * model (on the 2-core machine, trying models also where the ball's range holds 0 decided
 * no more and cost x^3/(1+x^2)'s table twice the time) */
static int tm_worth(const struct ctx *cx, int st) { return cx->fn->tm && st == TRY_SPLIT; }

/* Whether a block's ball series (bc, TRY_OK) lost to the dependency problem all the same:
 * its value's enclosure holds 0 and is more than 4 times wider than the centre's own
 * Taylor polynomial (cc) reaches over the block, |cc_0| + sum_{i >= 1} |cc_i| rho^i:
 * (1 - cos x)/x^2 - 1/2 over the binade at 2^-100 is a ball of radius ~1 around values
 * near -2^-204, while a block where f merely crosses 0 keeps a ball of about its
 * variation's size (x^3/(1 + x^2) at 0: split, as before, which is cheaper there than a
 * model). Where such a block would be split, its model is tried (tm_refine) and kept only
 * where narrower: a wide ball holding 0 often decides all the same (a deviation from an
 * anchor bounded far below it), and a model of every such block cost the activations' tables
 * ten times their time. */
static int ball_lost(const struct ctx *cx, arb_srcptr cc, arb_srcptr bc, slong len, int lr) {
  if (!cx->fn->tm || !arb_contains_zero(bc) || !arb_is_finite(cc)) return 0;
  mag_t v;
  mag_init(v);
  reach_sum(v, cc, 0, len, lr);
  mag_mul_2exp_si(v, v, 2);
  const int lost = mag_cmp(arb_radref(bc), v) > 0;
  mag_clear(v);
  return lost;
}

/* Tries the block of 2^k patterns from first with f's own series. TRY_OK: *L holds a
 * polynomial; TRY_SPLIT: try the halves; TRY_UNDEC / TRY_NOWHERE: leave it undecided. */
static int try_block_plain(struct ctx *cx, uint32_t first, int k, struct leaf *L) {
  const int len = cx->o.nmax + 2, can_split = k > cx->o.min_lgsize;
  double c, rad;
  int lr;
  geometry(first, k, &c, &rad, &lr);
  L->first = first, L->k = k, L->ok = 0;
  const struct src sr = {cx->fn, NULL, {0, 0, 0, 1, 0}, 0, 0};
  arb_ptr bc = _arb_vec_init(len);
  mag_t lowf, upf;
  mag_init(lowf), mag_init(upf);
  int st = ball_series(&sr, bc, len, c, rad, NULL);
  if (tm_worth(cx, st)) tm_refine(cx, bc, len, c, rad, lr, &st, NULL, NULL);
  if (st == TRY_OK) {
    arb_get_mag_lower(lowf, bc);
    arb_get_mag(upf, bc);
    if (mag_cmp_2exp_si(upf, -1200) < 0 || mag_cmp_2exp_si(lowf, 1025) > 0) {
      st = TRY_NOWHERE; /* all values beyond binary64's range */
    } else {
      mag_mul_2exp_si(lowf, lowf, cx->o.target_log2);
      st = fit_poly(cx, &sr, bc, c, lr, lowf, can_split, L, FAST_PLAIN);
    }
  }
  if (st == TRY_SPLIT && !can_split) st = TRY_UNDEC;
  _arb_vec_clear(bc, len);
  mag_clear(lowf), mag_clear(upf);
  return st;
}

/* ---------------------------------------------------------------------------
 * Anchored blocks: f = A + D with an expression's exact anchor A = a0 + a1 x and its
 * deviation D (fast.h, fast_anchored_fn; the device side: fast_eval.h).
 * ------------------------------------------------------------------------- */

/* lo <= |D| <= hi on the block, from two enclosures of D's values intersected: the
 * ball's (bc[0]) and the Taylor polynomial at the centre with the ball's remainder,
 * cc[0] + sum_{i=1..n} cc[i] [-r, r]^i + bc[n+1] [-r, r]^(n+1) (sharp where the ball's
 * value suffers from the dependency of D's formula on x, as tanh(x) - x does). *sgn:
 * the sign of D where lo > 0 (D is continuous and never 0 there), else 0. */
static void dev_range(mag_t lo, mag_t hi, int *sgn, arb_srcptr cc, arb_srcptr bc, int n, int lr) {
  mag_t s, t, l2, h2;
  mag_init(s), mag_init(t), mag_init(l2), mag_init(h2);
  reach_sum(s, cc, 1, n + 1, lr);
  arb_get_mag(t, bc + n + 1);
  mag_mul_2exp_si(t, t, (slong)(n + 1) * lr);
  mag_add(s, s, t);
  arb_get_mag(h2, cc);
  mag_add(h2, h2, s);
  arb_get_mag_lower(l2, cc);
  mag_sub_lower(l2, l2, s);
  arb_get_mag(hi, bc);
  arb_get_mag_lower(lo, bc);
  *sgn = mag_is_zero(lo) ? 0 : arb_is_positive(bc) ? 1 : -1;
  if (mag_cmp(h2, hi) < 0) mag_set(hi, h2);
  if (mag_cmp(l2, lo) > 0) {
    mag_set(lo, l2);
    *sgn = arb_is_positive(cc) ? 1 : -1;
  }
  mag_clear(s), mag_clear(t), mag_clear(l2), mag_clear(h2);
}

/* The anchor (a0, a1, a2, q) fits the device's rounding (fast_eval.h,
 * fast_round_anchored) on the whole block: each of |a0|, |a1 x / q|, |a2 x^2| is 0 or in
 * [2^-900, 2^1000] at each binary32 x of the block, 2^-900 <= |A| <= 2^1000, and |D| <= |A|/4 (dhi bounds |D|); q = 1,
 * or q odd with a1 an integer below 2^29. *ainf: a lower bound of |A|. */
static int anchor_fits(const double *anc, double c, double rad, const mag_t dhi, mag_t ainf) {
  arb_t a, xb, term;
  mag_t t;
  arb_init(a), arb_init(xb), arb_init(term), mag_init(t);
  arb_set_d(xb, c);
  mag_set_d(arb_radref(xb), rad);
  int ok = anc[3] == 1 || (fmod(anc[3], 2) == 1 && anc[3] < 0x1p20 && anc[1] == floor(anc[1]) &&
                           fabs(anc[1]) < 0x1p29);
  arb_zero(a);
  for (int k = 0; k < 3; k++) { /* term k: a_k x^k (/q for k = 1) */
    if (anc[k] == 0) continue;
    arb_set_d(term, anc[k]);
    for (int j = 0; j < k; j++) arb_mul(term, term, xb, 128);
    if (k == 1 && anc[3] != 1) {
      arb_t q;
      arb_init(q);
      arb_set_d(q, anc[3]);
      arb_div(term, term, q, 128);
      arb_clear(q);
    }
    arb_add(a, a, term, 128);
    arb_get_mag_lower(t, term);
    if (k > 0 && mag_is_zero(t) && arb_contains_zero(xb)) {
      /* the term is 0 at x = 0, which the rounding allows, and at every other binary32 x
       * of the block (|x| >= 2^-149) at least |a_k| 2^(-149 k) / q */
      mag_set_d_lower(t, fabs(anc[k]));
      mag_mul_2exp_si(t, t, -149 * k - (k == 1 && anc[3] != 1 ? (slong)ceil(log2(anc[3])) : 0));
    }
    ok = ok && mag_cmp_2exp_si(t, -900) >= 0;
    arb_get_mag(t, term);
    ok = ok && mag_cmp_2exp_si(t, 1000) <= 0;
  }
  arb_get_mag_lower(ainf, a);
  arb_get_mag(t, a);
  ok = ok && mag_cmp_2exp_si(ainf, -900) >= 0 && mag_cmp_2exp_si(t, 1000) <= 0;
  mag_mul_2exp_si(t, dhi, 2);
  ok = ok && mag_cmp(t, ainf) <= 0;
  arb_clear(a), arb_clear(xb), arb_clear(term), mag_clear(t);
  return ok;
}

/* a binary64 upper bound of m, at least 2^-1074 */
static double mag_up_d(const mag_t m) {
  arf_t t;
  arf_init(t);
  arf_set_mag(t, m);
  double d = arf_get_d(t, ARF_RND_UP);
  arf_clear(t);
  return d > 0x1p-1074 ? d : 0x1p-1074;
}

/* log2 of the lowest set bit of a nonzero binary64 number */
static int lsb_log2(double d) {
  int e;
  const double m = frexp(fabs(d), &e);        /* d = m 2^e, m in [1/2, 1) */
  uint64_t u = (uint64_t)ldexp(m, 53), tz = 0; /* exact: 53 bits */
  while (!(u & 1u)) u >>= 1, tz++;
  return e - 53 + (int)tz;
}

/* g <= the grain of the anchor over the block: A(x) = a0 + a1 x / q + a2 x^2 for the
 * block's x (multiples of their ulp h = 2^lh) is a multiple of 2^gl / q with gl the
 * least of the terms' lowest bits; any nonzero residual A - y0 of A's rounding to a
 * coarser binary64 grid is at least that. */
static void anchor_grain(mag_t g, const double *anc, int lh) {
  slong gl = WORD_MAX;
  if (anc[0] != 0 && lsb_log2(anc[0]) < gl) gl = lsb_log2(anc[0]);
  if (anc[1] != 0 && lsb_log2(anc[1]) + lh < gl) gl = lsb_log2(anc[1]) + lh;
  if (anc[2] != 0 && lsb_log2(anc[2]) + 2 * lh < gl) gl = lsb_log2(anc[2]) + 2 * lh;
  mag_set_ui_2exp_si(g, 1, gl);
  if (anc[3] > 1) mag_mul_2exp_si(g, g, -(slong)ceil(log2(anc[3]))); /* / q, rounded down */
}

static int all_zero(arb_srcptr v, slong len) {
  for (slong i = 0; i < len; i++)
    if (!arb_is_zero(v + i)) return 0;
  return 1;
}

/* A constant block beyond binary64's range, f of sign sgn (+-1) on all of it: +-inf where
 * |f| >= 2^1024 (big; above DBL_MAX + ulp/2: t = sign f), else +-0 where |f| < 2^-1075
 * (below half the smallest subnormal: RN53 gives the zero of f's sign, t = -sign f). */
static void fill_const(struct leaf *L, int sgn, int big) {
  if (big) fill_flat(L, sgn > 0 ? (double)INFINITY : -(double)INFINITY, 0, FAST_CONST | (sgn < 0 ? FAST_NEG : 0u));
  else fill_flat(L, sgn > 0 ? 0.0 : -0.0, 0, FAST_CONST | (sgn > 0 ? FAST_NEG : 0u));
}

/* A block of f = D (no anchor; sgn its sign where known, else 0): +-0 or +-inf beyond
 * binary64's range (fill_const), else f's polynomial. */
static int block_unanchored(struct ctx *cx, const struct src *sr, arb_srcptr bc, double c, int lr, int can_split,
                            struct leaf *L, const mag_t lo, const mag_t hi, int sgn) {
  if ((sgn && mag_cmp_2exp_si(hi, -1075) < 0) || mag_cmp_2exp_si(lo, 1024) >= 0) {
    fill_const(L, sgn, mag_cmp_2exp_si(lo, 1024) >= 0);
    return TRY_OK;
  }
  mag_t tgt;
  mag_init(tgt);
  mag_mul_2exp_si(tgt, lo, cx->o.target_log2);
  int st = fit_poly(cx, sr, bc, c, lr, tgt, can_split, L, FAST_PLAIN);
  mag_clear(tgt);
  return st;
}

/* A block of f = A + D: D = 0 (FAST_BOUND, exact); |D| below 2^-60 |A| and below a
 * quarter of A's grain (anchor_grain), with its sign (FAST_BOUND: A's rounding residual
 * is then 0, a tie, or larger than |D|, and the sign and a bound of D decide); else D's
 * polynomial, aiming at eps <= 2^target |A + D| and eps <= |D|/4 (FAST_ANCHORED). Where
 * |D| <= 2^-40 |A| its relative accuracy matters and needs a lower bound of |D|: without
 * one (D's range over a wide block), split. */
static int block_anchored(struct ctx *cx, const struct src *sr, arb_srcptr cc, arb_srcptr bc, double c, int lr,
                          int can_split, struct leaf *L, const mag_t lo, const mag_t hi, int sgn, const mag_t ainf) {
  const slong len = cx->o.nmax + 2;
  int st = TRY_OK;
  for (int j = 0; j < 4; j++) L->anc[j] = sr->anc[j];
  mag_t t, t40, g;
  mag_init(t), mag_init(t40), mag_init(g);
  mag_mul_2exp_si(t, ainf, -60);
  mag_mul_2exp_si(t40, ainf, -40);
  const uint32_t e = (L->first & 0x7fffffffu) >> 23;
  anchor_grain(g, sr->anc, e == 0 ? -149 : (int)e - 150);
  mag_mul_2exp_si(g, g, -2);
  mag_min(t, t, g); /* a bound below a quarter of A's grain: never mistaken for a residual */
  if (all_zero(cc, len) && all_zero(bc, len)) {
    fill_flat(L, 0, 0, FAST_BOUND | FAST_EXACT);
  } else if (sgn && mag_cmp(hi, t) <= 0) {
    fill_flat(L, 0, mag_up_d(hi), FAST_BOUND | (sgn < 0 ? FAST_NEG : 0u));
  } else if (mag_is_zero(lo) && mag_cmp(hi, t40) <= 0) {
    st = TRY_SPLIT; /* D small against A, where its own accuracy matters, but no lower bound */
  } else {
    mag_sub_lower(t, ainf, hi); /* |A + D| >= |A| - |D| */
    mag_mul_2exp_si(t, t, cx->o.target_log2);
    if (!mag_is_zero(lo)) {
      mag_t q;
      mag_init(q);
      mag_mul_2exp_si(q, lo, -2);
      mag_min(t, t, q);
      mag_clear(q);
    }
    st = fit_poly(cx, sr, bc, c, lr, t, can_split, L, FAST_ANCHORED);
  }
  mag_clear(t), mag_clear(t40), mag_clear(g);
  return st;
}

/* A block's decision from its bounds: f's own (plain: no anchor, or one folded into f) or
 * A + D's */
static int block_decide(struct ctx *cx, const struct src *sr, arb_srcptr cc, arb_srcptr bc, double c, int lr,
                        int can_split, struct leaf *L, const mag_t lo, const mag_t hi, int sgn, const mag_t ainf,
                        int plain) {
  return plain ? block_unanchored(cx, sr, bc, c, lr, can_split, L, lo, hi, sgn)
               : block_anchored(cx, sr, cc, bc, c, lr, can_split, L, lo, hi, sgn, ainf);
}

/* The anchor of f's Taylor polynomial at 0, for an expression's blocks near 0 (before
 * the anchors of its rules, reference/expr/expr_anchor.c, which serve elsewhere): A = a0 + a1 x + a2 x^2 with a0, a1, a2 the leading coefficients of f's
 * series at the exact point 0 that are binary64 numbers (Arb balls of radius 0 whose
 * midpoint a double holds, between 2^-900 and 2^900); the first one that is not, and
 * those after it, taken as 0. Why: near 0 an expression's value often lies within a tiny fraction of an
 * ulp of that exact quadratic (1 - cos x = x^2/2 - x^4/24 + ...: within 2^-123 relative at x
 * = 2^-60, against the 2^-80 a plain block aims at), where no polynomial of the value
 * alone decides the rounding; the anchored block rounds A + D instead (fast_eval.h,
 * fast_round_anchored), with D = f - A enclosed by Arb at a precision raised until it keeps
 * its own relative accuracy (src_series, poly; zero_anchored_centre). Rigour does not
 * depend on A: f = A + (f - A) for any exact A, and every block's D is Arb's enclosure of
 * f - A at its points; A only decides how many inputs the block can round. 1 with anc =
 * (a0, a1, a2, q = 1) when some a_k != 0. */
/* a1 = m / q for the first odd q <= 99 such that the ball q a1 contains an integer m,
 * |m| < 2^29 (the rounding's form: fast_eval.h): (1 + x)^(1/3) - 1 = x/3 - x^2/9 + ... The
 * ball is not a proof that a1 is m/q, and need not be: any exact anchor is valid (below). */
static int rational_slope(const arb_t a1, double anc[4]) {
  arb_t t;
  fmpz_t m;
  arb_init(t), fmpz_init(m);
  int ok = 0;
  for (ulong q = 3; q <= 99 && !ok; q += 2) {
    arb_mul_ui(t, a1, q, 256);
    if (arb_get_unique_fmpz(m, t) && !fmpz_is_zero(m) && fmpz_bits(m) <= 29)
      anc[1] = (double)fmpz_get_si(m), anc[3] = (double)q, ok = 1;
  }
  arb_clear(t), fmpz_clear(m);
  return ok;
}

static int zero_anchor(const struct fast_fn *fn, double anc[4]) {
  arb_ptr a = _arb_vec_init(3);
  arb_t x;
  arf_t m;
  arb_init(x), arf_init(m); /* x = 0, exactly */
  int any = 0;
  anc[0] = anc[1] = anc[2] = 0, anc[3] = 1;
  if (fast_fn_series(fn, a, x, 3, 256) == 0 && vec_finite(a, 1))
    for (int k = 0; k < 3; k++) {
      if (!arb_is_exact(a + k)) {
        if (k == 1) any |= rational_slope(a + 1, anc);
        break;
      }
      const double d = arf_get_d(arb_midref(a + k), ARF_RND_NEAR);
      arf_set_d(m, d);
      if (!isfinite(d) || !arf_equal(m, arb_midref(a + k)) || (d != 0 && !(fabs(d) >= 0x1p-900 && fabs(d) <= 0x1p900)))
        break;
      anc[k] = d;
      any |= d != 0;
    }
  _arb_vec_clear(a, 3);
  arb_clear(x), arf_clear(m);
  return any;
}

/* D = f - A at the centre x (sr switched to the exact anchor anc = (a0, a1, a2, q)): the
 * precision doubled until D's value keeps 64 bits of relative accuracy (the cancellation
 * of f - A costs as many bits as D is below A). 0 (sr left as it was, cc lost) where no
 * precision up to FAST_MAX_PREC gives it. */
static int anchored_centre(const struct ctx *cx, struct src *sr, arb_ptr cc, const arb_t x, slong len,
                           const double *anc) {
  struct src z = *sr;
  z.poly = 1, z.fold = 0;
  memcpy(z.anc, anc, 4 * sizeof *anc);
  z.anc[4] = 0;
  for (slong p = cx->o.prec; p <= FAST_MAX_PREC; p *= 2) {
    if (src_series(&z, cc, x, len, p, NULL) != 0 || !vec_finite(cc, len)) return 0;
    if (arb_rel_accuracy_bits(cc) >= 64) {
      *sr = z;
      return 1;
    }
  }
  return 0;
}

/* v rounded to FAST_LANC_BITS significant bits, into *d; 1 where v's ball lies within
 * 2^-40 |d| of it (0 < |d| < 2^900) */
static int short_dyadic(const arb_t v, double *d) {
  arf_t r;
  arb_t t;
  arf_init(r), arb_init(t);
  arf_set_round(r, arb_midref(v), FAST_LANC_BITS, ARF_RND_NEAR);
  *d = arf_get_d(r, ARF_RND_NEAR); /* exact: FAST_LANC_BITS bits */
  arb_set_d(t, *d);
  arb_sub(t, v, t, 256);
  int ok = *d != 0 && fabs(*d) < 0x1p900 && fabs(*d) > 0x1p-900;
  if (ok) {
    mag_t e, b;
    mag_init(e), mag_init(b);
    arb_get_mag(e, t);
    mag_set_d(b, fabs(*d));
    mag_mul_2exp_si(b, b, -40);
    ok = mag_cmp(e, b) <= 0;
    mag_clear(e), mag_clear(b);
  }
  arf_clear(r), arb_clear(t);
  return ok;
}

/* Far from 0 (|x| >= 2^16 on the whole block), where the rules give no anchor: the line
 * A = a0 + a1 x that f follows to 2^-40 relative there, if any (x^3/(1+x^2) = x - x/(1 +
 * x^2): within 2^-128 of x at 2^64; sqrt(x^2+1); x/sqrt(1+x^2) = 1 - ...), a0 and a1 short
 * dyadics (FAST_LANC_BITS bits) read from f's value and slope at the centre c: a1 from
 * f'(c) (or 0 where |f'(c) c| <= 2^-40 |f(c)|), a0 from f(c) - a1 c (or 0 where that is
 * below 2^-40 |f(c)|). As for zero_anchor, any exact A is valid: it decides only how
 * many inputs the block can round. 1 with anc. */
static int line_anchor(const struct ctx *cx, const arb_t x, double anc[4]) {
  arb_ptr t = _arb_vec_init(2);
  arb_t u;
  mag_t m, b;
  arb_init(u), mag_init(m), mag_init(b);
  const double c = arf_get_d(arb_midref(x), ARF_RND_NEAR);
  int ok = fast_fn_series(cx->fn, t, x, 2, 192) == 0 && vec_finite(t, 2) && !arb_contains_zero(t);
  anc[0] = anc[1] = anc[2] = 0, anc[3] = 1;
  if (ok) { /* the slope: 0, or a short dyadic */
    arb_mul(u, t + 1, x, 192);
    arb_get_mag(m, u);
    arb_get_mag_lower(b, t);
    mag_mul_2exp_si(b, b, -40);
    if (mag_cmp(m, b) > 0) ok = short_dyadic(t + 1, &anc[1]);
  }
  if (ok) { /* the intercept f(c) - a1 c: 0, or a short dyadic */
    arb_set_d(u, anc[1] * c); /* exact: FAST_LANC_BITS + 24 bits */
    arb_sub(u, t, u, 256);
    arb_get_mag(m, u);
    if (mag_cmp(m, b) > 0) ok = short_dyadic(u, &anc[0]);
  }
  _arb_vec_clear(t, 2);
  arb_clear(u), mag_clear(m), mag_clear(b);
  return ok && (anc[0] != 0 || anc[1] != 0);
}

/* Tries the block of 2^k patterns from first with the anchored series: the plan
 * recorded at the centre, then replayed on the ball and at the centre for the
 * coefficients. Where the centre gives no series (outside the domain, a pole), the
 * block is tried as the plain series would (-1: the caller does). */
static int anchored_try(struct ctx *cx, struct src *sr, arb_ptr cc, arb_ptr bc, uint32_t first, int k,
                        struct leaf *L) {
  const int nmax = cx->o.nmax, len = nmax + 2, can_split = k > cx->o.min_lgsize;
  double c, rad;
  int lr, sgn;
  geometry(first, k, &c, &rad, &lr);
  arb_t x;
  mag_t lo, hi, ainf;
  arb_init(x), mag_init(lo), mag_init(hi), mag_init(ainf);
  arb_set_d(x, c);
  int st = -1, dsgn = 0;
  memset(sr->plan, 0, (size_t)cx->fn->plan_len);
  /* near 0, f's Taylor polynomial at 0 (the closest exact quadratic there), else the rules' */
  int rc = 0;
  double lanc[4];
  if (!(cx->zanc_ok && fabs(c) + rad <= FAST_ZANC_MAX && anchored_centre(cx, sr, cc, x, len, cx->zanc)))
    rc = cx->fn->anchored(cc, sr->anc, x, len, cx->o.prec, cx->fn->ctx, sr->plan, 0);
  /* far from 0 with no rule's anchor: the line f follows there, if any */
  if (rc == 0 && sr->anc[0] == 0 && sr->anc[1] == 0 && sr->anc[2] == 0 && fabs(c) - rad >= FAST_LANC_MIN &&
      line_anchor(cx, x, lanc) && !anchored_centre(cx, sr, cc, x, len, lanc)) {
    memset(sr->plan, 0, (size_t)cx->fn->plan_len); /* cc is lost: the rules' series again */
    rc = cx->fn->anchored(cc, sr->anc, x, len, cx->o.prec, cx->fn->ctx, sr->plan, 0);
  }
  /* no anchor, and f's value at the centre known to fewer than 64 bits at the working
   * precision (a cancellation inside the formula: log(sinh(x)/x) = x^2/6 + ... at x = 2^-100
   * is log(1 + 2^-202)): f's own series there, its precision raised until the value keeps 64
   * bits (anchored_centre with A = 0); else the rules' series again */
  if (rc == 0 && sr->anc[0] == 0 && sr->anc[1] == 0 && sr->anc[2] == 0 && vec_finite(cc, len) &&
      arb_rel_accuracy_bits(cc) < 64) {
    static const double plain[4] = {0, 0, 0, 1};
    if (!anchored_centre(cx, sr, cc, x, len, plain)) {
      memset(sr->plan, 0, (size_t)cx->fn->plan_len);
      rc = cx->fn->anchored(cc, sr->anc, x, len, cx->o.prec, cx->fn->ctx, sr->plan, 0);
    }
  }
  if (rc == 0 && vec_finite(cc, len)) st = ball_series(sr, bc, len, c, rad, &dsgn);
  /* the series on the ball lost to the dependency problem: D's Taylor model (f's less A) */
  const int lost = rc == 0 && st == TRY_OK && ball_lost(cx, cc, bc, len, lr);
  if (rc == 0 && !sr->fold && tm_worth(cx, st)) tm_refine(cx, bc, len, c, rad, lr, &st, sr->anc, cc);
  if (st == TRY_OK) dev_range(lo, hi, &sgn, cc, bc, nmax, lr);
  const int anchored = sr->anc[0] != 0 || sr->anc[1] != 0 || sr->anc[2] != 0;
  int tried = 0, ok = TRY_OK; /* (the ball_lost model tried; its status) */
  if (st == TRY_OK && anchored && lost && !anchor_fits(sr->anc, c, rad, hi, ainf)) {
    /* D's ball too wide for the anchor only for the dependency: D's model first, where
     * narrower ((1 - cos x)/x^2 - 1/2 over a binade at 2^-126) */
    tried = 1;
    if (tm_refine(cx, bc, len, c, rad, lr, &ok, sr->anc, cc)) dev_range(lo, hi, &sgn, cc, bc, nmax, lr);
  }
  if (st == TRY_OK && anchored && !anchor_fits(sr->anc, c, rad, hi, ainf)) { /* f = A + D, unanchored */
    sr->fold = 1;
    st = src_series(sr, cc, x, len, cx->o.prec, NULL) == 0 && vec_finite(cc, len)
             ? ball_series(sr, bc, len, c, rad, &dsgn)
             : -1;
    if (st == TRY_OK) dev_range(lo, hi, &sgn, cc, bc, nmax, lr);
  }
  if (!sgn) sgn = dsgn; /* the sign the formula proves, where the enclosures show none */
  const int plain = !anchored || sr->fold;
  if (st == TRY_OK) st = block_decide(cx, sr, cc, bc, c, lr, can_split, L, lo, hi, sgn, ainf, plain);
  /* a block of 2^12 patterns or more to split whose ball series lost to the dependency
   * (ball_lost): its model, where narrower, and the block once more. The smallest blocks
   * are left to the splitting. The limit was 2^20 (trying every block had tripled the
   * build of the activations and of x/sqrt(1+x^2) when a model cost len products of
   * ball polynomials); with the models of tm_compose_hi and the precision raised at a
   * cancellation, 2^12 costs the activations' tables nothing measurable and decides the
   * blocks that cancel far from 0: sqrt(x^2+1)-fabs(x) over [2^100, 2^101) in 243 tries
   * (16,383 before, blocks of 2^10), its whole table in 6.4 s on 2 threads instead of
   * the 15 s budget; sin(x)/x's in 0.09 s instead of 1.0 */
  if (k >= FAST_TM_LOST_MINLG && st == TRY_SPLIT && lost && !tried && !sr->fold && tm_refine(cx, bc, len, c, rad, lr, &ok, sr->anc, cc)) {
    dev_range(lo, hi, &sgn, cc, bc, nmax, lr);
    if (!sgn) sgn = dsgn;
    st = plain || anchor_fits(sr->anc, c, rad, hi, ainf)
             ? block_decide(cx, sr, cc, bc, c, lr, can_split, L, lo, hi, sgn, ainf, plain)
             : TRY_SPLIT;
  }
  arb_clear(x), mag_clear(lo), mag_clear(hi), mag_clear(ainf);
  return st;
}

static int try_block_anchored(struct ctx *cx, uint32_t first, int k, struct leaf *L) {
  const int len = cx->o.nmax + 2;
  L->first = first, L->k = k, L->ok = 0;
  struct src sr = {cx->fn, malloc((size_t)cx->fn->plan_len), {0, 0, 0, 1, 0}, 0, 0};
  arb_ptr cc = _arb_vec_init(len), bc = _arb_vec_init(len);
  int st = sr.plan ? anchored_try(cx, &sr, cc, bc, first, k, L) : -1;
  _arb_vec_clear(cc, len), _arb_vec_clear(bc, len);
  free(sr.plan);
  if (st == -1) return try_block_plain(cx, first, k, L);
  if (st == TRY_SPLIT && k <= cx->o.min_lgsize) st = TRY_UNDEC;
  return st;
}

/* A block whose values all lie beyond binary64's range, proved by f's range over the
 * block's interval (fn->range: interval arithmetic with separate endpoints, which keeps
 * the lower bound that a ball over a wide block loses, e^x over [2^21, 2^22]): one
 * constant block (fill_const: |f| >= 2^1024, or 0 < |f| < 2^-1075 with one sign). 1 with L
 * filled, else 0. */
static int try_const(struct ctx *cx, uint32_t first, int k, struct leaf *L) {
  double c, rad;
  int lr;
  geometry(first, k, &c, &rad, &lr);
  arf_t a, b, lo, hi;
  arf_init(a), arf_init(b), arf_init(lo), arf_init(hi);
  arf_set_d(a, c - rad), arf_set_d(b, c + rad); /* exact: the block's first and last values */
  int sgn = 0, big = 0, open = 0;
  if (!cx->fn->range(lo, hi, &open, a, b, cx->fn->ctx)) {
    /* positive: lo > 0, or lo = 0 with every value above it (an open end) */
    const int pos = arf_sgn(lo) > 0 || (arf_is_zero(lo) && (open & 1)),
              neg = arf_sgn(hi) < 0 || (arf_is_zero(hi) && (open & 2));
    if (arf_cmp_2exp_si(lo, 1024) >= 0) sgn = 1, big = 1;
    else if (arf_sgn(hi) < 0 && arf_cmpabs_2exp_si(hi, 1024) >= 0) sgn = -1, big = 1;
    else if (pos && arf_cmp_2exp_si(hi, -1075) < 0) sgn = 1;
    else if (neg && arf_cmpabs_2exp_si(lo, -1075) < 0) sgn = -1;
  }
  arf_clear(a), arf_clear(b), arf_clear(lo), arf_clear(hi);
  if (!sgn) return 0;
  L->first = first, L->k = k, L->ok = 0;
  fill_const(L, sgn, big);
  return 1;
}

static int try_block(struct ctx *cx, uint32_t first, int k, struct leaf *L) {
  if (cx->fn->range && try_const(cx, first, k, L)) return TRY_OK;
  return cx->fn->anchored ? try_block_anchored(cx, first, k, L) : try_block_plain(cx, first, k, L);
}

static void add_leaf(struct ctx *cx, const struct leaf *L) {
#pragma omp critical(fast_leaves)
  {
    if (cx->nleaves == cx->cap) {
      size_t nc = cx->cap ? 2 * cx->cap : 1024;
      struct leaf *nl = realloc(cx->leaves, nc * sizeof *nl);
      if (nl) cx->leaves = nl, cx->cap = nc;
      else cx->oom = 1;
    }
    if (cx->nleaves < cx->cap) cx->leaves[cx->nleaves++] = *L;
  }
}

/* leaves by magnitude, then sign */
static int cmp_leaf_mag(const void *a, const void *b) {
  const struct leaf *x = a, *y = b;
  const uint32_t u = x->first & 0x7fffffffu, v = y->first & 0x7fffffffu;
  return u != v ? (u < v ? -1 : 1) : (x->first < y->first ? -1 : x->first > y->first);
}

/* a block of the first pass to split in the second (build_rec's defer) */
static void defer_split(struct ctx *cx, uint32_t first, int k) {
#pragma omp critical(fast_split)
  {
    if (cx->nsplit == cx->splitcap) {
      size_t nc = cx->splitcap ? 2 * cx->splitcap : 256;
      struct leaf *ns = realloc(cx->split, nc * sizeof *ns);
      if (ns) cx->split = ns, cx->splitcap = nc;
      else cx->oom = 1;
    }
    if (cx->nsplit < cx->splitcap) cx->split[cx->nsplit].first = first, cx->split[cx->nsplit++].k = k;
  }
}

/* With fast_opts.balls_first: a first-pass block to split whose sampled inputs (8 spread
 * over it) the balls' fast first precision all decides (fn->fast_balls) is left to them,
 * undecided here: splitting it would cost the build more than the device's balls take for
 * it (cos at large |x| needs blocks of a few patterns; the balls decide 2 x 10^9 inputs a
 * second there). A block where they need more words (1 - cos x near 0, sin(x)/x below
 * 2^-60) is split as before. 1 with the undecided leaf added. */
static int leave_to_balls(struct ctx *cx, uint32_t first, int k) {
  if (!cx->o.balls_first || !cx->fn->fast_balls) return 0;
  for (uint32_t j = 0; j < 8; j++) {
    const uint32_t x = first + (uint32_t)(((uint64_t)((1u << k) - 1u) * j) / 7u);
    if (!cx->fn->fast_balls(x, cx->fn->ib)) return 0;
  }
  struct leaf L;
  memset(&L, 0, sizeof L);
  L.first = first, L.k = k, L.ok = 0;
  add_leaf(cx, &L);
#pragma omp atomic update
  cx->left_fast += (uint64_t)1 << k;
  return 1;
}

/* A block to split whose smaller blocks fail too: blocks of 2^min_lgsize patterns (the
 * smallest) and of 2^((min_lgsize + k) / 2), at least 2^FAST_TM_LOST_MINLG (where the
 * builder tries D's Taylor model), at a quarter, half and three quarters of it
 * all fail (not analytic on them, or below the target at the smallest size). Splitting it
 * would try every smaller block of it in turn, each failing the same way: where an
 * intermediate value varies over a block far more than the expression does (sinh(x) and
 * x for log(sinh(x)/x) beyond 2^39: a block of 8 inputs spans 2^19, over which e^x varies
 * by e^(2^19)), 2^20 tries a binade, the whole budget of a table, for nothing. Such a
 * block is left undecided at once, to the balls (then MPFR), which take the inputs one at
 * a time. Both sizes, because the smallest alone can fail where larger blocks serve (near
 * 0, sin(x)/x's blocks of 8 patterns at 2^-125 fail where blocks of 4096, with D's
 * model, succeed). 1 when hopeless (blocks of 2^(min_lgsize + 6) patterns and more: the
 * six tries are a small part of the splitting they replace). P: a leaf to try them in
 * (the caller's, whose block is to split: its contents are not kept). */
static int hopeless(struct ctx *cx, uint32_t first, int k, struct leaf *P) {
  const int m = cx->o.min_lgsize;
  if (k < m + 6) return 0;
  /* the larger size: at least the smallest that tries D's Taylor model where the ball
   * series lost to the dependency (anchored_try) */
  int big = (m + k) / 2;
  if (big < FAST_TM_LOST_MINLG) big = FAST_TM_LOST_MINLG < k ? FAST_TM_LOST_MINLG : k - 1;
  const int sizes[2] = {m, big};
  int ok = 0;
  for (int i = 0; i < 2 && !ok; i++)
    for (uint32_t j = 1; j <= 3 && !ok; j++) {
      const int size = sizes[i];
      const uint32_t pf = first + (((j << k) / 4) >> size << size);
#pragma omp atomic
      cx->tries++;
      const int st = try_block(cx, pf, size, P);
      ok = st == TRY_OK || st == TRY_NOWHERE;
    }
  return !ok;
}

/* The recursion: one OpenMP task per half; with defer = 1 (the first pass), a block to
 * split is noted instead (defer_split) and split in the second pass; defer = 0 asks
 * hopeless first, defer = -n (n levels below a block whose smaller blocks served, n <= 3)
 * does not: asking at every level cost sqrt(x^2+1)-fabs(x)'s table 26,177 tries instead of
 * 17,607 (its cancellations split to small blocks that serve). */
static void build_rec(struct ctx *cx, uint32_t first, int k, int defer) {
  struct leaf *L = malloc(sizeof *L);
  if (!L) {
    cx->oom = 1;
    return;
  }
  int st = TRY_UNDEC;
  if ((cx->o.stop && *cx->o.stop) ||
      (cx->deadline > 0 && omp_get_wtime() > cx->deadline)) { /* out of time or stopped: left to MPFR */
    L->first = first, L->k = k, L->ok = 0;
    cx->over_budget = 1;
  } else {
#pragma omp atomic
    cx->tries++;
    st = try_block(cx, first, k, L);
  }
  if (st == TRY_SPLIT && defer == 1) {
    defer_split(cx, first, k);
  } else if (st == TRY_SPLIT && defer == 0 && hopeless(cx, first, k, L)) {
    L->first = first, L->k = k, L->ok = 0;
    add_leaf(cx, L);
  } else if (st == TRY_SPLIT) {
    uint32_t half = 1u << (k - 1);
    /* defer is 0 (hopeless asked, and the smaller blocks served: the next three levels
     * split without asking) or below 0 */
    const int sub = defer == 0 ? -3 : defer + 1;
#pragma omp task firstprivate(cx, first, k, sub)
    build_rec(cx, first, k - 1, sub);
#pragma omp task firstprivate(cx, first, k, half, sub)
    build_rec(cx, first + half, k - 1, sub);
  } else {
    add_leaf(cx, L);
  }
  free(L);
}

/* ---------------------------------------------------------------------------
 * Ranges: split at zero, mirror (symmetric f), skip NaN/inf, round to whole
 * minimum blocks, sort and merge; then the largest aligned blocks (k <= 23).
 * ------------------------------------------------------------------------- */

static int cmp_range(const void *a, const void *b) {
  const struct fast_range *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

#define FAST_MAXFINITE 0x7f7fffffu /* largest finite binary32 magnitude pattern */

static int normalize_ranges(const struct fast_range *r, int nr, int sym, int minlg,
                            struct fast_range **out, int *nout) {
  struct fast_range *p = malloc((size_t)(2 * nr + 1) * sizeof *p);
  if (!p) return -1;
  int np = 0;
  uint32_t mask = (1u << minlg) - 1u;
  for (int i = 0; i < nr; i++) {
    if (r[i].lo > r[i].hi) continue;
    for (uint32_t s = 0; s < 2; s++) { /* the part with sign bit s */
      uint32_t lo = r[i].lo, hi = r[i].hi, sb = s << 31;
      if (s == 0 && lo > 0x7fffffffu) continue;
      if (s == 1 && hi < 0x80000000u) continue;
      if (s == 0 && hi > 0x7fffffffu) hi = 0x7fffffffu;
      if (s == 1 && lo < 0x80000000u) lo = 0x80000000u;
      uint32_t mlo = lo & 0x7fffffffu, mhi = hi & 0x7fffffffu;
      if (mlo > FAST_MAXFINITE) continue;
      if (mhi > FAST_MAXFINITE) mhi = FAST_MAXFINITE;
      if (sym) sb = 0; /* mirrored onto x >= 0 */
      p[np].lo = sb | (mlo & ~mask);
      p[np].hi = sb | (mhi | mask);
      np++;
    }
  }
  qsort(p, (size_t)np, sizeof *p, cmp_range);
  int m = 0;
  for (int i = 0; i < np; i++) {
    if (m > 0 && (p[i].lo >> 31) == (p[m - 1].hi >> 31) && p[i].lo <= p[m - 1].hi + 1u) {
      if (p[i].hi > p[m - 1].hi) p[m - 1].hi = p[i].hi;
    } else {
      p[m++] = p[i];
    }
  }
  *out = p;
  *nout = m;
  return 0;
}

/* ---------------------------------------------------------------------------
 * Assembly: sort the leaves, number the blocks, lay out the coefficients, build
 * the radix directory (fast_eval.h).
 * ------------------------------------------------------------------------- */

static int cmp_leaf(const void *a, const void *b) {
  const struct leaf *x = a, *y = b;
  return x->first < y->first ? -1 : x->first > y->first;
}

struct asm_ctx {
  const struct leaf *lv;
  const uint32_t *bidx; /* block index of each leaf, FAST_UNDEC if undecided */
  size_t nl;
  uint32_t *dir;
  size_t ndir, cap;
  int err;
};

/* The first leaf whose end is beyond p (leaves are sorted and disjoint). */
static size_t leaf_after(const struct asm_ctx *a, uint64_t p) {
  size_t lo = 0, hi = a->nl;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if ((uint64_t)a->lv[mid].first + (1u << a->lv[mid].k) <= p) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/* The directory word for the node covering [first, first + 2^lg). */
static uint32_t make_node(struct asm_ctx *a, uint32_t first, int lg) {
  size_t i = leaf_after(a, first);
  uint64_t end = (uint64_t)first + (1u << lg);
  if (i == a->nl || a->lv[i].first >= end) return FAST_UNDEC;
  if (a->lv[i].first <= first && a->lv[i].k >= lg) return a->bidx[i]; /* aligned: covers */
  if (lg - 4 < FAST_MIN_LGSIZE) { /* cannot happen: leaves are aligned, k >= 3 */
    a->err = 1;
    return FAST_UNDEC;
  }
  if (a->ndir + 16 > a->cap) {
    size_t nc = 2 * a->cap + 16;
    uint32_t *nd = realloc(a->dir, nc * sizeof *nd);
    if (!nd) {
      a->err = 1;
      return FAST_UNDEC;
    }
    a->dir = nd, a->cap = nc;
  }
  size_t p = a->ndir;
  a->ndir += 16;
  int any = 0;
  for (uint32_t ch = 0; ch < 16; ch++) {
    uint32_t w = make_node(a, first + ch * (1u << (lg - 4)), lg - 4);
    a->dir[p + ch] = w; /* a->dir may have moved: index, not pointer */
    any |= w != FAST_UNDEC;
  }
  if (!any && a->ndir == p + 16) { /* all undecided, no grandchildren: drop */
    a->ndir = p;
    return FAST_UNDEC;
  }
  return FAST_NODE | (uint32_t)p;
}

/* Leaves -> blocks, coefficients and the first-pattern array; fills the stats. */
static int lay_out_blocks(struct ctx *cx, struct fast_table *tab, uint32_t *bidx) {
  size_t nblk = 0, ncoef = 0;
  for (size_t i = 0; i < cx->nleaves; i++) {
    const struct leaf *L = &cx->leaves[i];
    tab->stats.patterns += 1u << L->k;
    if (!L->ok) {
      tab->stats.undec_leaves++;
      tab->stats.patterns_undec += 1u << L->k;
      bidx[i] = FAST_UNDEC;
      continue;
    }
    bidx[i] = (uint32_t)nblk++;
    ncoef += (size_t)L->b.deg + 1u + L->b.ndd + (fast_has_anchor(&L->b) ? FAST_NANC : 0u);
  }
  if (nblk >= FAST_NODE || ncoef > 0xffffffffu) return -1;
  tab->blk = calloc(nblk + 1, sizeof *tab->blk);
  tab->first = calloc(nblk + 1, sizeof *tab->first);
  tab->coef = calloc(ncoef + 1, sizeof *tab->coef);
  if (!tab->blk || !tab->first || !tab->coef) return -1;
  size_t off = 0;
  for (size_t i = 0; i < cx->nleaves; i++) {
    const struct leaf *L = &cx->leaves[i];
    if (!L->ok) continue;
    struct fast_block b = L->b;
    b.coef = (uint32_t)off;
    for (int j = 0; j <= b.deg; j++) tab->coef[off++] = L->hi[j];
    for (int j = 0; j < b.ndd; j++) tab->coef[off++] = L->lo[j];
    for (unsigned j = 0; fast_has_anchor(&b) && j < FAST_NANC; j++) tab->coef[off++] = L->anc[j];
    tab->blk[bidx[i]] = b;
    tab->first[bidx[i]] = L->first;
    tab->stats.deg_hist[b.deg]++;
    tab->stats.lg_hist[b.lgsize]++;
    tab->stats.kind_hist[b.flags & FAST_KIND]++;
  }
  tab->hdr.nblk = (uint32_t)nblk;
  tab->hdr.ncoef = (uint32_t)ncoef;
  return 0;
}

static int assemble(struct ctx *cx, struct fast_table *tab) {
  qsort(cx->leaves, cx->nleaves, sizeof *cx->leaves, cmp_leaf);
  uint32_t *bidx = malloc((cx->nleaves + 1) * sizeof *bidx);
  if (!bidx || lay_out_blocks(cx, tab, bidx) != 0) {
    free(bidx);
    return -1;
  }
  struct asm_ctx a = {cx->leaves, bidx, cx->nleaves, NULL, FAST_ROOTS, 4 * FAST_ROOTS, 0};
  a.dir = malloc(a.cap * sizeof *a.dir);
  if (!a.dir) {
    free(bidx);
    return -1;
  }
  for (uint32_t s = 0; s < FAST_ROOTS; s++) {
    uint32_t w = make_node(&a, s << 23, 23);
    a.dir[s] = w;
  }
  free(bidx);
  tab->dir = a.dir;
  tab->hdr.ndir = (uint32_t)a.ndir;
  return a.err ? -1 : 0;
}

int fast_build(struct fast_table *tab, const struct fast_fn *fn, const struct fast_range *ranges,
               int nranges, const struct fast_opts *opts) {
  memset(tab, 0, sizeof *tab);
  struct ctx cx;
  memset(&cx, 0, sizeof cx);
  cx.fn = fn;
  if (opts) cx.o = *opts;
  else fast_opts_default(&cx.o);
  if (cx.o.nmax < 1 || cx.o.nmax > FAST_MAX_DEG || cx.o.min_lgsize < FAST_MIN_LGSIZE ||
      cx.o.min_lgsize > 23 || cx.o.prec < 64 || !fn || !(fn->series || fn->series_ctx) || nranges < 0)
    return -1;
  double t0 = omp_get_wtime();
  cx.deadline = cx.o.budget_s > 0 ? t0 + cx.o.budget_s : 0;
  cx.zanc_ok = fn->anchored && zero_anchor(fn, cx.zanc);
  struct fast_range *pc;
  int npc;
  if (normalize_ranges(ranges, nranges, fn->symmetry != FAST_SYM_NONE, cx.o.min_lgsize, &pc,
                       &npc) != 0)
    return -1;
  /* Two passes: first every block of the ranges as it is (whole binades mostly: the
   * constant, NaN and anchored blocks of an expression's tails are one try each), then the
   * splits, so that a budget spent on the blocks that need thousands of pieces (1 - cos x
   * at large x) leaves no cheap whole binade untried. */
  /* the first pass's blocks in order of magnitude, both signs together: a budget spent
   * before the end leaves the largest magnitudes of both signs, not a whole sign */
  size_t nfirst = 0, capfirst = 0;
  struct leaf *first = NULL;
  for (int i = 0; i < npc && !cx.oom; i++) {
    uint64_t p = pc[i].lo, hi = pc[i].hi;
    while (p <= hi) { /* the largest aligned block from p inside [p, hi], k <= 23 */
      int k = 23;
      while (k > 0 && ((p & ((1u << k) - 1u)) != 0 || p + (1u << k) - 1u > hi)) k--;
      if (nfirst == capfirst) {
        capfirst = capfirst ? 2 * capfirst : 1024;
        struct leaf *nf = realloc(first, capfirst * sizeof *nf);
        if (!nf) {
          cx.oom = 1;
          break;
        }
        first = nf;
      }
      first[nfirst].first = (uint32_t)p, first[nfirst++].k = k;
      p += 1u << k;
    }
  }
  if (nfirst) qsort(first, nfirst, sizeof *first, cmp_leaf_mag);
  /* Both passes are loops taken in order of magnitude (dynamic schedule), each split of the
   * second with its whole recursion (a task group) before the thread takes the next: tasks
   * alone would not keep the order, since past a queue's length the runtime runs a new task
   * at once, so that the last magnitudes ran first and a budget spent on them (1 - cos x at
   * large x on one thread) left the small magnitudes' cheap blocks untried. */
#pragma omp parallel num_threads(cx.o.threads > 0 ? cx.o.threads : omp_get_max_threads())
  {
#pragma omp for schedule(dynamic, 1)
    for (size_t i = 0; i < nfirst; i++) build_rec(&cx, first[i].first, first[i].k, 1);
#pragma omp single
    if (cx.nsplit) qsort(cx.split, cx.nsplit, sizeof *cx.split, cmp_leaf_mag);
#pragma omp for schedule(dynamic, 1)
    for (size_t i = 0; i < cx.nsplit; i++) {
      const uint32_t f = cx.split[i].first, half = 1u << (cx.split[i].k - 1);
      const int k = cx.split[i].k - 1;
      if (leave_to_balls(&cx, f, k + 1)) continue;
#pragma omp taskgroup
      {
#pragma omp task firstprivate(f, k)
        build_rec(&cx, f, k, 0);
#pragma omp task firstprivate(f, k, half)
        build_rec(&cx, f + half, k, 0);
      }
    }
  }
  free(pc);
  free(first);
  free(cx.split);
  int ret = cx.oom ? -1 : assemble(&cx, tab);
  free(cx.leaves);
  tab->hdr.magic = FAST_MAGIC;
  tab->hdr.version = FAST_VERSION;
  tab->hdr.symmetry = (uint32_t)fn->symmetry;
  tab->hdr.nmax = (uint32_t)cx.o.nmax;
  tab->hdr.target_log2 = cx.o.target_log2;
  snprintf(tab->hdr.name, sizeof tab->hdr.name, "%s", fn->name ? fn->name : "");
  tab->stats.tries = cx.tries;
  tab->stats.over_budget = cx.over_budget;
  tab->stats.left_fast = cx.left_fast;
  tab->stats.best_effort = cx.best_effort;
  tab->stats.build_s = omp_get_wtime() - t0;
  if (ret != 0) fast_table_free(tab);
  else if (cx.o.verbose)
    fprintf(stderr, "fast_build %s: %u blocks, %u coefficients, %u dir words, %.1f KiB, "
            "%llu tries, %.3f s\n", tab->hdr.name, tab->hdr.nblk, tab->hdr.ncoef, tab->hdr.ndir,
            fast_table_bytes(tab) / 1024.0, (unsigned long long)tab->stats.tries, tab->stats.build_s);
  return ret;
}
