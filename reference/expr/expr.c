/* expr.c: see expr.h. The parser builds a tree of nodes (an array, children before
 * parents); the evaluators walk it: with Arb balls (expr_arb) and with exact MPFR
 * operations (exact_eval). The functions an expression may call are expr_fn.c's. */
#include "reference/expr/expr.h"

#include <arb_hypgeom.h>
#include <arb_poly.h>
#include <ctype.h>
#include <flint/fmpq.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "reference/interval/ib_prog.h"
#include "reference/expr/expr_fn.h"
#include "reference/expr/expr_tree.h"
#include "reference/reference.h" /* ref_find */
#include "reference/arb_special.h" /* erfcx, normcdf, normcdfinv */
#include "reference/arb_ziv.h"
#include "reference/fast/fast.h" /* FAST_SERIES_NOWHERE */

/* ---------------------------------------------------------------------------------
 * The tree. */

struct parser {
  const char *s;
  size_t i, len;
  struct expr *e;
  int depth;
  char *err;
  size_t errlen;
  int failed;
  int xnode; /* while a formula is expanded: the node that stands for its x (else -1) */
};

static int fail(struct parser *p, size_t at, const char *fmt, const char *what) {
  if (!p->failed) {
    char m[256];
    snprintf(m, sizeof m, fmt, what);
    snprintf(p->err, p->errlen, "%s at column %zu", m, at + 1);
  }
  p->failed = 1;
  return -1;
}

static int new_node(struct parser *p, enum op op, int a, int b) {
  struct expr *e = p->e;
  if (e->nn == e->cap) {
    int cap = e->cap ? 2 * e->cap : 16;
    struct node *n = realloc(e->n, (size_t)cap * sizeof *n);
    if (!n) return fail(p, p->i, "%s", "out of memory");
    e->n = n, e->cap = cap;
  }
  struct node *n = &e->n[e->nn];
  memset(n, 0, sizeof *n);
  n->op = op, n->a = a, n->b = b, n->fn = -1;
  fmpq_init(n->q);
  return e->nn++;
}

static void skip_space(struct parser *p) {
  while (p->i < p->len && isspace((unsigned char)p->s[p->i])) p->i++;
}
static int peek(struct parser *p) {
  skip_space(p);
  return p->i < p->len ? (unsigned char)p->s[p->i] : 0;
}

/* An exact rational constant node of value m * base^ex (|ex| bounded by the caller). */
static int const_node(struct parser *p, const fmpz_t m, int base, slong ex) {
  int k = new_node(p, OP_Q, -1, -1);
  if (k < 0) return k;
  fmpz_t pw, one;
  fmpz_init(pw), fmpz_init_set_ui(one, 1);
  fmpz_set_ui(pw, (ulong)base);
  fmpz_pow_ui(pw, pw, (ulong)(ex < 0 ? -ex : ex));
  if (ex >= 0) {
    fmpz_mul(pw, pw, m);
    fmpq_set_fmpz_frac(p->e->n[k].q, pw, one);
  } else {
    fmpq_set_fmpz_frac(p->e->n[k].q, m, pw);
  }
  fmpz_clear(pw), fmpz_clear(one);
  return k;
}

static int digit_val(int c, int hex) {
  if (c >= '0' && c <= '9') return c - '0';
  if (hex && c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (hex && c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* decimal (digits [. digits] [e [+-] digits]) or hexadecimal (0x hexdigits [. hexdigits]
 * [p [+-] digits]), read exactly: mantissa m, scaled by 10^ex or 2^ex */
static int number(struct parser *p) {
  const size_t at = p->i;
  const char *s = p->s;
  int hex = p->i + 1 < p->len && s[p->i] == '0' && (s[p->i + 1] == 'x' || s[p->i + 1] == 'X');
  if (hex) p->i += 2;
  fmpz_t m;
  fmpz_init(m);
  slong ex = 0, nd = 0;
  int dot = 0, d;
  for (; p->i < p->len; p->i++) {
    if (s[p->i] == '.' && !dot) {
      dot = 1;
      continue;
    }
    if ((d = digit_val((unsigned char)s[p->i], hex)) < 0) break;
    fmpz_mul_ui(m, m, hex ? 16 : 10);
    fmpz_add_ui(m, m, (ulong)d);
    nd++, ex -= dot ? (hex ? 4 : 1) : 0;
    if (nd > 1000) break;
  }
  int k = -1;
  if (!nd || nd > 1000) k = fail(p, at, "%s", nd ? "a number with too many digits" : "a number without digits");
  else if (p->i < p->len && (s[p->i] == (hex ? 'p' : 'e') || s[p->i] == (hex ? 'P' : 'E'))) {
    size_t j = p->i + 1;
    int neg = j < p->len && s[j] == '-';
    if (j < p->len && (s[j] == '-' || s[j] == '+')) j++;
    slong v = 0;
    size_t j0 = j;
    while (j < p->len && isdigit((unsigned char)s[j]) && v < 100000) v = 10 * v + (s[j++] - '0');
    if (j == j0) k = fail(p, j, "%s", "expected the exponent's digits");
    else if (v >= 100000 || v > (hex ? 20000 : 1000)) k = fail(p, j0, "%s", "an exponent too large");
    else ex += neg ? -v : v, p->i = j;
  }
  if (!p->failed) k = const_node(p, m, hex ? 2 : 10, ex);
  fmpz_clear(m);
  if (!p->failed && p->i < p->len && (isalnum((unsigned char)s[p->i]) || s[p->i] == '_' || s[p->i] == '.'))
    k = fail(p, p->i, "unexpected '%s' after a number", (char[]){s[p->i], 0});
  return k;
}

static int parse_expr(struct parser *p);
static int parse_unary(struct parser *p);
static int parse_formula(struct expr *e, const char *text, int xnode, char *err, size_t errlen);

/* A binary operation; two rational constants fold into their exact result. */
static int binary(struct parser *p, enum op op, int a, int b, size_t at) {
  const struct node *na = &p->e->n[a], *nb = &p->e->n[b];
  if (na->op != OP_Q || nb->op != OP_Q) return new_node(p, op, a, b);
  if (op == OP_DIV && fmpq_is_zero(nb->q)) return fail(p, at, "%s", "division by zero");
  int k = new_node(p, OP_Q, -1, -1);
  if (k < 0) return k;
  fmpq *r = p->e->n[k].q, *qa = p->e->n[a].q, *qb = p->e->n[b].q; /* after the realloc */
  if (op == OP_ADD) fmpq_add(r, qa, qb);
  else if (op == OP_SUB) fmpq_sub(r, qa, qb);
  else if (op == OP_MUL) fmpq_mul(r, qa, qb);
  else fmpq_div(r, qa, qb);
  return k;
}

/* b ^ ex (at: the exponent's column, for messages): the exponent a constant rational; a
 * rational base with an integer exponent folds. Shared by '^' and pow(b, ex). */
static int power(struct parser *p, int b, int ex, size_t at) {
  const fmpq *q = p->e->n[ex].q;
  if (p->e->n[ex].op != OP_Q) return fail(p, at, "%s", "the exponent must be a constant integer or rational");
  if (!fmpz_fits_si(fmpq_numref(q)) || fmpz_cmp_ui(fmpq_denref(q), 1u << 20) > 0 ||
      fmpz_bits(fmpq_numref(q)) > 20)
    return fail(p, at, "%s", "an exponent too large");
  const slong num = fmpz_get_si(fmpq_numref(q));
  if (p->e->n[b].op == OP_Q && fmpz_is_one(fmpq_denref(q)) && num >= -64 && num <= 64) {
    if (num < 0 && fmpq_is_zero(p->e->n[b].q)) return fail(p, at, "%s", "division by zero");
    int k = new_node(p, OP_Q, -1, -1);
    if (k >= 0) fmpq_pow_si(p->e->n[k].q, p->e->n[b].q, num);
    return k;
  }
  int k = new_node(p, OP_POW, b, -1);
  if (k >= 0) fmpq_set(p->e->n[k].q, p->e->n[ex].q);
  return k;
}

/* The row of the function table named by the n characters at s, or -1. */
static int fn_row(const char *s, size_t n) {
  for (int i = 0; i < expr_fn_count; i++)
    if (strlen(expr_fn_table[i].name) == n && !strncmp(expr_fn_table[i].name, s, n)) return i;
  return -1;
}

/* The node of row f of the function table applied to arg (body: a formula row's expansion,
 * else -1). */
static int fn_node(struct parser *p, int f, int arg, int body, size_t at) {
  const struct reference *r = ref_find(expr_fn_table[f].name);
  if (!r) return fail(p, at, "'%s' is not a reference of the catalogue", expr_fn_table[f].name);
  int k = new_node(p, OP_FN, arg, body);
  if (k < 0) return k;
  struct node *n = &p->e->n[k];
  n->fn = f, n->ref = r->mpfr_fn, n->ser = r->series;
  n->ps = expr_ps_find(expr_fn_table[f].name);
  return k;
}

/* '(' expr ',' expr ')' after the name of a function of two arguments: their nodes into
 * *a and *b, *bat the second's column. 0, or -1 after a message. */
static int two_args(struct parser *p, const char *name, int *a, int *b, size_t *bat) {
  if (peek(p) != '(') return fail(p, p->i, "expected '(' after %s", name);
  p->i++;
  if ((*a = parse_expr(p)) < 0) return -1;
  if (peek(p) != ',') return fail(p, p->i, "expected ',' (%s takes two arguments)", name);
  p->i++;
  skip_space(p);
  *bat = p->i;
  if ((*b = parse_expr(p)) < 0) return -1;
  if (peek(p) != ')') return fail(p, p->i, "%s", "expected ')'");
  p->i++;
  return 0;
}

/* max(a, b) and min(a, b) after the name (sign +1, -1): the exact real value
 * (a + b +- |a - b|) / 2, built of the grammar's own nodes (each of a and b evaluated
 * twice), so that every evaluator decides it as any expression; an argument without a
 * real value (NaN) gives NaN, not C's fmax's other argument. */
static int minmax_call(struct parser *p, int sign, size_t at) {
  int a, b;
  size_t bat;
  if (two_args(p, sign > 0 ? "max" : "min", &a, &b, &bat)) return -1;
  const int fabs_row = fn_row("fabs", 4);
  if (fabs_row < 0) return fail(p, at, "%s", "no fabs in the function table");
  const int d = binary(p, OP_SUB, a, b, at); /* constants fold, |a - b| of them too */
  if (d < 0) return -1;
  int ad;
  if (p->e->n[d].op != OP_Q) ad = fn_node(p, fabs_row, d, -1, at);
  else if ((ad = new_node(p, OP_Q, -1, -1)) >= 0) fmpq_abs(p->e->n[ad].q, p->e->n[d].q);
  if (ad < 0) return -1;
  const int sum = binary(p, OP_ADD, a, b, at);
  const int t = sum < 0 ? -1 : binary(p, sign > 0 ? OP_ADD : OP_SUB, sum, ad, at);
  const int two = t < 0 ? -1 : new_node(p, OP_Q, -1, -1);
  if (two < 0) return -1;
  fmpq_set_si(p->e->n[two].q, 2, 1);
  return binary(p, OP_DIV, t, two, at);
}

/* pow(a, b) after its name: a ^ b, b a constant rational as after '^' (C's spelling of the
 * power; a variable exponent is written exp(b*log(a)), a > 0) */
static int pow_call(struct parser *p) {
  int a, b;
  size_t bat;
  if (two_args(p, "pow", &a, &b, &bat)) return -1;
  if (p->e->n[b].op != OP_Q)
    return fail(p, bat, "%s", "pow's exponent must be a constant integer or rational (a variable exponent: "
                              "exp(b*log(a)) for a > 0)");
  return power(p, a, b, bat);
}

/* NAME '(' expr ')': a row of the table; a formula row is expanded with the argument as x */
static int call(struct parser *p, size_t at, size_t nlen) {
  const int f = fn_row(p->s + at, nlen);
  char name[64];
  snprintf(name, sizeof name, "%.*s", (int)(nlen < 40 ? nlen : 40), p->s + at);
  if (f < 0 && nlen == 3 && !strncmp(p->s + at, "pow", 3)) return pow_call(p);
  if (f < 0 && nlen == 3 && (!strncmp(p->s + at, "max", 3) || !strncmp(p->s + at, "min", 3)))
    return minmax_call(p, p->s[at + 1] == 'a' ? 1 : -1, at);
  if (f < 0 && nlen >= 4 && nlen <= 5 && (!strncmp(p->s + at, "fmax", 4) || !strncmp(p->s + at, "fmin", 4)))
    return fail(p, at, "unknown name '%s': the expression is exact mathematics, write max(a, b) or min(a, b) (an "
                "argument without a real value gives NaN, not the other argument)", name);
  if (f < 0) { /* C's float names (expf, sqrtf, powf): the name without its f */
    const int g = nlen > 1 && p->s[at + nlen - 1] == 'f' ? fn_row(p->s + at, nlen - 1) : -1;
    if (g >= 0 || (nlen == 4 && !strncmp(p->s + at, "powf", 4))) {
      char m[160];
      snprintf(m, sizeof m, "unknown name '%s': the expression is exact mathematics, write %s", name,
               g >= 0 ? expr_fn_table[g].name : "pow(a, b) or a^b");
      return fail(p, at, "%s", m);
    }
    return fail(p, at, "unknown name '%s' (x, pi, e, numbers, and the references 'ulpcert run --help' lists)", name);
  }
  if (peek(p) != '(') return fail(p, p->i, "expected '(' after %s", name);
  p->i++;
  int arg = parse_expr(p);
  if (arg < 0) return -1;
  if (peek(p) != ')') return fail(p, p->i, "%s", "expected ')'");
  p->i++;
  int body = -1; /* a formula row: its expansion with the argument as x */
  if (expr_fn_table[f].formula) {
    char err[256];
    body = parse_formula(p->e, expr_fn_table[f].formula, arg, err, sizeof err);
    if (body < 0) return fail(p, at, "%s", err);
  }
  return fn_node(p, f, arg, body, at);
}

static int parse_primary(struct parser *p) {
  int c = peek(p);
  size_t at = p->i;
  if (isdigit(c) || c == '.') return number(p);
  if (c == '(') {
    p->i++;
    int k = parse_expr(p);
    if (k < 0) return -1;
    if (peek(p) != ')') return fail(p, p->i, "%s", "expected ')'");
    p->i++;
    return k;
  }
  if (!isalpha(c) && c != '_') {
    if (!c) return fail(p, at, "%s", "unexpected end of the expression");
    return fail(p, at, "unexpected '%s'", (char[]){(char)c, 0});
  }
  size_t j = at;
  while (j < p->len && (isalnum((unsigned char)p->s[j]) || p->s[j] == '_')) j++;
  size_t n = j - at;
  p->i = j;
  if (n == 1 && p->s[at] == 'x') return p->xnode >= 0 ? p->xnode : new_node(p, OP_X, -1, -1);
  if (n == 2 && !strncmp(p->s + at, "pi", 2)) return new_node(p, OP_PI, -1, -1);
  if (n == 1 && p->s[at] == 'e') return new_node(p, OP_E, -1, -1);
  return call(p, at, n);
}

/* primary ('^' unary)?: the exponent a constant rational; a rational base with an integer
 * exponent folds */
static int parse_power(struct parser *p) {
  if (++p->depth > EXPR_MAX_DEPTH) return fail(p, p->i, "%s", "an expression nested too deeply");
  int b = parse_primary(p);
  p->depth--;
  if (b < 0 || peek(p) != '^') return b;
  p->i++;
  skip_space(p);
  size_t at = p->i;
  int ex = parse_unary(p);
  if (ex < 0) return -1;
  return power(p, b, ex, at);
}

static int parse_unary(struct parser *p) {
  int c = peek(p);
  if (c != '-' && c != '+') return parse_power(p);
  size_t at = p->i++;
  if (++p->depth > EXPR_MAX_DEPTH) return fail(p, at, "%s", "an expression nested too deeply");
  int a = parse_unary(p);
  p->depth--;
  if (a < 0 || c == '+') return a;
  if (p->e->n[a].op == OP_Q) {
    int k = new_node(p, OP_Q, -1, -1);
    if (k >= 0) fmpq_neg(p->e->n[k].q, p->e->n[a].q);
    return k;
  }
  return new_node(p, OP_NEG, a, -1);
}

static int parse_term(struct parser *p) {
  int a = parse_unary(p);
  for (int c; a >= 0 && ((c = peek(p)) == '*' || c == '/');) {
    size_t at = p->i++;
    int b = parse_unary(p);
    a = b < 0 ? -1 : binary(p, c == '*' ? OP_MUL : OP_DIV, a, b, at);
  }
  return a;
}

static int parse_expr(struct parser *p) {
  if (++p->depth > EXPR_MAX_DEPTH) return fail(p, p->i, "%s", "an expression nested too deeply");
  int a = parse_term(p);
  for (int c; a >= 0 && ((c = peek(p)) == '+' || c == '-');) {
    size_t at = p->i++;
    int b = parse_term(p);
    a = b < 0 ? -1 : binary(p, c == '+' ? OP_ADD : OP_SUB, a, b, at);
  }
  p->depth--;
  return a;
}

/* text as a whole expression into e; the root node, or -1 with a message */
static int parse_formula(struct expr *e, const char *text, int xnode, char *err, size_t errlen) {
  struct parser p = {.s = text, .len = strlen(text), .e = e, .err = err, .errlen = errlen, .xnode = xnode};
  if (p.len > EXPR_MAX_LEN) return fail(&p, EXPR_MAX_LEN, "%s", "an expression too long");
  int k = parse_expr(&p);
  if (k >= 0 && peek(&p)) {
    int c = peek(&p);
    k = fail(&p, p.i, c == ')' ? "%s" : "unexpected '%s'", c == ')' ? "unbalanced ')'" : (char[]){(char)c, 0});
  }
  return p.failed ? -1 : k;
}

struct expr *expr_parse(const char *text, char *err, size_t errlen) {
  struct expr *e = calloc(1, sizeof *e);
  if (!e) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  e->root = parse_formula(e, text, -1, err, errlen);
  if (e->root < 0) {
    expr_free(e);
    return NULL;
  }
  /* the operations the evaluators walk (children precede their parents in e->n) */
  uint64_t *w = calloc((size_t)e->nn, sizeof *w);
  if (!w) {
    snprintf(err, errlen, "out of memory");
    expr_free(e);
    return NULL;
  }
  for (int k = 0; k < e->nn; k++) {
    const struct node *n = &e->n[k];
    uint64_t c = 1;
    if (n->op == OP_FN && n->b >= 0) c += w[n->b]; /* a formula row: its expansion */
    else {
      if (n->a >= 0) c += w[n->a];
      if (n->b >= 0) c += w[n->b];
    }
    w[k] = c > EXPR_MAX_WALK ? EXPR_MAX_WALK + 1 : c;
  }
  const uint64_t walk = w[e->root];
  free(w);
  if (walk > EXPR_MAX_WALK) {
    snprintf(err, errlen, "the expression expands to more than %d operations (max, min and the formulas of sigmoid, "
             "gelu... walk their arguments again each time: nested ones double them)", EXPR_MAX_WALK);
    expr_free(e);
    return NULL;
  }
  return e;
}

void expr_free(struct expr *e) {
  if (!e) return;
  for (int i = 0; i < e->nn; i++) fmpq_clear(e->n[i].q);
  free(e->n);
  free(e);
}

const char *expr_names(void) {
  static char buf[1024];
  if (!buf[0]) {
    size_t k = 0;
    for (int i = 0; i < expr_fn_count; i++)
      k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s", i ? ", " : "", expr_fn_table[i].name);
  }
  return buf;
}

/* ---------------------------------------------------------------------------------
 * Evaluation with Arb balls. */


static int eval_arb(arb_t r, const struct expr *e, int k, const arb_t x, slong prec) {
  const struct node *n = &e->n[k];
  switch (n->op) {
  case OP_X: arb_set(r, x); return 0;
  case OP_Q: arb_set_fmpq(r, n->q, prec); return 0;
  case OP_PI: arb_const_pi(r, prec); return 0;
  case OP_E: arb_const_e(r, prec); return 0;
  default: break;
  }
  if (n->op == OP_FN && n->b >= 0) return eval_arb(r, e, n->b, x, prec);
  const slong wp = prec + 8; /* a few guard bits per level: the loop adds more as needed */
  if (eval_arb(r, e, n->a, x, wp)) return -1;
  if (n->op == OP_NEG) {
    arb_neg(r, r);
    return 0;
  }
  if (n->op == OP_POW) return expr_arb_qpow(r, r, n->q, prec);
  if (n->op == OP_FN) {
    arb_t a;
    arb_init(a);
    arb_swap(a, r);
    int rc = expr_fn_table[n->fn].arb(r, a, prec);
    arb_clear(a);
    return rc;
  }
  arb_t b;
  arb_init(b);
  int rc = eval_arb(b, e, n->b, x, wp);
  if (!rc) {
    if (n->op == OP_ADD) arb_add(r, r, b, prec);
    else if (n->op == OP_SUB) arb_sub(r, r, b, prec);
    else if (n->op == OP_MUL) arb_mul(r, r, b, prec);
    else arb_div(r, r, b, prec);
  }
  arb_clear(b);
  return rc;
}

int expr_arb(arb_t r, const struct expr *e, const arb_t x, slong prec) { return eval_arb(r, e, e->root, x, prec); }

/* ---------------------------------------------------------------------------------
 * Taylor series: the expression at x + t mod t^len for a ball x, node by node with
 * Arb's power series (each result encloses the node's series at every point of x). */


static int ser_eval(arb_poly_t r, const struct expr *e, int k, const arb_poly_t xs, slong len, slong prec);

/* coefficient k of p is exactly 0 (midpoint and radius) */
static int exact_zero_coeff(const arb_poly_t p, slong k) {
  return k >= arb_poly_length(p) || arb_is_zero(arb_poly_get_coeff_ptr(p, k));
}

/* r = r / b where b's value may be 0: at a point where both series vanish exactly to order
 * v (their first v coefficients exactly 0: sin(x)/x at x = 0 exactly), t^v cancels and the
 * quotient is the series of the analytic continuation (the limit 1 for sin(x)/x), known to
 * len - v coefficients, the rest left indeterminate; 0. Else -1: no series. Only an exact
 * point can have exact zero coefficients, and the fast path's builder reads series at exact
 * points only to choose anchors (zero_anchor) and at block centres, which are no inputs. */
static int ser_div_cancel(arb_poly_t r, arb_poly_t b, slong len, slong prec) {
  slong v = 0;
  while (v < len - 1 && exact_zero_coeff(r, v) && exact_zero_coeff(b, v)) v++;
  if (v == 0 || exact_zero_coeff(b, v)) return -1;
  arb_poly_shift_right(r, r, v);
  arb_poly_shift_right(b, b, v);
  if (expr_ps_sign(b) >= 2) return -1;
  arb_poly_div_series(r, r, b, len - v, prec);
  arb_t nan;
  arb_init(nan);
  arb_indeterminate(nan);
  for (slong k = len - v; k < len; k++) arb_poly_set_coeff_arb(r, k, nan);
  arb_clear(nan);
  return 0;
}

/* r = a (op) b for the binary nodes; a division by a series whose value may be 0: -1
 * (but for a cancelling t^v, ser_div_cancel) */
static int ser_binary(arb_poly_t r, const struct node *n, arb_poly_t b, slong len, slong prec) {
  if (n->op == OP_ADD) arb_poly_add(r, r, b, prec);
  else if (n->op == OP_SUB) arb_poly_sub(r, r, b, prec);
  else if (n->op == OP_MUL) arb_poly_mullow(r, r, b, len, prec);
  else if (expr_ps_sign(b) >= 2) return ser_div_cancel(r, b, len, prec);
  else arb_poly_div_series(r, r, b, len, prec);
  return 0;
}

/* the series of node k into r: 0, -1 or FAST_SERIES_NOWHERE (ps_fn) */
static int ser_eval(arb_poly_t r, const struct expr *e, int k, const arb_poly_t xs, slong len, slong prec) {
  const struct node *n = &e->n[k];
  arb_t c;
  if (n->op == OP_X) {
    arb_poly_set(r, xs);
    return 0;
  }
  if (n->op == OP_Q || n->op == OP_PI || n->op == OP_E) {
    arb_init(c);
    if (n->op == OP_Q) arb_set_fmpq(c, n->q, prec);
    else if (n->op == OP_PI) arb_const_pi(c, prec);
    else arb_const_e(c, prec);
    arb_poly_set_arb(r, c);
    arb_clear(c);
    return 0;
  }
  if (n->op == OP_FN && n->b >= 0) return ser_eval(r, e, n->b, xs, len, prec);
  const slong wp = prec + 8; /* guard bits per level, as eval_arb */
  int rc = ser_eval(r, e, n->a, xs, len, wp);
  if (rc) return rc;
  if (n->op == OP_NEG) {
    arb_poly_neg(r, r);
    return 0;
  }
  arb_poly_t b;
  arb_poly_init(b);
  if (n->op == OP_POW) rc = expr_ps_qpow(b, r, n->q, len, prec);
  else if (n->op == OP_FN) rc = expr_fn_apply(b, n, r, len, prec);
  if (n->op == OP_POW || n->op == OP_FN) arb_poly_swap(r, b);
  else if (!(rc = ser_eval(b, e, n->b, xs, len, wp))) rc = ser_binary(r, n, b, len, prec);
  arb_poly_clear(b);
  return rc;
}

/* every function the expression calls has a series (a formula row: its formula's) */
static int has_series(const struct expr *e, int k) {
  const struct node *n = &e->n[k];
  if (n->op == OP_FN && n->b >= 0) return has_series(e, n->b);
  if (n->op == OP_FN && !n->ps && n->ser == ref_no_series) return 0;
  return (n->a < 0 || has_series(e, n->a)) && (n->op == OP_FN || n->b < 0 || has_series(e, n->b));
}

int expr_has_series(const struct expr *e) { return has_series(e, e->root); }

int expr_series(arb_ptr res, const arb_t x, slong len, slong prec, const void *arg) {
  const struct expr *e = arg;
  arb_poly_t xs, r;
  arb_poly_init(xs);
  arb_poly_init(r);
  arb_poly_set_coeff_si(xs, 1, 1);
  arb_poly_set_coeff_arb(xs, 0, x);
  int rc = ser_eval(r, e, e->root, xs, len, prec);
  for (slong k = 0; k < len; k++) arb_poly_get_coeff_arb(res + k, r, k);
  arb_poly_clear(xs);
  arb_poly_clear(r);
  return rc;
}

/* ---------------------------------------------------------------------------------
 * Taylor models: node k at x = c + t, for every |t| <= rad, as P(t) + e with P a
 * polynomial of degree < len whose ball coefficients enclose the node's exact Taylor
 * coefficients at c, and |e| <= I. Over a block this keeps what the ball series loses to
 * the dependency problem: x + sqrt(x^2 + 1) over [-2^21, -2^20] is a ball of width 2^21
 * around ~0 (log of it: no series), while its model is the exact P at c (the cancellation
 * done coefficient by coefficient, at the precision asked) plus a remainder that only
 * sqrt's higher terms make. The rules, each a bound for every |t| <= rad (B(Q) =
 * sum_i |Q_i| rad^i >= |Q(t)|):
 *  - sums: P1 +- P2, I1 + I2;
 *  - products: (P1 + e1)(P2 + e2) = lo(P1 P2) + hi(P1 P2) + P1 e2 + P2 e1 + e1 e2, lo the
 *    terms of degree < len (still the product's Taylor coefficients), so
 *    I = B(hi) + B(P1) I2 + B(P2) I1 + I1 I2;
 *  - f(g) for g = P + e, c0 = P(0) (a ball holding g(c)), u = P - c0, U = B(u) + I_g:
 *    f(c0 + u + e) = f(c0 + u) + f'(xi1) e, and f(c0 + u) = sum_{k<len} A_k u^k +
 *    F_len(xi2) u^len with A_k = f^(k)(c0)/k! (f's series at the point c0) and F_len
 *    enclosing f^(len)/len! on the ball c0 +- U (f's series there; xi1, xi2 lie in it). The
 *    sum's terms of degree < len are Arb's composition of series, those of degree >= len
 *    bounded by majorants (tm_compose_hi) as R_0 (or, where that bound does not fit a
 *    double, by Horner's rule on ball polynomials, each product's terms of degree >= len
 *    bounded and carried: acc_k = A_k + u acc_{k+1}, R_k = B(u) R_{k+1} +
 *    B(hi(u acc_{k+1}))), so I = R_0 + |F_len| B(u)^len + |F_1| I_g. A rational power and every function are
 *    the same composition with its series (expr_fn_apply);
 *  - quotients: the product by 1/g's model, or the series quotient Q = P1/P2 with the
 *    bound of its residual (tm_div_quot), whichever remainder is smaller.
 * The fast path's builder uses the model where the ball series of a block fails or is
 * wider (reference/fast/fast_build.c, tm_refine). */

struct tmod {
  arb_poly_t P;
  mag_t I;
};
static void tm_init(struct tmod *m) { arb_poly_init(m->P), mag_init(m->I); }
static void tm_clear(struct tmod *m) { arb_poly_clear(m->P), mag_clear(m->I); }

/* b >= sum_{i >= from} |P_i| rad^i */
static void tm_bound(mag_t b, const arb_poly_t P, slong from, const mag_t rad) {
  mag_t t, p;
  mag_init(t), mag_init(p);
  mag_zero(b);
  mag_one(p);
  for (slong i = 0; i < arb_poly_length(P); i++) {
    if (i >= from) {
      arb_get_mag(t, arb_poly_get_coeff_ptr(P, i));
      mag_mul(t, t, p);
      mag_add(b, b, t);
    }
    mag_mul(p, p, rad);
  }
  mag_clear(t), mag_clear(p);
}

/* r = lo(a b) into r (degree < len), *hi >= B of the rest; r may be a or b */
static void tm_polymul(arb_poly_t r, mag_t hi, const arb_poly_t a, const arb_poly_t b, slong len, const mag_t rad,
                       slong prec) {
  arb_poly_t q;
  arb_poly_init(q);
  arb_poly_mul(q, a, b, prec);
  tm_bound(hi, q, len, rad);
  arb_poly_truncate(q, len);
  arb_poly_swap(r, q);
  arb_poly_clear(q);
}

static void tm_mul(struct tmod *a, const struct tmod *b, slong len, const mag_t rad, slong prec) {
  mag_t ba, bb, t, hi;
  mag_init(ba), mag_init(bb), mag_init(t), mag_init(hi);
  tm_bound(ba, a->P, 0, rad);
  tm_bound(bb, b->P, 0, rad);
  mag_mul(t, a->I, b->I);      /* I1 I2 */
  mag_addmul(t, ba, b->I);     /* + B(P1) I2 */
  mag_addmul(t, bb, a->I);     /* + B(P2) I1 */
  tm_polymul(a->P, hi, a->P, b->P, len, rad, prec);
  mag_add(a->I, t, hi);
  mag_clear(ba), mag_clear(bb), mag_clear(t), mag_clear(hi);
}

/* a = a / b by the series quotient, where that bounds better than the product by b's
 * reciprocal (tm_compose's TMF_RECIP, then tm_mul: 1/b's relative remainder carries over
 * to the quotient at the factors' scale, however much smaller the quotient is:
 * (1 - cos x)/x^2 - 1/2 over a block at 2^-100). Q = P1 / P2 to len terms (P2(0), a ball
 * holding b(c), excludes 0), E = P1 - Q P2 in full (its terms below len are 0 up to their
 * radii; B(E) counts them all), and |P2(t)| >= L = |P2(0)| - B(P2 - P2(0)) > I2 for every
 * |t| <= rad; then, as (P1 + e1)/(P2 + e2) - Q = (E + e1 - Q e2)/(P2 + e2),
 *   I = (B(E) + I1 + B(Q) I2) / (L - I2).
 * Where numerator and denominator vanish together near the block (sin(x)/x, (1 - cos x)/x^2
 * near 0) Q is the Taylor polynomial of an entire function and E holds only its product's
 * terms of degree >= len, rad^len small. 1 with a replaced, 0 (a unchanged) where
 * L <= I2 or a coefficient is not finite. */
static int tm_div_quot(struct tmod *a, const struct tmod *b, slong len, const mag_t rad, slong prec) {
  arb_poly_t Q, E;
  arb_t b0;
  mag_t L, t, u;
  arb_poly_init(Q), arb_poly_init(E), arb_init(b0);
  mag_init(L), mag_init(t), mag_init(u);
  arb_poly_get_coeff_arb(b0, b->P, 0);
  int ok = !arb_contains_zero(b0);
  if (ok) {
    arb_get_mag_lower(L, b0);
    tm_bound(t, b->P, 1, rad);
    mag_add(t, t, b->I);
    ok = mag_cmp(L, t) > 0;
  }
  if (ok) {
    mag_sub_lower(L, L, t); /* L - B(P2 - P2(0)) - I2 > 0 */
    arb_poly_div_series(Q, a->P, b->P, len, prec);
    ok = _arb_vec_is_finite(Q->coeffs, arb_poly_length(Q));
  }
  if (ok) {
    arb_poly_mul(E, Q, b->P, prec);
    arb_poly_sub(E, a->P, E, prec);
    tm_bound(t, E, 0, rad); /* B(E) */
    mag_add(t, t, a->I);
    tm_bound(u, Q, 0, rad);
    mag_addmul(t, u, b->I);
    mag_div(t, t, L);
    ok = mag_is_finite(t);
  }
  if (ok) {
    arb_poly_swap(a->P, Q);
    mag_set(a->I, t);
  }
  arb_poly_clear(Q), arb_poly_clear(E), arb_clear(b0);
  mag_clear(L), mag_clear(t), mag_clear(u);
  return ok;
}

/* how a composition applies f to a power series (the rules of ser_eval) */
enum tm_fop { TMF_FN, TMF_POW, TMF_RECIP };
static int tm_apply(arb_poly_t r, const struct node *n, enum tm_fop op, const arb_poly_t h, slong len, slong prec) {
  if (op == TMF_FN) return expr_fn_apply(r, n, h, len, prec);
  if (op == TMF_POW) return expr_ps_qpow(r, h, n->q, len, prec);
  if (expr_ps_sign(h) >= 2) return -1; /* a pole in the ball */
  arb_poly_inv_series(r, h, len, prec);
  return 0;
}

/* A double upper bound of x * 2^-E (x a mag): mag_get_d's upper bound, raised to 2^-1000
 * where smaller (so that no later product of two of them is subnormal in a way that matters:
 * tm_compose_hi adds the absolute slack of an underflow anyway) */
static double tm_mag_d(const mag_t x, slong E) {
  if (mag_is_zero(x)) return 0;
  mag_t t;
  mag_init(t);
  mag_mul_2exp_si(t, x, -E);
  double d = mag_get_d(t);
  mag_clear(t);
  return d < 0x1p-1000 ? 0x1p-1000 : d;
}

/* R >= B(the terms of degree >= len of sum_{k<len} A_k u^k), u(0) = 0, Bu = B(u) > 0, the
 * truncated part of tm_compose's sum, by majorants: with a_k >= |A_k| Bu^k and
 * m_j >= |u_j| rad^j / Bu (m(1) = 1 but for rounding), every coefficient of the sum in the
 * variable s = t / rad is at most the same coefficient of S = sum_k a_k m^k, which has
 * nonnegative coefficients, so the truncated part is at most sum_{j >= len} S_j. S is taken
 * by Horner's rule in doubles (acc = a_k + m acc), its terms up to degree D = 2 len kept and
 * those beyond summed at s = 1 into T (T = m(1) T + the overflow of each step), so
 * R = (sum_{len <= j <= D} acc_j + T) 2^E, the a_k scaled by 2^-E (E: the largest's
 * exponent). Every operation adds or multiplies nonnegative doubles: each rounding to
 * nearest loses at most a relative 2^-53 of a normal result and an absolute 2^-1074 of a
 * subnormal one, so after at most N operations on any path the computed sum is at least
 * the exact one times (1 - 2^-53)^N minus N 2^-1074; R takes the computed sum times
 * (1 + 2^-30) plus N 2^-1074 (N < 2^20 here: len <= FAST_TM_MAX_LEN). O(len^2 D) double
 * operations where the ball polynomials' Horner takes len products of length-len ball
 * polynomials (milliseconds at len 41 and 400 bits; this, microseconds). Returns 0, or -1
 * (R unset) where the scaled terms do not fit a double (the caller's Horner then bounds it). */
static int tm_compose_hi(mag_t R, const arb_poly_t A, const arb_poly_t u, const mag_t Bu, slong len, const mag_t rad) {
  enum { TM_D_MAX = 2 * 48 };
  const slong D = 2 * len, nu = arb_poly_length(u);
  if (mag_is_zero(Bu)) {
    mag_zero(R);
    return 0;
  }
  if (len < 2 || D > TM_D_MAX || nu > D) return -1;
  double a[TM_D_MAX], m[TM_D_MAX + 1], acc[TM_D_MAX + 1], nw[TM_D_MAX + 1];
  mag_t t, p;
  mag_init(t), mag_init(p);
  /* a_k = |A_k| Bu^k; E the exponent of the largest */
  mag_t ak[TM_D_MAX];
  double lg = -1e300;
  for (slong k = 0; k < len; k++) {
    mag_init(ak[k]);
    if (k < arb_poly_length(A)) arb_get_mag(ak[k], arb_poly_get_coeff_ptr(A, k));
    mag_pow_ui(t, Bu, (ulong)k);
    mag_mul(ak[k], ak[k], t);
    if (!mag_is_zero(ak[k])) {
      double l = mag_get_d_log2_approx(ak[k]);
      if (l > lg) lg = l;
    }
  }
  int ok = lg > -1e15 && lg < 1e15; /* (also: some a_k is not 0) */
  const slong E = ok ? (slong)lg : 0;
  for (slong k = 0; ok && k < len; k++) {
    a[k] = tm_mag_d(ak[k], E);
    ok = a[k] < 0x1p+900;
  }
  for (slong k = 0; k < len; k++) mag_clear(ak[k]);
  /* m_j = |u_j| rad^j / Bu */
  mag_one(p);
  for (slong j = 0; ok && j <= D; j++) {
    m[j] = 0;
    if (j < nu) {
      arb_get_mag(t, arb_poly_get_coeff_ptr(u, j));
      mag_mul(t, t, p);
      mag_div(t, t, Bu);
      m[j] = tm_mag_d(t, 0);
      ok = m[j] < 0x1p+900;
    }
    mag_mul(p, p, rad);
  }
  double R0 = 0;
  if (ok) {
    double m1 = 0, T = 0;
    for (slong j = 0; j < nu; j++) m1 += m[j];
    for (slong j = 0; j <= D; j++) acc[j] = 0;
    acc[0] = a[len - 1];
    slong deg = 0; /* acc's degree */
    for (slong k = len - 2; k >= 0; k--) {
      double over = 0;
      for (slong j = 0; j <= D; j++) nw[j] = 0;
      for (slong i = 0; i <= deg; i++) {
        if (acc[i] == 0) continue;
        for (slong j = 1; j < nu; j++) { /* m_0 = 0: u(0) = 0 */
          const double v = acc[i] * m[j];
          if (i + j <= D) nw[i + j] += v;
          else over += v;
        }
      }
      T = T * m1 + over;
      deg = deg + nu - 1 < D ? deg + nu - 1 : D;
      nw[0] = a[k];
      for (slong j = 0; j <= D; j++) acc[j] = nw[j];
    }
    for (slong j = len; j <= D; j++) R0 += acc[j];
    R0 += T;
    ok = R0 < 0x1p+1000; /* finite, with room for the factor below */
  }
  if (ok) {
    mag_set_d(R, R0 * (1 + 0x1p-30));    /* mag_set_d rounds up */
    mag_set_ui_2exp_si(t, 1, -1074 + 20); /* N 2^-1074, N < 2^20 */
    mag_add(R, R, t);
    mag_mul_2exp_si(R, R, E);
  }
  mag_clear(t), mag_clear(p);
  return ok ? 0 : -1;
}

/* g = f(g) (the composition rule above): 0, or -1 / FAST_SERIES_NOWHERE from f's series */
static int tm_compose(struct tmod *g, const struct node *n, enum tm_fop op, slong len, const mag_t rad, slong prec) {
  arb_t c0;
  arb_poly_t u, h, A, acc;
  mag_t Bu, U, R, hi, t;
  arb_init(c0);
  arb_poly_init(u), arb_poly_init(h), arb_poly_init(A), arb_poly_init(acc);
  mag_init(Bu), mag_init(U), mag_init(R), mag_init(hi), mag_init(t);
  arb_poly_get_coeff_arb(c0, g->P, 0);
  arb_poly_set(u, g->P);
  arb_poly_set_coeff_si(u, 0, 0);
  tm_bound(Bu, u, 1, rad);
  mag_add(U, Bu, g->I);
  /* A_k = f^(k)(c0)/k!, k < len */
  arb_poly_set_coeff_si(h, 1, 1);
  arb_poly_set_coeff_arb(h, 0, c0);
  int rc = tm_apply(A, n, op, h, len, prec);
  /* f's series at the centre's value failed where that value is a ball around 0 that
   * more precision would shrink (a cancellation: x + sqrt(x^2 + 1) at -2^110 holds 0 at
   * 192 bits): the caller may retry at a higher precision */
  if (rc == -1 && arb_contains_zero(c0) && !mag_is_zero(arb_radref(c0))) rc = FAST_TM_PREC;
  /* F on the ball c0 +- U: F_1 and F_len */
  arb_t cb, F1, Fl;
  arb_init(cb), arb_init(F1), arb_init(Fl);
  if (!rc) {
    arb_set(cb, c0);
    mag_add(arb_radref(cb), arb_radref(cb), U);
    arb_poly_set_coeff_arb(h, 0, cb);
    arb_poly_t B;
    arb_poly_init(B);
    rc = tm_apply(B, n, op, h, len + 1, prec);
    arb_poly_get_coeff_arb(F1, B, 1);
    arb_poly_get_coeff_arb(Fl, B, len);
    arb_poly_clear(B);
    if (!rc && (!arb_is_finite(F1) || !arb_is_finite(Fl))) rc = -1;
  }
  for (slong k = 0; !rc && k < arb_poly_length(A); k++)
    if (!arb_is_finite(arb_poly_get_coeff_ptr(A, k))) rc = -1;
  if (!rc) {
    /* acc = sum_k A_k u^k to degree < len (Arb's composition of series: u(0) = 0), R a bound
     * of the terms of degree >= len (tm_compose_hi); by Horner's rule on ball polynomials
     * where that bound is not finite */
    arb_t a;
    arb_init(a);
    if (!tm_compose_hi(R, A, u, Bu, len, rad)) {
      arb_poly_compose_series(acc, A, u, len, prec);
    } else {
      arb_poly_get_coeff_arb(a, A, len - 1);
      arb_poly_set_arb(acc, a);
      mag_zero(R);
      for (slong k = len - 2; k >= 0; k--) {
        tm_polymul(acc, hi, acc, u, len, rad, prec);
        mag_mul(R, R, Bu);
        mag_add(R, R, hi);
        arb_poly_get_coeff_arb(a, A, k);
        arb_poly_get_coeff_arb(c0, acc, 0);
        arb_add(c0, c0, a, prec);
        arb_poly_set_coeff_arb(acc, 0, c0);
      }
    }
    arb_clear(a);
    /* + |F_len| B(u)^len + |F_1| I_g */
    mag_pow_ui(t, Bu, (ulong)len);
    arb_get_mag(hi, Fl);
    mag_mul(t, t, hi);
    mag_add(R, R, t);
    arb_get_mag(hi, F1);
    mag_mul(t, hi, g->I);
    mag_add(R, R, t);
    arb_poly_swap(g->P, acc);
    mag_set(g->I, R);
  }
  arb_clear(cb), arb_clear(F1), arb_clear(Fl);
  arb_clear(c0);
  arb_poly_clear(u), arb_poly_clear(h), arb_poly_clear(A), arb_poly_clear(acc);
  mag_clear(Bu), mag_clear(U), mag_clear(R), mag_clear(hi), mag_clear(t);
  return rc;
}

/* node k's model into m, c exact: 0, -1 or FAST_SERIES_NOWHERE */
static int tm_eval(struct tmod *m, const struct expr *e, int k, const arb_t c, const mag_t rad, slong len,
                   slong prec) {
  const struct node *n = &e->n[k];
  if (n->op == OP_X) {
    arb_poly_zero(m->P);
    arb_poly_set_coeff_arb(m->P, 0, c);
    arb_poly_set_coeff_si(m->P, 1, 1);
    mag_zero(m->I);
    return 0;
  }
  if (n->op == OP_Q || n->op == OP_PI || n->op == OP_E) {
    arb_t v;
    arb_init(v);
    if (n->op == OP_Q) arb_set_fmpq(v, n->q, prec);
    else if (n->op == OP_PI) arb_const_pi(v, prec);
    else arb_const_e(v, prec);
    arb_poly_set_arb(m->P, v);
    mag_zero(m->I);
    arb_clear(v);
    return 0;
  }
  if (n->op == OP_FN && n->b >= 0) return tm_eval(m, e, n->b, c, rad, len, prec);
  const slong wp = prec + 8;
  int rc = tm_eval(m, e, n->a, c, rad, len, wp);
  if (rc) return rc;
  if (n->op == OP_NEG) {
    arb_poly_neg(m->P, m->P);
    return 0;
  }
  if (n->op == OP_POW) return tm_compose(m, n, TMF_POW, len, rad, prec);
  if (n->op == OP_FN) return tm_compose(m, n, TMF_FN, len, rad, prec);
  struct tmod b;
  tm_init(&b);
  rc = tm_eval(&b, e, n->b, c, rad, len, wp);
  if (!rc) {
    if (n->op == OP_ADD || n->op == OP_SUB) {
      if (n->op == OP_ADD) arb_poly_add(m->P, m->P, b.P, prec);
      else arb_poly_sub(m->P, m->P, b.P, prec);
      mag_add(m->I, m->I, b.I);
    } else if (n->op == OP_DIV) {
      /* both models of the quotient, the one of the smaller remainder kept (either is a
       * model: its own polynomial with its own bound) */
      struct tmod q;
      tm_init(&q);
      arb_poly_set(q.P, m->P), mag_set(q.I, m->I);
      const int have_q = tm_div_quot(&q, &b, len, rad, prec);
      rc = tm_compose(&b, n, TMF_RECIP, len, rad, wp);
      if (!rc) tm_mul(m, &b, len, rad, prec);
      if (!rc) mag_set(b.I, m->I); /* (b is done with: the product's bound, to compare) */
      if (have_q && (rc || mag_cmp(q.I, b.I) < 0)) {
        arb_poly_swap(m->P, q.P), mag_swap(m->I, q.I);
        rc = 0;
      }
      tm_clear(&q);
    } else {
      tm_mul(m, &b, len, rad, prec);
    }
  }
  tm_clear(&b);
  return rc;
}

int expr_tm(arb_ptr P, mag_t I, double c, double rad, slong len, slong prec, const void *arg) {
  const struct expr *e = arg;
  struct tmod m;
  arb_t cx;
  mag_t r;
  tm_init(&m);
  arb_init(cx), mag_init(r);
  arb_set_d(cx, c);
  mag_set_d(r, rad); /* an upper bound */
  int rc = tm_eval(&m, e, e->root, cx, r, len, prec);
  for (slong k = 0; k < len; k++) arb_poly_get_coeff_arb(P + k, m.P, k);
  mag_set(I, m.I);
  if (!rc && (!mag_is_finite(I) || !_arb_vec_is_finite(P, len))) rc = -1;
  tm_clear(&m);
  arb_clear(cx), mag_clear(r);
  return rc;
}

/* The sign of node k's value at the finite x, from its Arb enclosure: +-1 where the ball
 * is finite and excludes 0, else 0. */
static int node_sign(const struct expr *e, int k, mpfr_srcptr x) {
  if (!mpfr_number_p(x)) return 0;
  arb_t a, r;
  arb_init(a), arb_init(r);
  arf_set_mpfr(arb_midref(a), x);
  int s = 0;
  if (eval_arb(r, e, k, a, 256) == 0 && arb_is_finite(r)) s = arb_is_positive(r) ? 1 : arb_is_negative(r) ? -1 : 0;
  arb_clear(a), arb_clear(r);
  return s;
}

/* ---------------------------------------------------------------------------------
 * Exact evaluation: MPFR operation by operation at EXPR_EXACT_PREC bits, in the widest
 * exponent range. Returns 1 when every operation was exact (ternary 0: the result is
 * the operation's true value, IEEE 754 special values included), so that r is the exact
 * value of the expression; 0 at the first inexact one. */
static int exact_eval(mpfr_ptr r, const struct expr *e, int k, mpfr_srcptr x) {
  const struct node *n = &e->n[k];
  if (n->op == OP_X) return mpfr_set(r, x, MPFR_RNDN) == 0;
  if (n->op == OP_Q) {
    mpq_t q;
    mpq_init(q);
    fmpq_get_mpq(q, n->q);
    int ok = mpfr_set_q(r, q, MPFR_RNDN) == 0;
    mpq_clear(q);
    return ok;
  }
  if (n->op == OP_PI || n->op == OP_E) return 0; /* irrational */
  if (n->op == OP_FN && n->b >= 0) return exact_eval(r, e, n->b, x);
  if (!exact_eval(r, e, n->a, x)) return 0;
  if (n->op == OP_NEG) return mpfr_neg(r, r, MPFR_RNDN) == 0;
  if (n->op == OP_FN) {
    mpfr_t a;
    mpfr_init2(a, EXPR_EXACT_PREC);
    mpfr_swap(a, r);
    int ok = n->ref(r, a, MPFR_RNDN) == 0;
    mpfr_clear(a);
    return ok;
  }
  if (n->op == OP_POW) {
    const ulong d = fmpz_get_ui(fmpq_denref(n->q));
    if (d > 1 && mpfr_rootn_ui(r, r, d, MPFR_RNDN) != 0) return 0;
    return mpfr_pow_si(r, r, fmpz_get_si(fmpq_numref(n->q)), MPFR_RNDN) == 0;
  }
  mpfr_t b;
  mpfr_init2(b, EXPR_EXACT_PREC);
  int ok = exact_eval(b, e, n->b, x);
  if (ok) {
    if (n->op == OP_ADD) ok = mpfr_add(r, r, b, MPFR_RNDN) == 0;
    else if (n->op == OP_SUB) ok = mpfr_sub(r, r, b, MPFR_RNDN) == 0;
    else if (n->op == OP_MUL) ok = mpfr_mul(r, r, b, MPFR_RNDN) == 0;
    else ok = mpfr_div(r, r, b, MPFR_RNDN) == 0;
  } else if (mpfr_zero_p(r) && (n->op == OP_MUL || n->op == OP_DIV)) {
    /* 0 * b, 0 / b: an exact zero, of the signs' product, where b is finite and nonzero */
    const int s = node_sign(e, n->b, x);
    if ((ok = s != 0)) mpfr_setsign(r, r, mpfr_signbit(r) != (s < 0), MPFR_RNDN);
  }
  mpfr_clear(b);
  return ok;
}

static int ziv_fn(arb_t r, const arb_t x, slong prec, const void *arg) {
  return eval_arb(r, arg, ((const struct expr *)arg)->root, x, prec);
}

int expr_ziv(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd, const struct expr *e) {
  return ref_arb_ziv_arg(y, x, rnd, ziv_fn, e, EXPR_PREC_MAX);
}

int expr_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd, const void *arg) {
  const struct expr *e = arg;
  const struct node *root = &e->n[e->root];
  if (root->op == OP_FN && e->n[root->a].op == OP_X) /* f(x): the catalogue's referee itself */
    return root->ref(y, x, rnd);
  return expr_mpfr_formula(y, x, rnd, e);
}

int expr_mpfr_formula(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd, const struct expr *e) {
  if (mpfr_nan_p(x)) {
    mpfr_set_nan(y);
    return 0;
  }
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_t v;
  mpfr_init2(v, EXPR_EXACT_PREC);
  mpfr_set_emin(mpfr_get_emin_min());
  mpfr_set_emax(mpfr_get_emax_max());
  int exact = exact_eval(v, e, e->root, x), tern = 0;
  /* the exact value rounded: in the widest range, then the caller's (as round_end) */
  if (exact) tern = mpfr_set(y, v, rnd);
  /* at an infinity where IEEE rules leave the value indeterminate (-inf/inf, 0*inf,
   * inf-inf) or no operation is exact: the limit (expr_limit) */
  int lim = 0;
  if (mpfr_inf_p(x) && (!exact || mpfr_nan_p(y))) {
    const int tl = expr_limit(y, mpfr_sgn(x), rnd, e);
    if (tl != REF_UNDECIDABLE) lim = 1, tern = tl;
    else if (exact) mpfr_set_nan(y); /* IEEE's NaN: no limit either (sin(inf)) */
  }
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  mpfr_clear(v);
  if (exact || lim) return mpfr_check_range(y, tern, rnd);
  if (mpfr_inf_p(x)) { /* no ball at infinity, no limit */
    mpfr_set_nan(y);
    return REF_UNDECIDABLE;
  }
  return expr_ziv(y, x, rnd, e);
}

/* ---------------------------------------------------------------------------------
 * References from expressions. */

static pthread_mutex_t resolve_lock = PTHREAD_MUTEX_INITIALIZER;

/* a lone identifier other than x, pi and e: meant as a reference name */
static int lone_name(const char *s) {
  if (!isalpha((unsigned char)*s) && *s != '_') return 0;
  for (const char *p = s; *p; p++)
    if (!isalnum((unsigned char)*p) && *p != '_') return 0;
  return strcmp(s, "x") && strcmp(s, "pi") && strcmp(s, "e");
}

/* the ball evaluator's program of e, or NULL when it has none (expr_ib_compile) */
static const struct ib_prog *ib_program(const struct expr *e) {
  struct ib_prog *P = malloc(sizeof *P);
  char why[128];
  if (P && expr_ib_compile(e, P, why, sizeof why)) free(P), P = NULL;
  return P;
}

/* node k's parity: 1 odd, 2 even, 0 neither (expr_parity; a function's own from its row
 * of the table, expr_fn.h) */
static int parity(const struct expr *e, int k) {
  const struct node *n = &e->n[k];
  switch (n->op) {
  case OP_X: return 1;
  case OP_Q:
  case OP_PI:
  case OP_E: return 2;
  default: break;
  }
  if (n->op == OP_FN && n->b >= 0) return parity(e, n->b); /* a formula row */
  const int a = parity(e, n->a);
  if (n->op == OP_NEG) return a;
  if (n->op == OP_FN) { /* of an even argument even; of an odd one the function's own */
    const int f = expr_fn_table[n->fn].parity;
    return a == 2 ? 2 : a == 1 && f == EXPR_FN_ODD ? 1 : a == 1 && f == EXPR_FN_EVEN ? 2 : 0;
  }
  if (n->op == OP_POW) { /* an integer power keeps an odd base's parity by its own; a root (odd denominator) too */
    if (a == 2) return 2;
    if (a != 1 || fmpz_is_even(fmpq_denref(n->q))) return 0;
    return fmpz_is_odd(fmpq_numref(n->q)) ? 1 : 2;
  }
  const int b = parity(e, n->b);
  if (!a || !b) return 0;
  if (n->op == OP_ADD || n->op == OP_SUB) return a == b ? a : 0;
  return a == b ? 2 : 1; /* OP_MUL, OP_DIV */
}

int expr_parity(const struct expr *e) { return parity(e, e->root); }

/* the reference's table_symmetry: the declared one (odd), else what the formula proves */
static enum ref_symmetry table_symmetry(const struct expr *e, int odd) {
  const int p = odd ? 1 : expr_parity(e);
  return p == 1 ? REF_SYM_ODD : p == 2 ? REF_SYM_EVEN : REF_SYM_NONE;
}

/* the reference's ctx_range: expr_range at 128 bits (the fast path's constant blocks); a
 * range of one sign that touches 0 only at an open end and reaches no further than 2^-64
 * from it is a cancellation the working precision bounds (1 - sigmoid(x) over [2^20, 2^21]
 * is (0, 2^-128] at 128 bits): once more at 1280 bits, where it may fall below 2^-1075 */
static int range_ref(arf_t lo, arf_t hi, int *open, const arf_t xlo, const arf_t xhi, const void *e) {
  int rc = expr_range(lo, hi, open, e, xlo, xhi, 128);
  if (!rc && ((arf_is_zero(lo) && (*open & 1) && arf_cmp_2exp_si(hi, -64) < 0) ||
              (arf_is_zero(hi) && (*open & 2) && arf_cmpabs_2exp_si(lo, -64) < 0)))
    rc = expr_range(lo, hi, open, e, xlo, xhi, 1280);
  return rc;
}

const struct reference *ref_resolve(const char *name, int odd, int increasing, const char *label, char *err,
                                    size_t errlen) {
  const struct reference *r = ref_find(name);
  if (r) return r;
  if (lone_name(name)) {
    const char *near = ref_suggest(name);
    if (near)
      snprintf(err, errlen, "unknown reference '%.64s': did you mean %s? (known: %s; or an expression in x such as "
               "'x/(1+exp(-x))')", name, near, ref_names());
    else
      snprintf(err, errlen, "unknown reference '%.64s' (known: %s; or an expression in x such as 'x/(1+exp(-x))')",
               name, ref_names());
    return NULL;
  }
  static struct made {
    struct reference ref;
    struct made *next;
  } *made = NULL;
  pthread_mutex_lock(&resolve_lock);
  for (struct made *m = made; m && !r; m = m->next)
    if (!strcmp(m->ref.name, name) && (m->ref.symmetry == REF_SYM_ODD) == !!odd &&
        (m->ref.monotone == REF_MONO_INCREASING) == !!increasing)
      r = &m->ref;
  if (!r) {
    char why[300];
    struct expr *e = expr_parse(name, why, sizeof why);
    if (!e) snprintf(err, errlen, "%s '%.200s': %s", label, name, why);
    struct made *m = e ? calloc(1, sizeof *m) : NULL;
    char *text = m ? strdup(name) : NULL;
    if (text) {
      m->ref = (struct reference){.name = text, .symmetry = odd ? REF_SYM_ODD : REF_SYM_NONE,
                                  .monotone = increasing ? REF_MONO_INCREASING : REF_MONO_NONE,
                                  .shortcut = ref_no_shortcut, .series = ref_no_series, .ctx_fn = expr_mpfr, .ctx = e,
                                  .ctx_series = expr_has_series(e) ? expr_series : NULL,
                                  .ctx_anchored = expr_has_series(e) ? expr_anchored : NULL,
                                  .ctx_plan_len = expr_plan_len(e), .ctx_ib = ib_program(e),
                                  .ctx_range = range_ref, .ctx_fast_balls = expr_ib_fast_decides,
                                  .ctx_tm = expr_has_series(e) ? expr_tm : NULL,
                                  .table_symmetry = table_symmetry(e, odd)};
      m->next = made, made = m;
      r = &m->ref;
    } else {
      if (e) snprintf(err, errlen, "out of memory");
      expr_free(e), free(m);
    }
  }
  pthread_mutex_unlock(&resolve_lock);
  return r;
}
