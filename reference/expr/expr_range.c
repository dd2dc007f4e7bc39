/* expr_range.c: the range of an expression over an interval of x, by interval arithmetic
 * with separate endpoints (inf-sup), for the fast path's table: a block whose values all
 * lie beyond binary64's range (|f| >= 2^1024: +-inf; 0 < |f| < 2^-1075: +-0) is one
 * constant block, decided by one evaluation instead of being split to the smallest size.
 *
 * Why not Arb's balls (expr_arb): a ball is a midpoint and a radius, and over a block
 * whose values span many orders of magnitude it loses the lower bound. exp over
 * [2^21, 2^22] is the ball e^(3 2^20) (1 +- (e^(2^20) - 1)), which contains 0; even the
 * hull of the two endpoint values, as a ball, has a radius rounded up to 30 bits of
 * e^(2^22) / 2, far more than the lower end e^(2^21). So each value here is a pair of
 * exact binary numbers (arf_t) lo <= hi, each rounded outward, and the value of the node
 * lies in [lo, hi] at every x of the interval:
 *   - a sum, a difference, a negation: endpoint by endpoint, rounded outward;
 *   - a product and a quotient (a divisor that excludes 0): the least and greatest of
 *     the four products (quotients) of the endpoints, which bound every product of
 *     points of the two intervals (the product is bilinear, its extremes at corners);
 *   - a function monotone on its domain (exp, log, sqrt, atan, tanh, erf, ...):
 *     its values at the two endpoints (Arb's enclosures at points), in the order its
 *     direction gives; cosh and fabs (monotone on each side of 0) the same on one
 *     side, and their value at 0 with the larger end's where the interval holds 0;
 *   - an integer power: monotone (odd exponents, or an even one on one side of 0),
 *     else [0, the larger end's]; a rational power on a positive interval: monotone;
 *   - anything else (sin, cos, tgamma, a power of an interval that holds 0, ...): Arb's
 *     ball function on the ball that holds [lo, hi], whose bounds are then taken.
 * Any non-finite result (an endpoint outside a function's domain, a divisor that may be
 * 0, an overflow of Arb's own exponents) gives no range (-1): the caller keeps its other
 * methods, so this can decide a block only where every step is proved.
 *
 * Each end also says whether it is open: every value lies strictly above lo (strictly
 * below hi). 1 - sigmoid(x) over [2^20, 2^21] is [0, 2^-128] at 128 bits, and only its
 * open lower end proves it positive (a constant block +0 rather than a split down to the
 * smallest size): 1 + e^-x is rounded down to 1 but lies strictly above it, so 1/(1 + e^-x)
 * lies strictly below 1. The rules, each from the one above:
 *   - x: closed (the interval's ends are inputs); constants: closed;
 *   - a sum: an end is open where the rounding of that end was inexact (the exact sum lies
 *     beyond the rounded one) or either operand's end is open; negation swaps the ends;
 *   - a product or quotient by a point (an interval with lo = hi, closed: a constant)
 *     other than 0: a strictly monotone map of the other operand, whose ends keep their
 *     openness (swapped for a negative point, and for a point divided by the interval);
 *   - a product of two intervals each of one sign: |a b| = |a| |b| lies in
 *     [|a|lo |b|lo, |a|hi |b|hi], strictly above where one factor's low end is open and
 *     the other's low end is positive or open, strictly below where one factor's high end is
 *     open and the other's high end is positive; the sign of a b maps it back; any other
 *     product or quotient: closed;
 *   - a strictly monotone function (expr_fn.h's dir, not a step function) at its ends: the
 *     end that gives the result's lower (upper) bound keeps its openness; a function's
 *     least value at 0 (cosh, fabs over an interval that holds 0): closed; anything else
 *     (Arb's ball function): closed. */
#include "reference/expr/expr.h"

#include "reference/expr/expr_fn.h"
#include "reference/expr/expr_tree.h"

struct iv {
  arf_t lo, hi;
  int olo, ohi; /* the ends are open: every value > lo (< hi) */
};

static void iv_init(struct iv *v) { arf_init(v->lo), arf_init(v->hi), v->olo = v->ohi = 0; }
static void iv_clear(struct iv *v) { arf_clear(v->lo), arf_clear(v->hi); }
/* v = -v: [-hi, -lo], exact */
static void iv_neg(struct iv *v) {
  arf_swap(v->lo, v->hi);
  arf_neg(v->lo, v->lo), arf_neg(v->hi, v->hi);
  const int o = v->olo;
  v->olo = v->ohi, v->ohi = o;
}

/* v = the bounds of the ball b (0, closed ends), or -1 if b is not finite */
static int iv_from_arb(struct iv *v, const arb_t b, slong prec) {
  if (!arb_is_finite(b)) return -1;
  arb_get_lbound_arf(v->lo, b, prec);
  arb_get_ubound_arf(v->hi, b, prec);
  v->olo = v->ohi = 0;
  return 0;
}

/* v = the hull of the balls b[0..n) */
static int iv_hull(struct iv *v, arb_srcptr b, int n, slong prec) {
  arf_t t;
  arf_init(t);
  int rc = 0;
  v->olo = v->ohi = 0;
  for (int i = 0; i < n && !rc; i++) {
    if (!arb_is_finite(b + i)) {
      rc = -1;
      break;
    }
    arb_get_lbound_arf(t, b + i, prec);
    if (i == 0 || arf_cmp(t, v->lo) < 0) arf_set(v->lo, t);
    arb_get_ubound_arf(t, b + i, prec);
    if (i == 0 || arf_cmp(t, v->hi) > 0) arf_set(v->hi, t);
  }
  arf_clear(t);
  return rc;
}

typedef int (*pt_fn)(arb_t r, const arb_t a, slong prec, const void *arg);

static int pt_table(arb_t r, const arb_t a, slong prec, const void *arg) {
  return expr_fn_table[*(const int *)arg].arb(r, a, prec);
}
static int pt_qpow(arb_t r, const arb_t a, slong prec, const void *arg) {
  return expr_arb_qpow(r, a, (const fmpq *)arg, prec);
}

/* f at the point p, into the ball r: 0, or -1 (outside the domain, not finite) */
static int at_point(arb_t r, pt_fn f, const void *arg, const arf_t p, slong prec) {
  arb_t a;
  arb_init(a);
  arb_set_arf(a, p);
  int rc = f(r, a, prec, arg);
  arb_clear(a);
  return rc || !arb_is_finite(r) ? -1 : 0;
}

/* v = f over [v.lo, v.hi] for f of direction dir (expr_fn.h's: 1 or -1 monotone, 2 least
 * at 0, -2 monotone on each side of a pole at 0, 0 none known). A monotone f's values at
 * the ends bound it whichever its direction: their hull is taken. */
static int apply_fn(struct iv *v, pt_fn f, const void *arg, int dir, int strict, slong prec) {
  arb_ptr b = _arb_vec_init(3);
  const int neg = arf_sgn(v->hi) < 0, pos = arf_sgn(v->lo) > 0, nonneg = arf_sgn(v->lo) >= 0,
            nonpos = arf_sgn(v->hi) <= 0;
  /* increasing (1) or decreasing (-1) on the whole interval, where the ends give the bounds */
  const int mono = dir == 1 || dir == -1 ? dir : dir == -2 && (pos || neg) ? -1 : dir == 2 && nonneg ? 1
                   : dir == 2 && nonpos ? -1 : 0;
  const int olo = v->olo, ohi = v->ohi;
  int rc = -1, n = 0;
  if (mono) {
    n = 2; /* monotone on the interval: its ends */
    if (!at_point(b, f, arg, v->lo, prec) && !at_point(b + 1, f, arg, v->hi, prec)) rc = 0;
  } else if (dir == 2) { /* holds 0: the least value at 0, the greatest at an end */
    arf_t z;
    arf_init(z);
    n = 3;
    if (!at_point(b, f, arg, v->lo, prec) && !at_point(b + 1, f, arg, v->hi, prec) &&
        !at_point(b + 2, f, arg, z, prec))
      rc = 0;
    arf_clear(z);
  } else { /* Arb's ball function on the hull */
    arb_t a;
    arb_init(a);
    arb_set_interval_arf(a, v->lo, v->hi, prec);
    n = 1;
    rc = f(b, a, prec, arg) || !arb_is_finite(b) ? -1 : 0;
    arb_clear(a);
  }
  if (!rc) rc = iv_hull(v, b, n, prec);
  if (!rc && strict && mono) { /* the ends' openness, through a strictly monotone map */
    v->olo = mono > 0 ? olo : ohi;
    v->ohi = mono > 0 ? ohi : olo;
  }
  _arb_vec_clear(b, 3);
  return rc;
}

/* v = a op b for op in * and / (b excludes 0 for /): the hull of the four corners */
static int corners(struct iv *v, const struct iv *a, const struct iv *b, int div, slong prec) {
  if (div && !(arf_sgn(b->lo) > 0 || arf_sgn(b->hi) < 0)) return -1;
  arb_ptr p = _arb_vec_init(4);
  arb_t x, y;
  arb_init(x), arb_init(y);
  for (int i = 0; i < 4; i++) {
    arb_set_arf(x, i & 1 ? a->hi : a->lo);
    arb_set_arf(y, i & 2 ? b->hi : b->lo);
    if (div) arb_div(p + i, x, y, prec);
    else arb_mul(p + i, x, y, prec);
  }
  int rc = iv_hull(v, p, 4, prec);
  /* by a nonzero point: a strictly monotone map of the other operand */
  const int pa = arf_equal(a->lo, a->hi) && !a->olo && !a->ohi && !arf_is_zero(a->lo),
            pb = arf_equal(b->lo, b->hi) && !b->olo && !b->ohi && !arf_is_zero(b->lo);
  if (!rc && (pa || pb)) {
    const struct iv *o = pb ? a : b;              /* the interval */
    const int s = arf_sgn(pb ? b->lo : a->lo);    /* the point's sign */
    const int up = div && !pb ? -s : s;           /* the map's direction: p/x reverses */
    v->olo = up > 0 ? o->olo : o->ohi;
    v->ohi = up > 0 ? o->ohi : o->olo;
  } else if (!rc && !div) {
    const int sa = arf_sgn(a->lo) >= 0 ? 1 : arf_sgn(a->hi) <= 0 ? -1 : 0,
              sb = arf_sgn(b->lo) >= 0 ? 1 : arf_sgn(b->hi) <= 0 ? -1 : 0;
    if (sa && sb) { /* |a|, |b|: their ends' openness and whether those ends are positive */
      const int alo_o = sa > 0 ? a->olo : a->ohi, ahi_o = sa > 0 ? a->ohi : a->olo,
                blo_o = sb > 0 ? b->olo : b->ohi, bhi_o = sb > 0 ? b->ohi : b->olo;
      const int alo_p = arf_sgn(sa > 0 ? a->lo : a->hi) != 0, ahi_p = arf_sgn(sa > 0 ? a->hi : a->lo) != 0,
                blo_p = arf_sgn(sb > 0 ? b->lo : b->hi) != 0, bhi_p = arf_sgn(sb > 0 ? b->hi : b->lo) != 0;
      const int plo = (alo_o && (blo_p || blo_o)) || (blo_o && (alo_p || alo_o)),
                phi = (ahi_o && bhi_p) || (bhi_o && ahi_p);
      v->olo = sa * sb > 0 ? plo : phi;
      v->ohi = sa * sb > 0 ? phi : plo;
    }
  }
  _arb_vec_clear(p, 4);
  arb_clear(x), arb_clear(y);
  return rc;
}

static int range_node(struct iv *v, const struct expr *e, int k, const struct iv *x, slong prec) {
  const struct node *n = &e->n[k];
  arb_t t;
  int rc = 0;
  switch (n->op) {
  case OP_X:
    arf_set(v->lo, x->lo), arf_set(v->hi, x->hi);
    v->olo = v->ohi = 0;
    return 0;
  case OP_Q:
  case OP_PI:
  case OP_E:
    arb_init(t);
    if (n->op == OP_Q) arb_set_fmpq(t, n->q, prec);
    else if (n->op == OP_PI) arb_const_pi(t, prec);
    else arb_const_e(t, prec);
    rc = iv_from_arb(v, t, prec);
    arb_clear(t);
    return rc;
  default: break;
  }
  if (n->op == OP_FN && n->b >= 0) return range_node(v, e, n->b, x, prec); /* a formula row */
  if (range_node(v, e, n->a, x, prec)) return -1;
  if (n->op == OP_NEG) {
    iv_neg(v);
    return 0;
  }
  if (n->op == OP_FN) return apply_fn(v, pt_table, &n->fn, expr_fn_table[n->fn].dir, !expr_fn_table[n->fn].step, prec);
  if (n->op == OP_POW) {
    int dir = 0; /* as a function's (apply_fn) */
    if (fmpz_is_one(fmpq_denref(n->q))) /* an integer power: odd monotone, even by sign */
      dir = fmpz_is_odd(fmpq_numref(n->q)) ? (fmpz_sgn(fmpq_numref(n->q)) > 0 ? 1 : -2)
                                           : (fmpz_sgn(fmpq_numref(n->q)) > 0 ? 2 : 0);
    else if (arf_sgn(v->lo) > 0) /* a rational power of a positive interval */
      dir = fmpz_sgn(fmpq_numref(n->q)) > 0 ? 1 : -1;
    return apply_fn(v, pt_qpow, n->q, dir, 1, prec);
  }
  struct iv b;
  iv_init(&b);
  rc = range_node(&b, e, n->b, x, prec);
  if (!rc && (n->op == OP_ADD || n->op == OP_SUB)) {
    if (n->op == OP_SUB) iv_neg(&b);
    v->olo = arf_add(v->lo, v->lo, b.lo, prec, ARF_RND_FLOOR) || v->olo || b.olo; /* inexact: beyond it */
    v->ohi = arf_add(v->hi, v->hi, b.hi, prec, ARF_RND_CEIL) || v->ohi || b.ohi;
  } else if (!rc) {
    struct iv a;
    iv_init(&a);
    arf_set(a.lo, v->lo), arf_set(a.hi, v->hi);
    a.olo = v->olo, a.ohi = v->ohi;
    rc = corners(v, &a, &b, n->op == OP_DIV, prec);
    iv_clear(&a);
  }
  iv_clear(&b);
  return rc;
}

int expr_range(arf_t lo, arf_t hi, int *open, const struct expr *e, const arf_t xlo, const arf_t xhi, slong prec) {
  struct iv x, v;
  iv_init(&x), iv_init(&v);
  arf_set(x.lo, xlo), arf_set(x.hi, xhi);
  int rc = range_node(&v, e, e->root, &x, prec);
  if (!rc) arf_set(lo, v.lo), arf_set(hi, v.hi);
  if (!rc && open) *open = v.olo | v.ohi << 1;
  iv_clear(&x), iv_clear(&v);
  return rc;
}
