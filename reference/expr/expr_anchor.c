/* expr_anchor.c: the anchored series of an expression (expr.h, expr_anchored).
 *
 * Why. Where an expression's value lies within a tiny fraction of an ulp of a simple
 * exact quantity (x/(1+e^-x) = x - x e^-x/(1+e^-x) above 40; 1/(1+e^-x) = 1/2 + x/4 -
 * ... near 0; log(1+e^x) = x + log1p(e^-x) above 40), no enclosure of the value alone
 * decides its rounding: a ball around x of any width that the arithmetic can afford
 * contains x, and the side on which the value lies is the ternary. The anchored series
 * carries, for every node, an exact part A(x) = a0 + a1 x + a2 x^2 (exact rationals) and
 * the deviation D = (node) - A as an Arb power series computed without forming the
 * difference, so that D keeps its relative accuracy however small it is against A:
 *   x/(2 + d) = x/2 + (-(x/2) d)/(2 + d),   1/(1 + E) = 1 + (-E/(1 + E)),
 *   tanh(u) = 1 - 2/(e^2u + 1),   log(1 + e^u) = u + log1p(e^-u),  ...
 * Every rule below is an identity of real functions, so the pair (A, D) equals the node
 * whichever rule is picked: the choices (plan) only decide how much relative accuracy D
 * keeps, never what it encloses. The fast path's table then approximates D alone and
 * rounds A(x) + D exactly (fast_eval.h, anchored blocks).
 *
 * Each node value is (a, d, sd, lf): the anchor; the deviation series at the ball x
 * (d encloses the Taylor coefficients of node - A at every point of x); sd, the sign of
 * D at every point of the ball where the rule proves it (below); and when lf is set a
 * log-form: node = exp(L) with L = la(x) + ld, which log and log1p use (log(1 +
 * e^u) = u + log1p(e^-u)). Anchors are kept only while they dominate (|D| <= |A|/4 at the
 * point the plan was made at); otherwise they are folded into D.
 *
 * Signs. Midpoint-radius balls cannot carry the sign of a value that varies by a huge
 * factor over a block: on [256, 512], e^-x ranges over [e^-512, e^-256] and Arb's ball of
 * it contains 0. Yet the rounding of x - x e^-x/(1 + e^-x) needs only that the deviation
 * is negative and below half an ulp of x. So every rule also states the sign of D as a
 * consequence of the identity it uses (e^u > 0, 1 - tanh u = 2/(e^2u + 1) > 0, e^u - 1 -
 * u >= 0, the sign of a product of signed factors, of a sum of terms of one sign); where
 * a rule states none, the sign is that of the value's ball when the ball excludes 0.
 *
 * Plan. The choices depend on magnitudes; they are made once at one point (the block's
 * centre, an exact number, where values are sharp) and replayed on the ball, so that
 * both passes compute the same function D (SLOT, expr_plan_len). */
#include <arb_hypgeom.h>
#include <flint/fmpq.h>
#include <math.h>
#include <string.h>

#include "reference/expr/expr.h"
#include "reference/expr/expr_fn.h"
#include "reference/expr/expr_tree.h"
#include "reference/fast/fast.h" /* FAST_SERIES_NOWHERE */

/* signs: of every point of the ball; SG_ZERO: D = 0 identically; SG_UNK: not known */
enum { SG_NEG = -1, SG_UNK = 0, SG_POS = 1, SG_ZERO = 2 };

struct aval {
  fmpq a[3];      /* the anchor a[0] + a[1] x + a[2] x^2 */
  arb_poly_t d;  /* the deviation */
  int sd;        /* the sign of D */
  int lf;        /* node = exp(la(x) + ld), ld of sign lsd */
  fmpq la[3];
  arb_poly_t ld;
  int lsd;
  int ef;        /* node = log(E), E = ea(x) + ed of sign esd (log and log1p's results) */
  fmpq ea[3];
  arb_poly_t ed;
  int esd;
};

struct actx {
  const struct expr *e;
  arb_srcptr x; /* the ball (or point) */
  slong len;
  signed char *plan;
  int replay;
  int ef_set; /* the last rule set the result's ef */
};

static void av_init(struct aval *v) {
  memset(v, 0, sizeof *v);
  arb_poly_init(v->d);
  arb_poly_init(v->ld);
  arb_poly_init(v->ed);
  for (int k = 0; k < 3; k++) fmpq_init(v->a + k), fmpq_init(v->la + k), fmpq_init(v->ea + k);
}
static void av_clear(struct aval *v) {
  arb_poly_clear(v->d);
  arb_poly_clear(v->ld);
  arb_poly_clear(v->ed);
  for (int k = 0; k < 3; k++) fmpq_clear(v->a + k), fmpq_clear(v->la + k), fmpq_clear(v->ea + k);
}

/* anchors: three exact rationals */
static int anc_nonzero(const fmpq *a) { return !fmpq_is_zero(a) || !fmpq_is_zero(a + 1) || !fmpq_is_zero(a + 2); }
static int has_anchor(const struct aval *v) { return anc_nonzero(v->a); }
static int anc_const(const fmpq *a) { return fmpq_is_zero(a + 1) && fmpq_is_zero(a + 2); }
static void anc_si(fmpq *r, slong a0) { fmpq_set_si(r, a0, 1), fmpq_zero(r + 1), fmpq_zero(r + 2); }
static void anc_copy(fmpq *r, const fmpq *a) {
  for (int k = 0; k < 3; k++) fmpq_set(r + k, a + k);
}
static void anc_neg(fmpq *a) {
  for (int k = 0; k < 3; k++) fmpq_neg(a + k, a + k);
}
/* a == c (an integer) */
static int anc_is(const fmpq *a, slong c) {
  return anc_const(a) && fmpz_is_one(fmpq_denref(a)) && fmpz_cmp_si(fmpq_numref(a), c) == 0;
}

static int sg_neg(int s) { return s == SG_POS ? SG_NEG : s == SG_NEG ? SG_POS : s; }
/* the sign of a sum, of a product */
static int sg_add(int a, int b) { return a == SG_ZERO ? b : b == SG_ZERO ? a : a == b ? a : SG_UNK; }
static int sg_mul(int a, int b) {
  if (a == SG_ZERO || b == SG_ZERO) return SG_ZERO;
  return a == SG_UNK || b == SG_UNK ? SG_UNK : a * b;
}
static int sg_ball(const arb_t v) {
  return arb_is_zero(v) ? SG_ZERO : arb_is_positive(v) ? SG_POS : arb_is_negative(v) ? SG_NEG : SG_UNK;
}
static int sg_dbl(double v) { return v > 0 ? SG_POS : v < 0 ? SG_NEG : SG_ZERO; }
static int sg_q(const fmpq_t v) { return fmpq_sgn(v) > 0 ? SG_POS : fmpq_sgn(v) < 0 ? SG_NEG : SG_ZERO; }

static int sg_anchor(const fmpq *a, const struct actx *c, slong prec);

/* The plan's slots: node k's rule, its dominance fold, and two for the operations a rule
 * makes of its own (rule_tanh's quotient); the root's fold last (expr_plan_len). */
#define SLOT(k, j) (4 * (k) + (j))

/* the choice of slot sl: computed (cond) when recording, read back when replaying */
static int decide(struct actx *c, int sl, int cond) {
  if (c->replay) return c->plan[sl];
  c->plan[sl] = (signed char)cond;
  return cond;
}

/* r = a + d (Arb has no binary64 form) */
static void add_d(arb_t r, const arb_t a, double d, slong prec) {
  arb_t t;
  arb_init(t);
  arb_set_d(t, d);
  arb_add(r, a, t, prec);
  arb_clear(t);
}
static void poly_mul_d(arb_poly_t r, const arb_poly_t p, double d, slong prec) {
  arb_t t;
  arb_init(t);
  arb_set_d(t, d);
  arb_poly_scalar_mul(r, p, t, prec);
  arb_clear(t);
}
static void add_q(arb_t r, const arb_t a, const fmpq_t q, slong prec) {
  arb_t t;
  arb_init(t);
  arb_set_fmpq(t, q, prec + 64);
  arb_add(r, a, t, prec);
  arb_clear(t);
}
static void mul_q(arb_t r, const arb_t a, const fmpq_t q, slong prec) {
  arb_t t;
  arb_init(t);
  arb_set_fmpq(t, q, prec + 64);
  arb_mul(r, a, t, prec);
  arb_clear(t);
}
static void poly_mul_q(arb_poly_t r, const arb_poly_t p, const fmpq_t q, slong prec) {
  arb_t t;
  arb_init(t);
  arb_set_fmpq(t, q, prec + 64);
  arb_poly_scalar_mul(r, p, t, prec);
  arb_clear(t);
}

/* the anchor's value A(x) (a ball) and series A(x + t) = A + (a1 + 2 a2 x) t + a2 t^2
 * mod t^len */
static void anchor_val(arb_t v, const fmpq *a, const struct actx *c, slong prec) {
  mul_q(v, c->x, a + 2, prec);
  add_q(v, v, a + 1, prec);
  arb_mul(v, v, c->x, prec);
  add_q(v, v, a, prec);
}
static void anchor_ser(arb_poly_t r, const fmpq *a, const struct actx *c, slong prec) {
  arb_t v;
  arb_init(v);
  anchor_val(v, a, c, prec);
  arb_poly_zero(r);
  arb_poly_set_coeff_arb(r, 0, v);
  if (c->len > 1 && !anc_const(a)) {
    mul_q(v, c->x, a + 2, prec);
    arb_mul_2exp_si(v, v, 1);
    add_q(v, v, a + 1, prec);
    arb_poly_set_coeff_arb(r, 1, v);
  }
  if (c->len > 2 && !fmpq_is_zero(a + 2)) {
    arb_set_fmpq(v, a + 2, prec + 64);
    arb_poly_set_coeff_arb(r, 2, v);
  }
  arb_clear(v);
}

/* r = the node's whole series, A + D */
static void av_full(arb_poly_t r, const struct aval *v, const struct actx *c, slong prec) {
  anchor_ser(r, v->a, c, prec);
  arb_poly_add(r, r, v->d, prec);
}

/* the value (coefficient 0) of a series */
static void val(arb_t r, const arb_poly_t p) { arb_poly_get_coeff_arb(r, p, 0); }

/* the sign of the whole value A + D on the ball: its ball's; with no anchor, D's; A's
 * where A and D have one sign, or where A's ball excludes 0 and |D| stays below |A| */
static int sg_full(const struct aval *v, const struct actx *c, slong prec) {
  if (!has_anchor(v)) return v->sd;
  arb_t a, d;
  arb_init(a), arb_init(d);
  anchor_val(a, v->a, c, prec);
  val(d, v->d);
  arb_add(d, d, a, prec);
  int s = sg_ball(d);
  if ((s == SG_UNK || s == SG_ZERO) && sg_ball(a) == v->sd) s = v->sd; /* A and D of one sign */
  if (s == SG_UNK || s == SG_ZERO) {
    mag_t ma, md;
    mag_init(ma), mag_init(md);
    arb_get_mag_lower(ma, a);
    val(d, v->d);
    arb_get_mag(md, d);
    s = mag_cmp(md, ma) < 0 ? sg_ball(a) : SG_UNK;
    mag_clear(ma), mag_clear(md);
  }
  arb_clear(a), arb_clear(d);
  return s == SG_ZERO ? SG_UNK : s;
}

/* D's sign once a rule is done: SG_ZERO when every coefficient is 0; else the rule's,
 * or the value ball's when the rule proved none */
static void settle(struct aval *v) {
  int zero = 1;
  arb_t t;
  arb_init(t);
  for (slong k = 0; k < v->d->length && zero; k++) zero = arb_is_zero(v->d->coeffs + k);
  if (zero) v->sd = SG_ZERO;
  else if (v->sd == SG_UNK || v->sd == SG_ZERO) {
    val(t, v->d);
    v->sd = sg_ball(t);
  }
  arb_clear(t);
}

static void av_fold(struct aval *v, const struct actx *c, slong prec) {
  if (!has_anchor(v)) return;
  const int s = sg_full(v, c, prec);
  arb_poly_t f;
  arb_poly_init(f);
  av_full(f, v, c, prec);
  arb_poly_swap(v->d, f);
  anc_si(v->a, 0);
  v->sd = s;
  arb_poly_clear(f);
  settle(v);
}

/* A = a0 + (a1 x + a2 x^2) -> a0, the rest into D (for the rules of constant anchors) */
static void anc_to_const(struct aval *v, const struct actx *c, slong prec) {
  if (anc_const(v->a)) return;
  fmpq a[3];
  for (int k = 0; k < 3; k++) fmpq_init(a + k), fmpq_set(a + k, v->a + k);
  fmpq_zero(a);
  arb_poly_t f;
  arb_poly_init(f);
  anchor_ser(f, a, c, prec);
  arb_poly_add(v->d, v->d, f, prec);
  v->sd = sg_add(v->sd, sg_anchor(a, c, prec));
  fmpq_zero(v->a + 1), fmpq_zero(v->a + 2);
  arb_poly_clear(f);
  for (int k = 0; k < 3; k++) fmpq_clear(a + k);
}

/* |D| <= |A|/4 at the values (an anchor of 0 dominates nothing) */
static int dominant(const struct aval *v, const struct actx *c, slong prec) {
  if (!has_anchor(v)) return 0;
  arb_t a, d;
  mag_t ma, md;
  arb_init(a), arb_init(d), mag_init(ma), mag_init(md);
  anchor_val(a, v->a, c, prec);
  val(d, v->d);
  arb_get_mag_lower(ma, a);
  arb_get_mag(md, d);
  mag_mul_2exp_si(md, md, 2);
  int ok = arb_is_finite(d) && mag_cmp(md, ma) <= 0 && !mag_is_zero(ma);
  arb_clear(a), arb_clear(d), mag_clear(ma), mag_clear(md);
  return ok;
}

/* Magnitude tests of the whole value at the plan's point: |v| < 1/2, v > 2, v < -2. */
enum { MAG_SMALL, MAG_BIG_POS, MAG_BIG_NEG };
static int value_is(const struct aval *v, const struct actx *c, int what, slong prec) {
  arb_poly_t f;
  arb_t a, lim;
  arb_poly_init(f), arb_init(a), arb_init(lim);
  av_full(f, v, c, prec);
  val(a, f);
  int r;
  if (what == MAG_SMALL) {
    arb_abs(a, a);
    arb_set_d(lim, 0.5);
    r = arb_lt(a, lim);
  } else {
    arb_set_si(lim, what == MAG_BIG_POS ? 2 : -2);
    r = what == MAG_BIG_POS ? arb_gt(a, lim) : arb_lt(a, lim);
  }
  arb_poly_clear(f), arb_clear(a), arb_clear(lim);
  return r;
}

/* the bits cancelled in f(v) - v for |v| small (f(v) = v + O(v^2)): about twice
 * log2(1/|v|), capped; the rules that form such a difference work at prec + this */
static slong extra_bits(const struct aval *v, const struct actx *c, slong prec) {
  arb_poly_t f;
  arb_t a;
  mag_t m;
  arb_poly_init(f), arb_init(a), mag_init(m);
  av_full(f, v, c, prec);
  val(a, f);
  arb_get_mag(m, a);
  slong e = mag_is_zero(m) || !mag_is_finite(m) ? 0 : (slong)-mag_get_d_log2_approx(m);
  mag_clear(m), arb_poly_clear(f), arb_clear(a);
  if (e < 0) e = 0;
  return e > 1100 ? 2200 : 2 * e + 16;
}

/* ---------------------------------------------------------------------------------
 * Functions. Each rule receives the argument in r and leaves the result there. */

/* the sign of f(v) from the sign s of v: f positive (e^v, erfc, sqrt, ...), f with
 * v's sign (odd increasing, or f(0) = 0 increasing), else unknown */
static int sg_image(const char *nm, int s) {
  static const char *const pos[] = {"exp", "exp2", "exp10", "erfc", "cosh", "sqrt", "rsqrt", "normcdf", "erfcx",
                                    "cyl_bessel_i0"};
  static const char *const keep[] = {"tanh", "sinh", "asinh", "atan", "erf", "expm1", "log1p", "cbrt", "elu",
                                     "recip", "rcbrt", "erfinv", "cyl_bessel_i1"};
  for (size_t i = 0; i < sizeof pos / sizeof pos[0]; i++)
    if (!strcmp(nm, pos[i])) return SG_POS;
  for (size_t i = 0; i < sizeof keep / sizeof keep[0]; i++)
    if (!strcmp(nm, keep[i])) return s == SG_ZERO ? SG_UNK : s;
  return SG_UNK;
}

/* r = f(A + D) through f (the node's own series, or g), anchor 0 */
static int fn_plain_g(struct aval *r, const struct node *n, ps_fn g, const char *nm, const struct actx *c,
                      slong prec) {
  const int s = sg_image(nm, sg_full(r, c, prec));
  arb_poly_t f, h;
  arb_poly_init(f), arb_poly_init(h);
  av_full(f, r, c, prec);
  int rc = g ? g(h, f, c->len, prec) : expr_fn_apply(h, n, f, c->len, prec);
  arb_poly_swap(r->d, h);
  anc_si(r->a, 0), r->lf = 0, r->sd = s;
  arb_poly_clear(f), arb_poly_clear(h);
  return rc;
}
static int fn_plain(struct aval *r, const struct node *n, const struct actx *c, slong prec) {
  return fn_plain_g(r, n, NULL, expr_fn_name(n->fn), c, prec);
}
static int ps_plain(struct aval *r, const char *nm, const struct actx *c, slong prec) {
  return fn_plain_g(r, NULL, expr_ps_find(nm), nm, c, prec);
}

/* f(v) = v + (f(v) - v) for f(0) = 0, f'(0) = 1: the anchor of v is kept and D = d +
 * (f(v) - v), the difference formed at the precision where it keeps prec bits of its
 * own (extra_bits). The difference's sign, where v's is known and not 0: always
 * positive for expm1 (e^v - 1 - v > 0), always negative for log1p; -sign(v) for tanh,
 * sin, atan, asinh (|f(v)| < |v|); +sign(v) for sinh, asin, atanh (|f(v)| > |v|). */
static int fn_tangent(struct aval *r, const struct node *n, const char *nm, const struct actx *c, slong prec) {
  const slong wp = prec + extra_bits(r, c, prec);
  const int sv = sg_full(r, c, prec), known = sv == SG_POS || sv == SG_NEG;
  int sdiff = SG_UNK;
  if (known && !strcmp(nm, "expm1")) sdiff = SG_POS;
  else if (known && !strcmp(nm, "log1p")) sdiff = SG_NEG;
  else if (known && (!strcmp(nm, "tanh") || !strcmp(nm, "sin") || !strcmp(nm, "atan") || !strcmp(nm, "asinh")))
    sdiff = sg_neg(sv);
  else if (known && (!strcmp(nm, "sinh") || !strcmp(nm, "asin") || !strcmp(nm, "atanh"))) sdiff = sv;
  arb_poly_t f, h;
  arb_poly_init(f), arb_poly_init(h);
  av_full(f, r, c, wp);
  ps_fn g = n ? NULL : expr_ps_find(nm);
  int rc = g ? g(h, f, c->len, wp) : expr_fn_apply(h, n, f, c->len, wp);
  arb_poly_sub(h, h, f, wp);
  arb_poly_add(r->d, r->d, h, prec);
  r->sd = sg_add(r->sd, sdiff), r->lf = 0;
  arb_poly_clear(f), arb_poly_clear(h);
  return rc;
}

/* e^v: near 0, 1 + v + (expm1(v) - v) (anchor 1 + A); elsewhere anchor 0. The result
 * keeps v as its log-form. */
static int rule_exp(struct aval *r, struct actx *c, int sl, slong prec) {
  arb_poly_set(r->ld, r->d);
  anc_copy(r->la, r->a);
  const int lsd = r->sd;
  int rc;
  if (decide(c, sl, value_is(r, c, MAG_SMALL, prec))) {
    if (has_anchor(r)) rc = fn_tangent(r, NULL, "expm1", c, prec);
    else rc = ps_plain(r, "expm1", c, prec);
    anc_copy(r->a, r->la);
    fmpz_add(fmpq_numref(r->a), fmpq_numref(r->a), fmpq_denref(r->a)); /* 1 + a0 */
  } else {
    rc = ps_plain(r, "exp", c, prec);
  }
  r->lf = 1, r->lsd = lsd;
  return rc;
}

/* r = s e^(-2|v|) / (1 + e^(-2|v|)) (m = sign v, s = +-2): 1 -+ tanh v, free of
 * cancellation, and of huge intermediate values (whose balls would contain 0 on a
 * wide block) */
static void tanh_gap(struct aval *r, double s, int m, const struct actx *c, slong prec) {
  arb_poly_t f, g;
  arb_poly_init(f), arb_poly_init(g);
  av_full(f, r, c, prec);
  arb_poly_scalar_mul_2exp_si(f, f, 1);
  if (m > 0) arb_poly_neg(f, f);
  arb_poly_exp_series(f, f, c->len, prec);
  arb_poly_add_si(g, f, 1, prec);
  arb_poly_div_series(r->d, f, g, c->len, prec);
  poly_mul_d(r->d, r->d, s, prec);
  arb_poly_clear(f), arb_poly_clear(g);
  r->lf = 0, r->sd = sg_dbl(s);
}

static int op_add(struct aval *a, struct aval *b, int sub, struct actx *c, int sl, slong prec);
static int op_mul(struct aval *a, struct aval *b, struct actx *c, slong prec);
static int op_div(struct aval *a, struct aval *b, struct actx *c, int sl, slong prec);

/* tanh(log E) = (E^2 - 1)/(E^2 + 1) for E > 0 (where log E is defined), in anchored
 * arithmetic: tanh(log(2 + ...)) has the anchor 3/5 (mish near 0). Slots sl + 2, + 3. */
static int tanh_of_log(struct aval *r, struct actx *c, int sl, slong prec) {
  struct aval e, e2, one;
  av_init(&e), av_init(&e2), av_init(&one);
  anc_copy(e.a, r->ea), arb_poly_set(e.d, r->ed), e.sd = r->esd;
  anc_copy(e2.a, r->ea), arb_poly_set(e2.d, r->ed), e2.sd = r->esd;
  op_mul(&e, &e2, c, prec); /* E^2 */
  anc_copy(e2.a, e.a), arb_poly_set(e2.d, e.d), e2.sd = e.sd;
  anc_si(one.a, 1), one.sd = SG_ZERO;
  int rc = op_add(&e, &one, 1, c, sl + 3, prec); /* E^2 - 1 */
  if (!rc) rc = op_add(&e2, &one, 0, c, sl + 3, prec); /* E^2 + 1 */
  if (!rc) rc = op_div(&e, &e2, c, sl + 2, prec);
  anc_copy(r->a, e.a), arb_poly_swap(r->d, e.d), r->sd = e.sd, r->lf = 0;
  av_clear(&e), av_clear(&e2), av_clear(&one);
  return rc;
}

/* tanh: the tangent rule near 0; 1 - 2/(e^2v + 1) above 2, -1 + 2/(e^-2v + 1) below -2;
 * of a logarithm, tanh_of_log */
static int rule_tanh(struct aval *r, const struct node *n, struct actx *c, int sl, slong prec) {
  const int w = decide(c, sl,
                       value_is(r, c, MAG_SMALL, prec) && has_anchor(r) ? 1
                       : value_is(r, c, MAG_BIG_POS, prec)              ? 2
                       : value_is(r, c, MAG_BIG_NEG, prec)              ? 3
                       : r->ef                                          ? 4
                                                                        : 0);
  if (w == 4 && r->ef) return tanh_of_log(r, c, sl, prec);
  if (w == 1 && has_anchor(r)) return fn_tangent(r, n, "tanh", c, prec);
  if (w == 2 || w == 3) {
    tanh_gap(r, w == 2 ? -2 : 2, w == 2 ? 1 : -1, c, prec);
    anc_si(r->a, w == 2 ? 1 : -1);
    return 0;
  }
  return fn_plain(r, n, c, prec);
}

/* erf above 2: 1 - erfc(v); below -2: -1 + erfc(-v). erfc below -2: 2 - erfc(-v); near
 * 0: 1 - erf(v). (erfc > 0; erf has the sign of its argument.) */
static int rule_erf(struct aval *r, const struct node *n, int is_erfc, struct actx *c, int sl, slong prec) {
  const int w = decide(c, sl,
                       value_is(r, c, MAG_BIG_POS, prec)   ? 1
                       : value_is(r, c, MAG_BIG_NEG, prec) ? 2
                       : value_is(r, c, MAG_SMALL, prec)   ? 3
                                                           : 0);
  slong a0;
  int neg_arg = 0, neg_res = 0;
  const char *g;
  if (!is_erfc && w == 1) g = "erfc", a0 = 1, neg_res = 1;
  else if (!is_erfc && w == 2) g = "erfc", a0 = -1, neg_arg = 1;
  else if (is_erfc && w == 2) g = "erfc", a0 = 2, neg_arg = 1, neg_res = 1;
  else if (is_erfc && w == 3) g = "erf", a0 = 1, neg_res = 1;
  else return fn_plain(r, n, c, prec);
  if (neg_arg) anc_neg(r->a), r->sd = sg_neg(r->sd), arb_poly_neg(r->d, r->d);
  int rc = ps_plain(r, g, c, prec);
  if (neg_res) arb_poly_neg(r->d, r->d), r->sd = sg_neg(r->sd);
  anc_si(r->a, a0);
  return rc;
}

/* expm1 (and elu below 0): the tangent rule near 0; -1 + e^v below -2 */
static int rule_expm1(struct aval *r, struct actx *c, int sl, slong prec) {
  const int w = decide(c, sl, value_is(r, c, MAG_SMALL, prec) ? 1 : value_is(r, c, MAG_BIG_NEG, prec) ? 2 : 0);
  if (w == 1 && has_anchor(r)) return fn_tangent(r, NULL, "expm1", c, prec);
  if (w == 2) {
    int rc = ps_plain(r, "exp", c, prec);
    anc_si(r->a, -1);
    return rc;
  }
  return ps_plain(r, "expm1", c, prec);
}

/* r = L + log1p(s e^-L) (s = 1 when NULL), L = r's log-form: log(e^L + s) for s > 0,
 * and log1p(e^L). log1p(s e^-L) > 0: D's sign is that of L's deviation, or positive. */
static int log_of_exp_plus(struct aval *r, const struct aval *s, const struct actx *c, slong prec) {
  struct aval l;
  av_init(&l);
  anc_copy(l.a, r->la);
  arb_poly_set(l.d, r->ld);
  arb_poly_t f, sf;
  arb_poly_init(f), arb_poly_init(sf);
  av_full(f, &l, c, prec);
  arb_poly_neg(f, f);
  arb_poly_exp_series(f, f, c->len, prec);
  if (s) {
    av_full(sf, s, c, prec);
    arb_poly_mullow(f, f, sf, c->len, prec);
  }
  int rc = expr_ps_find("log1p")(sf, f, c->len, prec);
  arb_poly_add(l.d, l.d, sf, prec);
  r->sd = sg_add(r->lsd, SG_POS);
  anc_copy(r->a, l.a), r->lf = 0;
  arb_poly_swap(r->d, l.d);
  arb_poly_clear(f), arb_poly_clear(sf);
  av_clear(&l);
  return rc;
}

/* |D| < 1/2 at the plan's point */
static int dev_small(const struct aval *v) {
  arb_t a, h;
  arb_init(a), arb_init(h);
  val(a, v->d);
  arb_abs(a, a);
  arb_set_d(h, 0.5);
  int r = arb_lt(a, h);
  arb_clear(a), arb_clear(h);
  return r;
}

/* log: of 1 + D, log1p(D) (D's sign); of a value with a log-form, that form; else plain */
static int rule_log(struct aval *r, const struct node *n, struct actx *c, int sl, slong prec) {
  if (fmpq_is_one(r->a)) anc_to_const(r, c, prec);
  const int one = anc_is(r->a, 1);
  const int w = decide(c, sl, one && dev_small(r) ? 1 : r->lf ? 2 : 0);
  if (w == 1 && one) {
    const int s = r->sd;
    anc_si(r->a, 0);
    int rc = ps_plain(r, "log1p", c, prec);
    r->sd = s;
    return rc;
  }
  if (w == 2 && r->lf) {
    anc_copy(r->a, r->la), r->sd = r->lsd, r->lf = 0;
    arb_poly_swap(r->d, r->ld);
    return 0;
  }
  return fn_plain(r, n, c, prec);
}

/* log1p: the tangent rule near 0; of e^L above 2, L + log1p(e^-L) */
static int rule_log1p(struct aval *r, const struct node *n, struct actx *c, int sl, slong prec) {
  const int w = decide(c, sl,
                       value_is(r, c, MAG_SMALL, prec) ? 1 : r->lf && value_is(r, c, MAG_BIG_POS, prec) ? 2 : 0);
  if (w == 1 && has_anchor(r)) return fn_tangent(r, n, "log1p", c, prec);
  if (w == 2 && r->lf) return log_of_exp_plus(r, NULL, c, prec);
  return fn_plain(r, n, c, prec);
}

/* sqrt, rsqrt and recip (which = 0, 1, 2) of a + D with a > 0 whose image is exact and
 * |D| <= a/4: the image plus the increment, written without the difference:
 *   sqrt(a + D) - sqrt a = D / (sqrt(a + D) + sqrt a)                    (D's sign),
 *   1/sqrt(a + D) - 1/sqrt a = -D (1/sqrt a) / (sqrt(a + D) (sqrt(a + D) + sqrt a)),
 *   1/(a + D) - 1/a = -D (1/a) / (a + D)                            (the opposite). */
/* q^(1/d) exactly (numerator and denominator perfect d-th powers), into r: 1, else 0 */
static int q_root(fmpq *r, const fmpq *q, ulong d) {
  if (fmpq_sgn(q) < 0 && d % 2 == 0) return 0;
  fmpz_t a, b, t;
  fmpz_init(a), fmpz_init(b), fmpz_init(t);
  fmpz_abs(t, fmpq_numref(q));
  fmpz_root(a, t, (slong)d);
  fmpz_pow_ui(b, a, d);
  int ok = fmpz_equal(b, t);
  fmpz_root(b, fmpq_denref(q), (slong)d);
  fmpz_pow_ui(t, b, d);
  ok = ok && fmpz_equal(t, fmpq_denref(q));
  if (ok) {
    if (fmpq_sgn(q) < 0) fmpz_neg(a, a);
    fmpq_set_fmpz_frac(r, a, b);
  }
  fmpz_clear(a), fmpz_clear(b), fmpz_clear(t);
  return ok;
}

static int rule_root(struct aval *r, const struct node *n, int which, struct actx *c, int sl, slong prec) {
  if (fmpq_sgn(r->a) > 0) anc_to_const(r, c, prec);
  fmpq_t s, inv;
  fmpq_init(s), fmpq_init(inv);
  const int ok = anc_const(r->a) && fmpq_sgn(r->a) > 0 && (which == 2 || q_root(s, r->a, 2));
  if (ok) fmpq_inv(inv, which == 2 ? r->a : s);
  int rc = 0;
  if (!decide(c, sl, ok && dominant(r, c, prec)) || !ok) {
    rc = fn_plain(r, n, c, prec);
  } else {
    arb_poly_t f, q, sq;
    arb_poly_init(f), arb_poly_init(q), arb_poly_init(sq);
    av_full(f, r, c, prec);
    if (which != 2) { /* f = sqrt(a + D) + sqrt a, times sqrt(a + D) for rsqrt */
      rc = expr_ps_find("sqrt")(sq, f, c->len, prec);
      arb_t a;
      arb_init(a);
      arb_set_fmpq(a, s, prec + 64);
      arb_poly_set_arb(q, a);
      arb_poly_add(f, sq, q, prec);
      if (which == 1) arb_poly_mullow(f, f, sq, c->len, prec);
      arb_clear(a);
    }
    arb_poly_div_series(q, r->d, f, c->len, prec);
    if (which != 0) {
      arb_poly_neg(q, q);
      poly_mul_q(q, q, inv, prec);
      r->sd = sg_neg(r->sd);
    }
    arb_poly_swap(r->d, q);
    fmpq_set(r->a, which == 0 ? s : inv), r->lf = 0;
    arb_poly_clear(f), arb_poly_clear(q), arb_poly_clear(sq);
  }
  fmpq_clear(s), fmpq_clear(inv);
  return rc;
}

/* cos and cosh near 0: 1 - 2 sin^2(v/2), 1 + 2 sinh^2(v/2) (> 0 where v != 0) */
static int rule_cos(struct aval *r, const struct node *n, int hyp, struct actx *c, int sl, slong prec) {
  if (!decide(c, sl, value_is(r, c, MAG_SMALL, prec))) return fn_plain(r, n, c, prec);
  const int sv = sg_full(r, c, prec);
  arb_poly_t f;
  arb_poly_init(f);
  av_full(f, r, c, prec);
  arb_poly_scalar_mul_2exp_si(f, f, -1);
  int rc = expr_ps_find(hyp ? "sinh" : "sin")(r->d, f, c->len, prec);
  arb_poly_mullow(r->d, r->d, r->d, c->len, prec);
  arb_poly_scalar_mul_2exp_si(r->d, r->d, 1);
  if (!hyp) arb_poly_neg(r->d, r->d);
  anc_si(r->a, 1), r->lf = 0;
  r->sd = hyp && (sv == SG_POS || sv == SG_NEG) ? SG_POS : SG_UNK;
  arb_poly_clear(f);
  return rc;
}

/* fabs and elu: the piece of the argument's sign, which must hold on the whole ball
 * (checked in every pass, not planned): fabs(v) = +-v; elu(v) = v, or expm1(v) */
static int rule_piece(struct aval *r, int is_elu, struct actx *c, int sl, slong prec) {
  const int s = sg_full(r, c, prec);
  r->lf = 0;
  if (s != SG_POS && s != SG_NEG) return -1;
  if (s == SG_POS) return 0;
  if (is_elu) return rule_expm1(r, c, sl, prec);
  anc_neg(r->a), r->sd = sg_neg(r->sd);
  arb_poly_neg(r->d, r->d);
  return 0;
}

static int fn_rule(struct aval *r, const struct node *n, struct actx *c, int sl, slong prec) {
  static const char *const tangent[] = {"sin", "sinh", "atan", "asinh", "tan", "asin", "atanh"};
  const char *nm = expr_fn_name(n->fn);
  if (!strcmp(nm, "exp")) return rule_exp(r, c, sl, prec);
  if (!strcmp(nm, "expm1")) return rule_expm1(r, c, sl, prec);
  if (!strcmp(nm, "log") || !strcmp(nm, "log1p")) { /* the result remembers its argument, E */
    anc_copy(r->ea, r->a), arb_poly_set(r->ed, r->d), r->esd = r->sd;
    if (nm[3] == '1') fmpz_add(fmpq_numref(r->ea), fmpq_numref(r->ea), fmpq_denref(r->ea)); /* 1 + v */
    const int rc = nm[3] == '1' ? rule_log1p(r, n, c, sl, prec) : rule_log(r, n, c, sl, prec);
    r->ef = 1, c->ef_set = 1;
    return rc;
  }
  if (!strcmp(nm, "tanh")) return rule_tanh(r, n, c, sl, prec);
  if (!strcmp(nm, "erf") || !strcmp(nm, "erfc")) return rule_erf(r, n, nm[3] == 'c', c, sl, prec);
  if (!strcmp(nm, "sqrt")) return rule_root(r, n, 0, c, sl, prec);
  if (!strcmp(nm, "rsqrt")) return rule_root(r, n, 1, c, sl, prec);
  if (!strcmp(nm, "recip")) return rule_root(r, n, 2, c, sl, prec);
  if (!strcmp(nm, "cos") || !strcmp(nm, "cosh")) return rule_cos(r, n, nm[3] == 'h', c, sl, prec);
  if (!strcmp(nm, "fabs") || !strcmp(nm, "elu")) return rule_piece(r, nm[0] == 'e', c, sl, prec);
  for (size_t i = 0; i < sizeof tangent / sizeof tangent[0]; i++)
    if (!strcmp(nm, tangent[i]) && has_anchor(r) && decide(c, sl, value_is(r, c, MAG_SMALL, prec)))
      return fn_tangent(r, n, nm, c, prec);
  return fn_plain(r, n, c, prec);
}

/* v^q: for a constant anchor a > 0 with a^q rational (q_root) and |D| <= a/4, a^q +
 * a^q expm1(q log1p(D/a)) (D's sign times q's); else the power of the whole series */
static int rule_pow(struct aval *r, const struct node *n, struct actx *c, int sl, slong prec) {
  if (fmpq_sgn(r->a) > 0) anc_to_const(r, c, prec);
  fmpq_t p;
  fmpq_init(p);
  int ok = anc_const(r->a) && fmpq_sgn(r->a) > 0 && fmpz_bits(fmpq_numref(r->a)) < 4096 &&
           fmpz_bits(fmpq_denref(r->a)) < 4096 && q_root(p, r->a, fmpz_get_ui(fmpq_denref(n->q)));
  if (ok) fmpq_pow_si(p, p, fmpz_get_si(fmpq_numref(n->q)));
  arb_poly_t f;
  arb_t a;
  arb_poly_init(f), arb_init(a);
  int rc = 0;
  if (decide(c, sl, ok && dominant(r, c, prec)) && ok) {
    arb_set_fmpq(a, r->a, prec + 64);
    arb_poly_scalar_div(f, r->d, a, prec);
    rc = expr_ps_find("log1p")(r->d, f, c->len, prec);
    arb_set_fmpq(a, n->q, prec);
    arb_poly_scalar_mul(r->d, r->d, a, prec);
    expr_ps_find("expm1")(f, r->d, c->len, prec);
    poly_mul_q(r->d, f, p, prec);
    r->sd = sg_mul(r->sd, fmpq_sgn(n->q));
    fmpq_set(r->a, p);
  } else {
    const int sv = sg_full(r, c, prec);
    av_full(f, r, c, prec);
    rc = expr_ps_qpow(r->d, f, n->q, c->len, prec);
    anc_si(r->a, 0);
    r->sd = sv == SG_POS ? SG_POS : SG_UNK;
  }
  r->lf = 0;
  fmpq_clear(p);
  arb_poly_clear(f), arb_clear(a);
  return rc;
}

/* ---------------------------------------------------------------------------------
 * Arithmetic. */

/* o > 0 and e^L >= 2 o at the plan's point (L: e's log-form; compared as L - log o >=
 * log 2, since e^L itself may be beyond any ball's reach) */
static int positive_ratio(const struct aval *o, const struct aval *e, const struct actx *c, slong prec) {
  struct aval l;
  arb_poly_t f;
  arb_t vo, vl, t;
  av_init(&l), arb_poly_init(f), arb_init(vo), arb_init(vl), arb_init(t);
  av_full(f, o, c, prec);
  val(vo, f);
  anc_copy(l.a, e->la);
  arb_poly_set(l.d, e->ld);
  av_full(f, &l, c, prec);
  val(vl, f);
  int r = arb_is_positive(vo);
  if (r) {
    arb_log(t, vo, prec);
    arb_sub(vl, vl, t, prec);
    arb_const_log2(t, prec);
    arb_sub(vl, vl, t, prec);
    r = arb_is_nonnegative(vl);
  }
  av_clear(&l), arb_poly_clear(f), arb_clear(vo), arb_clear(vl), arb_clear(t);
  return r;
}

/* a + b or a - b: anchors add (exactly). o + e^L with o > 0
 * and e^L >= 2 o keeps a log-form: log(o + e^L) = L + log1p(o e^-L). */
static int op_add(struct aval *a, struct aval *b, int sub, struct actx *c, int sl, slong prec) {
  int rc = 0, lf = 0;
  struct aval *lfv = !sub && b->lf ? b : !sub && a->lf ? a : NULL, *other = lfv == b ? a : b;
  struct aval keep;
  av_init(&keep);
  if (lfv && decide(c, sl, positive_ratio(other, lfv, c, prec))) {
    anc_copy(keep.la, lfv->la), keep.lsd = lfv->lsd, keep.lf = 1;
    arb_poly_set(keep.ld, lfv->ld);
    rc = log_of_exp_plus(&keep, other, c, prec); /* keep = the log-form of the sum */
    lf = !rc;
  }
  for (int j = 0; j < 3; j++) {
    if (sub) fmpq_sub(a->a + j, a->a + j, b->a + j);
    else fmpq_add(a->a + j, a->a + j, b->a + j);
  }
  if (sub) arb_poly_sub(a->d, a->d, b->d, prec);
  else arb_poly_add(a->d, a->d, b->d, prec);
  a->sd = sg_add(a->sd, sub ? sg_neg(b->sd) : b->sd);
  a->lf = lf;
  if (lf) anc_copy(a->la, keep.a), a->lsd = keep.sd, arb_poly_swap(a->ld, keep.d);
  av_clear(&keep);
  return rc;
}

/* The product of two anchors when it has degree <= 2 (and coefficients of sane size). */
static int anc_mul(fmpq *r, const fmpq *a, const fmpq *b) {
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      if (i + j > 2 && !fmpq_is_zero(a + i) && !fmpq_is_zero(b + j)) return 0;
  fmpq_t t;
  fmpq_init(t);
  fmpq r2[3];
  for (int k = 0; k < 3; k++) fmpq_init(r2 + k);
  for (int i = 0; i < 3; i++)
    for (int j = 0; i + j < 3; j++) fmpq_mul(t, a + i, b + j), fmpq_add(r2 + i + j, r2 + i + j, t);
  int ok = 1;
  for (int k = 0; k < 3; k++) ok = ok && fmpz_bits(fmpq_numref(r2 + k)) < 4096 && fmpz_bits(fmpq_denref(r2 + k)) < 4096;
  if (ok) anc_copy(r, r2);
  for (int k = 0; k < 3; k++) fmpq_clear(r2 + k);
  fmpq_clear(t);
  return ok;
}

/* the sign of x^k on the ball (k >= 0) */
static int sg_xpow(const struct actx *c, int k) {
  const int s = sg_ball(c->x);
  return k == 0 ? SG_POS : s == SG_POS ? SG_POS : s == SG_NEG ? (k & 1 ? SG_NEG : SG_POS) : SG_UNK;
}
/* the sign of the anchor's value on the ball: of its ball, or of its terms when they agree */
static int sg_anchor(const fmpq *a, const struct actx *c, slong prec) {
  arb_t v;
  arb_init(v);
  anchor_val(v, a, c, prec);
  int s = sg_ball(v);
  arb_clear(v);
  if (s == SG_POS || s == SG_NEG) return s;
  s = SG_ZERO;
  for (int k = 0; k < 3; k++) s = sg_add(s, sg_mul(sg_q(a + k), sg_xpow(c, k)));
  return s;
}

/* a b = A_a A_b + (A_a D_b + b D_a): the anchor A_a A_b where it has degree <= 2 and exact
 * coefficients, else the product of the whole series */
static int op_mul(struct aval *a, struct aval *b, struct actx *c, slong prec) {
  fmpq p[3];
  for (int k = 0; k < 3; k++) fmpq_init(p + k);
  arb_poly_t f, g;
  arb_poly_init(f), arb_poly_init(g);
  if (anc_mul(p, a->a, b->a)) {
    const int s = sg_add(sg_mul(sg_anchor(a->a, c, prec), b->sd), sg_mul(sg_full(b, c, prec), a->sd));
    anchor_ser(f, a->a, c, prec);
    arb_poly_mullow(f, f, b->d, c->len, prec); /* A_a D_b */
    av_full(g, b, c, prec);
    arb_poly_mullow(g, g, a->d, c->len, prec); /* b D_a */
    arb_poly_add(a->d, f, g, prec);
    anc_copy(a->a, p), a->sd = s;
  } else {
    av_fold(a, c, prec), av_fold(b, c, prec);
    arb_poly_mullow(a->d, a->d, b->d, c->len, prec);
    a->sd = sg_mul(a->sd, b->sd);
  }
  a->lf = 0;
  arb_poly_clear(f), arb_poly_clear(g);
  for (int k = 0; k < 3; k++) fmpq_clear(p + k);
  return 0;
}

/* |d1 x| + |d2 x^2| <= 2^-20 |d0| at the plan's point */
static int slope_small(const struct aval *b, const struct actx *c, slong prec) {
  if (anc_const(b->a)) return 1;
  arb_t t, u;
  arb_init(t), arb_init(u);
  mul_q(t, c->x, b->a + 1, prec);
  arb_abs(t, t);
  mul_q(u, c->x, b->a + 2, prec);
  arb_mul(u, u, c->x, prec);
  arb_abs(u, u);
  arb_add(t, t, u, prec);
  arb_mul_2exp_si(t, t, 20);
  arb_set_fmpq(u, b->a, prec + 64);
  arb_abs(u, u);
  arb_sub(t, t, u, prec);
  int r = arb_is_negative(t);
  arb_clear(t), arb_clear(u);
  return r;
}

/* e^L > e^16 at the plan's point (b's log-form L) */
static int lf_big(const struct aval *b, const struct actx *c, slong prec) {
  struct aval l;
  arb_poly_t f;
  arb_t v;
  av_init(&l), arb_poly_init(f), arb_init(v);
  anc_copy(l.a, b->la);
  arb_poly_set(l.d, b->ld);
  av_full(f, &l, c, prec);
  val(v, f);
  add_d(v, v, -16, prec);
  const int r = arb_is_positive(v);
  av_clear(&l), arb_poly_clear(f), arb_clear(v);
  return r;
}

/* a / e^L = a e^-L for the denominator's log-form L: where e^L is huge its ball would
 * contain 0 on a wide block, e^-L's stays tiny. Of a's sign. */
static void div_by_exp(struct aval *a, const struct aval *b, const struct actx *c, slong prec) {
  struct aval l;
  av_init(&l);
  anc_copy(l.a, b->la);
  arb_poly_set(l.d, b->ld);
  arb_poly_t f;
  arb_poly_init(f);
  av_full(f, &l, c, prec);
  arb_poly_neg(f, f);
  arb_poly_exp_series(f, f, c->len, prec);
  const int s = sg_full(a, c, prec);
  av_fold(a, c, prec);
  arb_poly_mullow(a->d, a->d, f, c->len, prec);
  a->sd = s;
  arb_poly_clear(f);
  av_clear(&l);
}

/* The first Taylor coefficients at 0 of A_n / A_d, where d0 != 0: q0 = n0/d0, q1 = (n1 -
 * q0 d1)/d0, and where q0 = 0, q2 = (n2 - q1 d1)/d0 (else 0: D_d's own x^2 term, not
 * known here, would enter the quotient's); and the leftover A_n - Q A_d = l2 x^2 + l3 x^3
 * + l4 x^4, whose constant and linear terms vanish with these q0, q1: l2 = n2 - q0 d2 -
 * q1 d1 - q2 d0, l3 = -(q1 d2 + q2 d1), l4 = -q2 d2 (exact, as Arb numbers). */
static int quot_anchor(fmpq *q, arb_ptr l, const fmpq *n, const fmpq *d, slong prec) {
  if (fmpq_is_zero(d)) return 0;
  fmpq_t t, u;
  fmpq_init(t), fmpq_init(u);
  fmpq_div(q, n, d);
  fmpq_mul(t, q, d + 1);
  fmpq_sub(t, n + 1, t);
  fmpq_div(q + 1, t, d);
  fmpq_zero(q + 2);
  if (fmpq_is_zero(q)) {
    fmpq_mul(t, q + 1, d + 1);
    fmpq_sub(t, n + 2, t);
    fmpq_div(q + 2, t, d);
  }
  fmpq_set(t, n + 2); /* l2 */
  fmpq_submul(t, q, d + 2);
  fmpq_submul(t, q + 1, d + 1);
  fmpq_submul(t, q + 2, d);
  arb_set_fmpq(l, t, 2 * prec + 256);
  fmpq_mul(t, q + 1, d + 2); /* l3 */
  fmpq_addmul(t, q + 2, d + 1);
  fmpq_neg(t, t);
  arb_set_fmpq(l + 1, t, 2 * prec + 256);
  fmpq_mul(t, q + 2, d + 2); /* l4 */
  fmpq_neg(t, t);
  arb_set_fmpq(l + 2, t, 2 * prec + 256);
  const int ok = fmpz_bits(fmpq_numref(q + 1)) < 4096 && fmpz_bits(fmpq_denref(q + 1)) < 4096;
  fmpq_clear(t), fmpq_clear(u);
  return ok;
}

/* r = l2 x^2 + l3 x^3 + l4 x^4 mod t^len (x + t for x), and its sign on the ball */
static int leftover_ser(arb_poly_t r, arb_srcptr l, const struct actx *c, slong prec) {
  arb_poly_t xs;
  arb_poly_init(xs);
  arb_poly_set_coeff_arb(xs, 0, c->x);
  arb_poly_set_coeff_si(xs, 1, 1);
  arb_poly_set_arb(r, l + 2);
  arb_poly_mullow(r, r, xs, c->len, prec);
  arb_poly_add_series(r, r, &(arb_poly_struct){(arb_ptr)(l + 1), 1, 1}, c->len, prec);
  arb_poly_mullow(r, r, xs, c->len, prec);
  arb_poly_add_series(r, r, &(arb_poly_struct){(arb_ptr)l, 1, 1}, c->len, prec);
  arb_poly_mullow(r, r, xs, c->len, prec);
  arb_poly_mullow(r, r, xs, c->len, prec);
  arb_poly_clear(xs);
  int s = SG_ZERO;
  for (int k = 0; k < 3; k++) s = sg_add(s, sg_mul(sg_ball(l + k), sg_xpow(c, k + 2)));
  return s;
}

/* n / d. Where d's anchor is dominated by its constant d0 (|d1 x| + |d2 x^2| <= 2^-20
 * |d0|, |D_d| <= |d0|/4) and the quotient's first Taylor coefficients at 0 are exact
 * (quot_anchor), the quotient is Q + (D_n - Q D_d + leftover) / d with Q = q0 + q1 x +
 * q2 x^2, since A_n - Q A_d = leftover exactly. Where d has a log-form e^L beyond e^16,
 * n e^-L (div_by_exp). Else the quotient of the whole series. A denominator whose value
 * may be 0 is not analytic there (-1). */
static int op_div(struct aval *a, struct aval *b, struct actx *c, int sl, slong prec) {
  fmpq q[3];
  for (int j = 0; j < 3; j++) fmpq_init(q + j);
  arb_ptr l = _arb_vec_init(3);
  const int ok = quot_anchor(q, l, a->a, b->a, prec);
  arb_poly_t t, f;
  arb_t v;
  arb_poly_init(t), arb_poly_init(f), arb_init(v);
  av_full(f, b, c, prec);
  val(v, f);
  const int sb = sg_full(b, c, prec), fine = arb_is_finite(v) && !arb_contains_zero(v);
  const int w = decide(c, sl,
                       ok && fine && dominant(b, c, prec) && slope_small(b, c, prec) ? 1
                       : b->lf && lf_big(b, c, prec)                               ? 2
                                                                                  : 0);
  int rc = 0;
  if (w == 2 && b->lf) {
    div_by_exp(a, b, c, prec);
  } else if (!fine) {
    rc = -1;
  } else if (w == 1 && ok) {
    int sn = sg_add(a->sd, sg_neg(sg_mul(sg_anchor(q, c, prec), b->sd)));
    anchor_ser(t, q, c, prec);
    arb_poly_mullow(t, t, b->d, c->len, prec);
    arb_poly_sub(a->d, a->d, t, prec); /* D_n - Q D_d */
    sn = sg_add(sn, leftover_ser(t, l, c, prec));
    arb_poly_add(a->d, a->d, t, prec);
    arb_poly_div_series(a->d, a->d, f, c->len, prec);
    anc_copy(a->a, q), a->sd = sg_mul(sn, sb);
  } else {
    av_fold(a, c, prec);
    arb_poly_div_series(a->d, a->d, f, c->len, prec);
    a->sd = sg_mul(a->sd, sb);
  }
  a->lf = 0;
  arb_clear(v);
  arb_poly_clear(t), arb_poly_clear(f);
  _arb_vec_clear(l, 3);
  for (int j = 0; j < 3; j++) fmpq_clear(q + j);
  return rc;
}

/* ---------------------------------------------------------------------------------
 * The tree. */

/* a constant: a rational is the anchor, pi and e are balls */
static void set_const(struct aval *r, const struct node *n, slong prec) {
  arb_poly_zero(r->d);
  anc_si(r->a, 0), r->lf = 0, r->sd = SG_ZERO;
  if (n->op == OP_Q) {
    fmpq_set(r->a, n->q);
    return;
  }
  arb_t v;
  arb_init(v);
  if (n->op == OP_PI) arb_const_pi(v, prec);
  else arb_const_e(v, prec);
  arb_poly_set_arb(r->d, v);
  r->sd = SG_POS;
  arb_clear(v);
}

static int aeval(struct aval *r, struct actx *c, int k, slong prec) {
  const struct node *n = &c->e->n[k];
  if (n->op == OP_X) {
    arb_poly_zero(r->d);
    anc_si(r->a, 0), r->lf = 0, r->sd = SG_ZERO;
    fmpq_one(r->a + 1);
    return 0;
  }
  if (n->op == OP_Q || n->op == OP_PI || n->op == OP_E) {
    set_const(r, n, prec);
    return 0;
  }
  if (n->op == OP_FN && n->b >= 0) return aeval(r, c, n->b, prec);
  const slong wp = prec + 8; /* guard bits per level, as ser_eval */
  int rc = aeval(r, c, n->a, wp);
  if (rc) return rc;
  c->ef_set = 0;
  if (n->op == OP_NEG) {
    anc_neg(r->a), r->lf = 0, r->sd = sg_neg(r->sd);
    arb_poly_neg(r->d, r->d);
  } else if (n->op == OP_POW) {
    rc = rule_pow(r, n, c, SLOT(k, 0), prec);
  } else if (n->op == OP_FN) {
    rc = fn_rule(r, n, c, SLOT(k, 0), prec);
  } else {
    struct aval b;
    av_init(&b);
    rc = aeval(&b, c, n->b, wp);
    c->ef_set = 0;
    if (!rc && (n->op == OP_ADD || n->op == OP_SUB)) rc = op_add(r, &b, n->op == OP_SUB, c, SLOT(k, 0), prec);
    else if (!rc && n->op == OP_MUL) rc = op_mul(r, &b, c, prec);
    else if (!rc) rc = op_div(r, &b, c, SLOT(k, 0), prec);
    av_clear(&b);
  }
  if (!c->ef_set) r->ef = 0;
  arb_poly_truncate(r->d, c->len);
  settle(r);
  if (!rc && has_anchor(r) && !decide(c, SLOT(k, 1), dominant(r, c, prec))) av_fold(r, c, prec);
  return rc;
}

int expr_plan_len(const struct expr *e) { return 4 * e->nn + 1; }

/* q as a binary64 number with at most bits significant bits and 2^-1000 <= |q| <= 2^1000
 * (or 0), into *d: 1, else 0 */
static int q_to_d(double *d, const fmpq_t q, int bits) {
  *d = 0;
  if (fmpq_is_zero(q)) return 1;
  const slong e = (slong)fmpz_val2(fmpq_denref(q));
  if ((slong)fmpz_bits(fmpq_denref(q)) != e + 1 || (slong)fmpz_bits(fmpq_numref(q)) > bits) return 0;
  *d = ldexp(fmpz_get_d(fmpq_numref(q)), (int)-e); /* exact: <= 53 bits, in range */
  return fabs(*d) >= 0x1p-1000 && fabs(*d) <= 0x1p1000;
}

/* The anchor in the device's form (fast_eval.h): a0 + n1 x / q + a2 x^2 with a0, a2
 * binary64 numbers and either q = 1 and n1 a binary64 number, or q the odd part of a1's
 * denominator (below 2^20) and n1 = a1 q of at most 29 significant bits (so that n1 x is
 * exact). A coefficient without that form goes into D (with its term's sign). */
static void to_device(double *out, struct aval *r, const struct actx *c, slong prec) {
  fmpq_t t;
  fmpq_init(t);
  int ok[3];
  ok[0] = q_to_d(&out[0], r->a, 53);
  ok[2] = q_to_d(&out[2], r->a + 2, 53);
  const slong e = (slong)fmpz_val2(fmpq_denref(r->a + 1));
  fmpz_t o;
  fmpz_init(o);
  fmpz_tdiv_q_2exp(o, fmpq_denref(r->a + 1), (ulong)e); /* the odd part */
  out[3] = fmpz_cmp_ui(o, 1u << 20) < 0 ? fmpz_get_d(o) : 0;
  fmpq_mul_fmpz(t, r->a + 1, o);
  ok[1] = out[3] != 0 && q_to_d(&out[1], t, out[3] == 1 ? 53 : 29);
  if (!ok[1]) out[3] = 1;
  for (int k = 0; k < 3; k++) {
    if (ok[k]) continue;
    fmpq a[3];
    for (int j = 0; j < 3; j++) fmpq_init(a + j);
    fmpq_set(a + k, r->a + k);
    arb_poly_t f;
    arb_poly_init(f);
    anchor_ser(f, a, c, prec);
    arb_poly_add(r->d, r->d, f, prec);
    r->sd = sg_add(r->sd, sg_anchor(a, c, prec));
    fmpq_zero(r->a + k);
    arb_poly_clear(f);
    for (int j = 0; j < 3; j++) fmpq_clear(a + j);
  }
  fmpz_clear(o);
  fmpq_clear(t);
}

int expr_anchored(arb_ptr dev, double anchor[5], const arb_t x, slong len, slong prec, const void *arg,
                  signed char *plan, int replay) {
  const struct expr *e = arg;
  struct actx c = {e, x, len, plan, replay, 0};
  struct aval r;
  av_init(&r);
  int rc = aeval(&r, &c, e->root, prec);
  if (!rc && has_anchor(&r) && !decide(&c, 4 * e->nn, dominant(&r, &c, prec))) av_fold(&r, &c, prec);
  if (!rc) to_device(anchor, &r, &c, prec);
  for (slong k = 0; k < len; k++) arb_poly_get_coeff_arb(dev + k, r.d, k);
  anchor[4] = r.sd == SG_POS ? 1 : r.sd == SG_NEG ? -1 : 0;
  av_clear(&r);
  return rc;
}
