/* expr_limit.c: the limit of an expression as x -> +inf or -inf (expr.h, expr_limit).
 *
 * At x = +-inf an expression's value is its IEEE 754 value where every operation is
 * exact (expr_mpfr_formula); where that is indeterminate (x/(1+exp(-x)) at -inf is -inf/inf,
 * x*erfc(x) at +inf is inf*0), the value is the limit, computed here: a finite L, with
 * the sign of the side it is approached from when L = 0 (x e^x/(1 + e^x) -> -0), or an
 * infinity. As for the references of the catalogue (silu(-inf) = -0, sigmoid(+inf) = 1),
 * t = sign(RN53(L) - L), 0 when L is a binary64 number.
 *
 * Each node's behaviour as x -> +inf (for -inf, x = -u with u -> +inf) is one of
 *   FIN: L + T + o(T)   a finite limit L (an exact rational, or a ball) and T -> 0, or T
 *                       absent: the node equals L for every large x (constants);
 *   INF: T + o(T)       T -> +-inf;
 * with one term T = s c x^p e^(q x^m) (s = +-1; c > 0 a ball, unknown where only the
 * order is known; p, m >= 0 rationals, q a ball, m = 0 for no exponential), or a term
 * `beyond all orders' (tiny: e^-e^x and the like, of a known sign, smaller than any
 * other term). exact: the node equals L + T (or T) exactly, a monomial, so that x - x
 * and x + |x| at -inf cancel to exactly 0. The rules are those of asymptotic expansions:
 * the sum keeps the dominant term (same order: the coefficients add; where they cancel
 * and the terms are not exact, nothing is known); products and quotients multiply terms;
 * exp, log, tanh, erf and erfc of infinities have the leading forms e^(c x^p), q x^m,
 * 1 - 2e^(-2v), 1 - erfc(v) ~ 1 - e^(-v^2); a function at a finite limit L is f(L) +
 * f'(L) T. Whatever falls outside (oscillations, logarithmic growth, cancellations of
 * unknown terms, doubly exponential growth) gives no limit (-1): the value stays
 * undecidable, never a guess. */
#include <arb_hypgeom.h>
#include <flint/fmpq.h>
#include <string.h>

#include "reference/expr/expr.h"
#include "reference/expr/expr_fn.h"
#include "reference/expr/expr_tree.h"
#include "reference/arb_ziv.h" /* REF_UNDECIDABLE */

#define LIM_PREC 256

struct term {
  int s, tiny, absent; /* absent: no term (FIN: the node is exactly L) */
  arb_t c, q;
  fmpq_t p, m;
};

struct lim {
  int inf;   /* INF (else FIN) */
  int exact; /* the node equals L + T (or T) exactly */
  int lq;    /* L is the exact rational lr (else the ball L) */
  fmpq_t lr;
  arb_t L;
  struct term T;
};

static void t_init(struct term *t) {
  memset(t, 0, sizeof *t);
  arb_init(t->c), arb_init(t->q), fmpq_init(t->p), fmpq_init(t->m);
  t->absent = 1;
}
static void t_clear(struct term *t) { arb_clear(t->c), arb_clear(t->q), fmpq_clear(t->p), fmpq_clear(t->m); }
static void t_set(struct term *r, const struct term *t) {
  r->s = t->s, r->tiny = t->tiny, r->absent = t->absent;
  arb_set(r->c, t->c), arb_set(r->q, t->q), fmpq_set(r->p, t->p), fmpq_set(r->m, t->m);
}
static void l_init(struct lim *v) {
  memset(v, 0, sizeof *v);
  fmpq_init(v->lr), arb_init(v->L), t_init(&v->T);
  v->lq = 1, v->exact = 1;
}
static void l_clear(struct lim *v) { fmpq_clear(v->lr), arb_clear(v->L), t_clear(&v->T); }
static void l_set(struct lim *r, const struct lim *v) {
  r->inf = v->inf, r->exact = v->exact, r->lq = v->lq;
  fmpq_set(r->lr, v->lr), arb_set(r->L, v->L), t_set(&r->T, &v->T);
}
/* L as a ball */
static void l_ball(arb_t r, const struct lim *v) {
  if (v->lq) arb_set_fmpq(r, v->lr, LIM_PREC);
  else arb_set(r, v->L);
}
/* L is exactly 0 */
static int l_zero(const struct lim *v) { return v->lq ? fmpq_is_zero(v->lr) : arb_is_zero(v->L); }

/* The order of |t1| against |t2| as x -> +inf: +1 larger, -1 smaller, 0 the same order
 * (c aside), 2 unknown. */
static int t_cmp(const struct term *a, const struct term *b) {
  if (a->tiny || b->tiny) return a->tiny && b->tiny ? 2 : a->tiny ? -1 : 1;
  const int ma = !fmpq_is_zero(a->m), mb = !fmpq_is_zero(b->m);
  int c = fmpq_cmp(a->m, b->m);
  if (ma || mb) {
    if (c > 0) return arb_is_positive(a->q) ? 1 : arb_is_negative(a->q) ? -1 : 2;
    if (c < 0) return arb_is_positive(b->q) ? -1 : arb_is_negative(b->q) ? 1 : 2;
    if (!arb_overlaps(a->q, b->q)) return arb_gt(a->q, b->q) ? 1 : -1;
    if (!(arb_is_exact(a->q) && arb_is_exact(b->q) && arb_equal(a->q, b->q))) return 2;
  }
  c = fmpq_cmp(a->p, b->p);
  return c > 0 ? 1 : c < 0 ? -1 : 0;
}

/* the term tends to infinity (+1), to 0 (-1), to a constant (0) */
static int t_growth(const struct term *t) {
  if (t->tiny) return -1;
  if (!fmpq_is_zero(t->m)) return arb_is_positive(t->q) ? 1 : arb_is_negative(t->q) ? -1 : 2;
  return fmpq_sgn(t->p);
}

/* r = a b (terms) */
static void t_mul(struct term *r, const struct term *a, const struct term *b) {
  struct term t;
  t_init(&t);
  t.absent = 0;
  t.s = a->s * b->s;
  t.tiny = a->tiny || b->tiny;
  arb_mul(t.c, a->c, b->c, LIM_PREC);
  fmpq_add(t.p, a->p, b->p);
  const int c = fmpq_cmp(a->m, b->m);
  if (c == 0) {
    fmpq_set(t.m, a->m);
    arb_add(t.q, a->q, b->q, LIM_PREC);
    if (!fmpq_is_zero(t.m) && arb_is_zero(t.q)) fmpq_zero(t.m); /* e^(q x^m) e^(-q x^m) = 1 */
  } else { /* the larger exponent leads; the smaller one's factor is not a constant */
    const struct term *big = c > 0 ? a : b;
    fmpq_set(t.m, big->m), arb_set(t.q, big->q);
    if (!fmpq_is_zero(c > 0 ? b->m : a->m)) arb_indeterminate(t.c);
  }
  t_set(r, &t);
  t_clear(&t);
}

/* the term 1/t */
static void t_inv(struct term *r, const struct term *t) {
  t_set(r, t);
  arb_inv(r->c, t->c, LIM_PREC);
  fmpq_neg(r->p, t->p);
  arb_neg(r->q, t->q);
}

/* a = a + b; 0, or -1 (no limit known) */
static int l_add(struct lim *a, const struct lim *b) {
  if (!a->inf && !b->inf) {
    if (a->lq && b->lq) fmpq_add(a->lr, a->lr, b->lr);
    else {
      arb_t u;
      arb_init(u);
      l_ball(u, b);
      l_ball(a->L, a);
      arb_add(a->L, a->L, u, LIM_PREC);
      arb_clear(u);
      a->lq = 0;
    }
    if (b->T.absent) return a->exact = a->exact && b->exact, 0;
    if (a->T.absent) return t_set(&a->T, &b->T), a->exact = a->exact && b->exact, 0;
  } else if (!a->inf || !b->inf) { /* an infinity and a finite value: the infinity */
    const int keep = a->inf ? b->exact && b->T.absent && l_zero(b) : a->exact && a->T.absent && l_zero(a);
    if (b->inf) l_set(a, b);
    a->exact = a->exact && keep;
    return 0;
  }
  const int c = t_cmp(&a->T, &b->T), ex = a->exact && b->exact;
  if (c == 2) return -1;
  a->exact = 0;
  if (c < 0) t_set(&a->T, &b->T);
  if (c != 0) return 0;
  arb_ptr ca = a->T.c;
  arb_srcptr cb = b->T.c;
  if (a->T.s == b->T.s) return arb_add(ca, ca, cb, LIM_PREC), 0;
  if (ex && arb_is_exact(a->T.c) && arb_equal(a->T.c, b->T.c)) { /* exact monomials cancel */
    if (a->inf) a->inf = 0, fmpq_zero(a->lr), a->lq = 1;
    a->T.absent = 1, a->exact = 1;
    return 0;
  }
  arb_sub(ca, ca, cb, LIM_PREC);
  if (!arb_is_finite(ca) || arb_contains_zero(ca)) return -1;
  if (arb_is_negative(ca)) arb_neg(ca, ca), a->T.s = b->T.s;
  return 0;
}

/* the dominant of candidate terms (absent ones skipped) into r; -1 when unknown or
 * cancelling */
static int t_dominant(struct term *r, struct term *const *cand, int n) {
  int found = 0;
  for (int i = 0; i < n; i++) {
    if (cand[i]->absent) continue;
    if (!found) {
      t_set(r, cand[i]), found = 1;
      continue;
    }
    const int c = t_cmp(cand[i], r);
    if (c == 2 || (c == 0 && cand[i]->s != r->s)) return -1;
    if (c > 0) t_set(r, cand[i]);
    else if (c == 0) arb_add(r->c, r->c, cand[i]->c, LIM_PREC);
  }
  if (!found) r->absent = 1;
  return 0;
}

/* the term L t for a nonzero finite L (sign by L's ball) */
static int t_scale(struct term *r, const struct term *t, const struct lim *l) {
  arb_t u;
  arb_init(u);
  l_ball(u, l);
  t_set(r, t);
  const int ok = !r->absent && !arb_contains_zero(u);
  if (ok) {
    if (arb_is_negative(u)) r->s = -r->s, arb_neg(u, u);
    arb_mul(r->c, r->c, u, LIM_PREC);
  }
  arb_clear(u);
  return ok ? 0 : -1;
}

/* a = a b; 0 or -1 */
static int l_mul(struct lim *a, const struct lim *b) {
  int rc = 0;
  struct lim r;
  l_init(&r);
  if (a->inf && b->inf) {
    l_set(&r, a);
    t_mul(&r.T, &a->T, &b->T);
    r.exact = a->exact && b->exact;
  } else if (a->inf || b->inf) {
    const struct lim *f = a->inf ? b : a, *i = a->inf ? a : b;
    if (!l_zero(f)) { /* an infinity times a nonzero limit */
      l_set(&r, i);
      rc = t_scale(&r.T, &i->T, f);
      r.exact = i->exact && f->exact && f->T.absent;
    } else if (f->T.absent) { /* times a node that is exactly 0 */
      r.exact = f->exact;
    } else {
      t_mul(&r.T, &i->T, &f->T);
      const int g = t_growth(&r.T);
      r.inf = g > 0, r.exact = i->exact && f->exact;
      if (g == 0 && arb_is_finite(r.T.c)) { /* a finite nonzero limit, approached from unknown side */
        arb_set(r.L, r.T.c);
        if (r.T.s < 0) arb_neg(r.L, r.L);
        r.lq = 0, r.T.s = 0, r.T.tiny = 1, r.exact = 0;
      } else if (g != 1 && g != -1) {
        rc = -1;
      }
    }
  } else {
    struct term t1, t2, t3;
    t_init(&t1), t_init(&t2), t_init(&t3);
    if (!l_zero(a) && !b->T.absent) rc |= t_scale(&t1, &b->T, a);
    if (!l_zero(b) && !a->T.absent) rc |= t_scale(&t2, &a->T, b);
    if (!a->T.absent && !b->T.absent) t_mul(&t3, &a->T, &b->T);
    struct term *cand[3] = {&t1, &t2, &t3};
    rc = rc ? -1 : t_dominant(&r.T, cand, 3);
    r.exact = a->exact && b->exact && (t1.absent + t2.absent + t3.absent >= 2);
    if (a->lq && b->lq) { /* the product of two rationals */
      fmpz_mul(fmpq_numref(r.lr), fmpq_numref(a->lr), fmpq_numref(b->lr));
      fmpz_mul(fmpq_denref(r.lr), fmpq_denref(a->lr), fmpq_denref(b->lr));
      fmpq_canonicalise(r.lr);
    }
    else {
      arb_t u;
      arb_init(u);
      l_ball(r.L, a), l_ball(u, b);
      arb_mul(r.L, r.L, u, LIM_PREC);
      r.lq = 0;
      arb_clear(u);
    }
    t_clear(&t1), t_clear(&t2), t_clear(&t3);
  }
  l_set(a, &r);
  l_clear(&r);
  return rc;
}

/* a = 1/a; 0 or -1 */
static int l_recip(struct lim *a) {
  if (a->inf) {
    t_inv(&a->T, &a->T);
    a->inf = 0, a->lq = 1;
    fmpq_zero(a->lr);
    return 0;
  }
  if (l_zero(a)) {
    if (a->T.absent || a->T.s == 0 || a->T.tiny) return -1;
    t_inv(&a->T, &a->T);
    a->inf = 1;
    return 0;
  }
  arb_t u;
  arb_init(u);
  l_ball(u, a);
  int rc = arb_contains_zero(u) ? -1 : 0;
  if (!rc && !a->T.absent) { /* 1/(L + T) = 1/L - T/L^2 */
    arb_t sq;
    arb_init(sq);
    arb_mul(sq, u, u, LIM_PREC);
    arb_div(a->T.c, a->T.c, sq, LIM_PREC);
    a->T.s = -a->T.s;
    a->exact = 0;
    arb_clear(sq);
  }
  if (!rc) {
    if (a->lq) fmpq_inv(a->lr, a->lr);
    else arb_inv(a->L, a->L, LIM_PREC);
  }
  arb_clear(u);
  return rc;
}

/* ---------------------------------------------------------------------------------
 * Functions. */

/* f at a finite limit: f(L) + f'(L) T, from r = f(L + t) mod t^2 */
static int fin_apply(struct lim *v, const arb_poly_t r, int rc) {
  arb_t u;
  arb_init(u);
  arb_poly_get_coeff_arb(v->L, r, 0);
  arb_poly_get_coeff_arb(u, r, 1);
  v->lq = 0, v->exact = v->exact && v->T.absent;
  if (!rc && !arb_is_finite(v->L)) rc = -1;
  if (!rc && !v->T.absent) {
    struct lim d;
    l_init(&d);
    arb_set(d.L, u), d.lq = 0;
    rc = t_scale(&v->T, &v->T, &d);
    l_clear(&d);
  }
  arb_clear(u);
  return rc;
}

/* h = L + t */
static void fin_arg(arb_poly_t h, const struct lim *v) {
  arb_t u;
  arb_init(u);
  l_ball(u, v);
  arb_poly_zero(h);
  arb_poly_set_coeff_arb(h, 0, u);
  arb_poly_set_coeff_si(h, 1, 1);
  arb_clear(u);
}

/* f at a finite limit through the node's own function, or g */
static int fin_fn(struct lim *v, const struct node *n, ps_fn g) {
  arb_poly_t h, r;
  arb_poly_init(h), arb_poly_init(r);
  fin_arg(h, v);
  int rc = g ? g(r, h, 2, LIM_PREC) : expr_fn_apply(r, n, h, 2, LIM_PREC);
  rc = fin_apply(v, r, rc);
  arb_poly_clear(h), arb_poly_clear(r);
  return rc;
}

/* e^(s' (k T)) as a term of sign sr: for a plain power term T = c x^p (no exponential),
 * the exponential of order x^p with coefficient s' k c (its own coefficient unknown: the
 * lower terms of the argument are not tracked); beyond that, a tiny term */
static void t_exp_of(struct term *r, const struct term *t, double k, int sr) {
  struct term e;
  t_init(&e);
  e.absent = 0, e.s = sr;
  arb_indeterminate(e.c);
  if (t->tiny || !fmpq_is_zero(t->m)) {
    e.tiny = 1;
  } else {
    fmpq_set(e.m, t->p);
    arb_set_d(e.q, k);
    arb_mul(e.q, e.q, t->c, LIM_PREC);
    if (t->s < 0) arb_neg(e.q, e.q);
    if (!arb_is_finite(e.q)) e.tiny = 1;
  }
  t_set(r, &e);
  t_clear(&e);
}

/* an exact rational limit c with a term */
static void set_fin(struct lim *v, slong c) {
  v->inf = 0, v->lq = 1, v->exact = 0;
  fmpz_set_si(fmpq_numref(v->lr), c);
  fmpz_one(fmpq_denref(v->lr));
}

/* exp: e^L + e^L T; of +inf, infinite; of -inf, 0 from above */
static int lim_exp(struct lim *v) {
  if (!v->inf) return fin_fn(v, NULL, expr_ps_find("exp"));
  if (v->T.s > 0 && (v->T.tiny || !fmpq_is_zero(v->T.m))) return -1; /* doubly exponential */
  const int up = v->T.s > 0;
  t_exp_of(&v->T, &v->T, 1, 1);
  if (up) v->exact = 0;
  else set_fin(v, 0);
  v->T.absent = 0;
  return 0;
}

/* log: log L + T/L; of +inf or of 0+, the leading exponent q x^m (logarithmic growth
 * has no term here: -1) */
static int lim_log(struct lim *v) {
  if (!v->inf && !l_zero(v)) return fin_fn(v, NULL, expr_ps_find("log"));
  const struct term *t = &v->T;
  if (t->absent || t->s <= 0 || t->tiny || fmpq_is_zero(t->m) || !arb_is_finite(t->q)) return -1;
  if (v->inf != arb_is_positive(t->q)) return -1;
  struct term r;
  t_init(&r);
  r.absent = 0, r.s = arb_is_positive(t->q) ? 1 : -1;
  arb_abs(r.c, t->q);
  fmpq_set(r.p, t->m);
  t_set(&v->T, &r);
  t_clear(&r);
  v->inf = 1, v->exact = 0;
  return 0;
}

/* tanh, erf, erfc of an infinity: their limits, approached from the side of the gap
 * 2 e^(-2|v|) (tanh) or e^(-v^2) (erf, erfc; v^2 = c^2 x^2p for v = +-c x^p) */
static int lim_sat(struct lim *v, const char *nm) {
  const int s = v->T.s;
  if (!strcmp(nm, "tanh")) {
    t_exp_of(&v->T, &v->T, s > 0 ? -2 : 2, -s);
    set_fin(v, s);
    return 0;
  }
  struct term sq;
  t_init(&sq);
  t_mul(&sq, &v->T, &v->T); /* v^2's leading term, positive */
  sq.s = 1;
  t_exp_of(&v->T, &sq, -1, 1); /* e^(-v^2) */
  t_clear(&sq);
  if (!strcmp(nm, "erf")) set_fin(v, s), v->T.s = -s;
  else if (s > 0) set_fin(v, 0);
  else set_fin(v, 2), v->T.s = -1;
  return 0;
}

/* v^q for a rational q: of +inf, T^q; of a limit L > 0, L^q + q L^(q-1) T; of 0+, T^q */
static int lim_pow(struct lim *v, const fmpq *q) {
  if (!v->inf && !l_zero(v)) {
    arb_poly_t h, r;
    arb_poly_init(h), arb_poly_init(r);
    fin_arg(h, v);
    int rc = expr_ps_qpow(r, h, q, 2, LIM_PREC);
    rc = fin_apply(v, r, rc);
    arb_poly_clear(h), arb_poly_clear(r);
    return rc;
  }
  /* a negative term: (-u)^(n/d) = (-1)^n u^(n/d) for d odd, the real root */
  const int odd_den = fmpz_is_odd(fmpq_denref(q)), odd_num = fmpz_is_odd(fmpq_numref(q));
  if (v->T.absent || v->T.s == 0 || v->T.tiny || (v->T.s < 0 && !odd_den)) return -1;
  if (v->T.s < 0 && !fmpq_is_zero(v->T.m)) return -1;
  v->T.s = v->T.s < 0 && odd_num ? -1 : 1;
  arb_t e;
  arb_init(e);
  arb_set_fmpq(e, q, LIM_PREC);
  arb_pow(v->T.c, v->T.c, e, LIM_PREC);
  fmpq_mul(v->T.p, v->T.p, q);
  arb_mul(v->T.q, v->T.q, e, LIM_PREC);
  if (fmpq_sgn(q) < 0) v->inf = !v->inf;
  if (!v->inf) set_fin(v, 0);
  arb_clear(e);
  v->exact = 0;
  return 0;
}

/* v^(n/d) (lim_pow) for the roots among the functions: sqrt, rsqrt, cbrt, rcbrt */
static int lim_pow_si(struct lim *v, slong n, ulong d) {
  fmpq_t q;
  fmpq_init(q);
  fmpq_set_si(q, n, d);
  const int rc = lim_pow(v, q);
  fmpq_clear(q);
  return rc;
}

/* |v|: the limit's sign, or for L = 0 the side's (exact monomials stay exact) */
static int lim_fabs(struct lim *v) {
  int s;
  if (v->inf || l_zero(v)) s = v->T.absent ? 1 : v->T.s;
  else {
    arb_t u;
    arb_init(u);
    l_ball(u, v);
    s = arb_is_positive(u) ? 1 : arb_is_negative(u) ? -1 : 0;
    arb_clear(u);
  }
  if (!s) return -1;
  if (s < 0) {
    fmpq_neg(v->lr, v->lr), arb_neg(v->L, v->L);
    v->T.s = -v->T.s;
  }
  return 0;
}

static int lim_eval(struct lim *v, const struct expr *e, int k, int sgn);

/* atan of an infinity s T: s pi/2 - 1/T + O(T^-3), approached from below for s > 0 */
static int lim_atan(struct lim *v) {
  if (v->T.absent || v->T.s == 0) return -1;
  const int s = v->T.s;
  t_inv(&v->T, &v->T); /* 1/T, of sign s */
  v->T.s = -s;
  v->inf = 0, v->lq = 0, v->exact = 0;
  arb_const_pi(v->L, LIM_PREC);
  arb_mul_2exp_si(v->L, v->L, -1);
  if (s < 0) arb_neg(v->L, v->L);
  return 0;
}

/* a function node with the argument's limit in v */
static int lim_fn(struct lim *v, const struct node *n) {
  const char *nm = expr_fn_name(n->fn);
  int rc;
  if (!strcmp(nm, "exp")) return lim_exp(v);
  if (!strcmp(nm, "expm1") || (!strcmp(nm, "elu") && (v->inf ? v->T.s < 0 : !l_zero(v) ? 0 : v->T.s < 0))) {
    struct lim one;
    l_init(&one);
    fmpq_set_si(one.lr, -1, 1);
    rc = lim_exp(v);
    if (!rc) rc = l_add(v, &one);
    l_clear(&one);
    return rc;
  }
  if (!strcmp(nm, "elu")) {
    arb_t u;
    arb_init(u);
    l_ball(u, v);
    rc = v->inf || (!l_zero(v) && arb_is_positive(u)) || (l_zero(v) && v->T.s > 0) ? 0 : -1;
    if (rc && !l_zero(v) && arb_is_negative(u)) rc = fin_fn(v, NULL, expr_ps_find("expm1"));
    arb_clear(u);
    return rc;
  }
  if (!strcmp(nm, "log")) return lim_log(v);
  if (!strcmp(nm, "log1p")) {
    struct lim one;
    l_init(&one);
    fmpq_one(one.lr);
    rc = l_add(v, &one);
    l_clear(&one);
    return rc ? rc : lim_log(v);
  }
  if (!strcmp(nm, "fabs")) return lim_fabs(v);
  if (!strcmp(nm, "recip")) return l_recip(v);
  if (!strcmp(nm, "sqrt") || !strcmp(nm, "rsqrt")) return lim_pow_si(v, nm[0] == 'r' ? -1 : 1, 2);
  if (v->inf && (!strcmp(nm, "tanh") || !strcmp(nm, "erf") || !strcmp(nm, "erfc"))) return lim_sat(v, nm);
  if (v->inf && !strcmp(nm, "atan")) return lim_atan(v);
  if (v->inf && (!strcmp(nm, "sinh") || !strcmp(nm, "cosh"))) { /* e^|v| / 2 - -+ e^-|v| / 2 */
    const int s = v->T.s;
    if (s < 0) v->T.s = 1; /* |v| */
    rc = lim_exp(v);
    if (!rc && s < 0 && !strcmp(nm, "sinh")) v->T.s = -1; /* sinh of -inf: -e^|v|/2 */
    return rc;
  }
  if (v->inf && (!strcmp(nm, "exp2") || !strcmp(nm, "exp10"))) { /* e^(v log b) */
    arb_t l;
    arb_init(l);
    arb_set_ui(l, nm[3] == '2' ? 2 : 10);
    arb_log(l, l, LIM_PREC);
    arb_mul(v->T.c, v->T.c, l, LIM_PREC);
    arb_clear(l);
    v->exact = 0;
    return lim_exp(v);
  }
  if (v->inf && (!strcmp(nm, "cbrt") || !strcmp(nm, "rcbrt"))) return lim_pow_si(v, nm[0] == 'r' ? -1 : 1, 3);
  if (v->inf) return -1; /* oscillating, or not known here */
  return fin_fn(v, n, NULL);
}

static int lim_eval(struct lim *v, const struct expr *e, int k, int sgn) {
  const struct node *n = &e->n[k];
  switch (n->op) {
  case OP_X:
    v->inf = 1, v->exact = 1, v->T.absent = 0, v->T.s = sgn, v->T.tiny = 0;
    arb_one(v->T.c), arb_zero(v->T.q), fmpq_one(v->T.p), fmpq_zero(v->T.m);
    return 0;
  case OP_Q: fmpq_set(v->lr, n->q); return 0;
  case OP_PI: v->lq = 0, arb_const_pi(v->L, LIM_PREC); return 0;
  case OP_E: v->lq = 0, arb_const_e(v->L, LIM_PREC); return 0;
  default: break;
  }
  if (n->op == OP_FN && n->b >= 0) return lim_eval(v, e, n->b, sgn);
  int rc = lim_eval(v, e, n->a, sgn);
  if (rc) return rc;
  if (n->op == OP_NEG) {
    fmpq_neg(v->lr, v->lr), arb_neg(v->L, v->L), v->T.s = -v->T.s;
    return 0;
  }
  if (n->op == OP_POW) return lim_pow(v, n->q);
  if (n->op == OP_FN) return lim_fn(v, n);
  struct lim b;
  l_init(&b);
  rc = lim_eval(&b, e, n->b, sgn);
  if (!rc && n->op == OP_SUB) fmpq_neg(b.lr, b.lr), arb_neg(b.L, b.L), b.T.s = -b.T.s;
  if (!rc && n->op == OP_DIV) rc = l_recip(&b);
  if (!rc) rc = n->op == OP_ADD || n->op == OP_SUB ? l_add(v, &b) : l_mul(v, &b);
  l_clear(&b);
  return rc;
}

int expr_limit(mpfr_ptr y, int sgn, mpfr_rnd_t rnd, const struct expr *e) {
  struct lim v;
  l_init(&v);
  int rc = lim_eval(&v, e, e->root, sgn), t = REF_UNDECIDABLE;
  if (rc) {
    mpfr_set_nan(y);
  } else if (v.inf) {
    mpfr_set_inf(y, v.T.s), t = v.T.s ? 0 : REF_UNDECIDABLE;
  } else if (l_zero(&v)) { /* 0, signed by the side it is approached from */
    if (v.T.absent || v.T.s) mpfr_set_zero(y, v.T.absent ? 1 : v.T.s), t = 0;
  } else if (v.lq) {
    mpq_t q;
    mpq_init(q);
    fmpq_get_mpq(q, v.lr);
    t = mpfr_set_q(y, q, rnd);
    mpq_clear(q);
  } else { /* a ball: decided when both ends round alike, on the same side */
    mpfr_t lo, hi, y2;
    mpfr_inits2(LIM_PREC + 64, lo, hi, (mpfr_ptr)0);
    mpfr_init2(y2, mpfr_get_prec(y));
    arb_get_interval_mpfr(lo, hi, v.L);
    const int t1 = mpfr_set(y, lo, rnd), t2 = mpfr_set(y2, hi, rnd);
    if (mpfr_equal_p(y, y2) && (mpfr_equal_p(lo, hi) ? t1 == t2 : (t1 > 0) == (t2 > 0) && t1 != 0 && t2 != 0)) t = t1;
    mpfr_clear(lo), mpfr_clear(hi), mpfr_clear(y2);
  }
  if (t == REF_UNDECIDABLE) mpfr_set_nan(y);
  l_clear(&v);
  return t;
}
