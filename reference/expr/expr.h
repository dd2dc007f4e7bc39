/* expr.h: references written as expressions in x, e.g. `x/(1+exp(-x))`.
 *
 * Grammar (recursive descent, expr.c):
 *   expr    := term (('+' | '-') term)*
 *   term    := unary (('*' | '/') unary)*
 *   unary   := ('-' | '+') unary | power
 *   power   := primary ('^' unary)?          right-associative; the exponent must be a
 *                                             constant integer or rational (x^(1/3))
 *   primary := number | 'x' | 'pi' | 'e' | NAME '(' expr ')' | '(' expr ')'
 *            | 'pow' '(' expr ',' expr ')'   C's spelling of a ^ b, b as after '^'
 *            | ('max' | 'min') '(' expr ',' expr ')'   (a + b +- |a - b|) / 2 exactly
 *   number  := decimal (123, 0.044715, 1e-3) or hexadecimal (0x1p-3, 0x1.8p+1, 0x10)
 * NAME is any reference of the catalogue (exp, log, tanh, erf, sqrt, sigmoid, ...): the
 * table in expr.c maps each to its Arb enclosure; C's float names (expf, sqrtf, powf) are
 * refused with the name to write. Numbers are exact rationals; constant
 * subexpressions of rationals are folded exactly.
 *
 * The value is the exact real value of the expression at the binary32 input x, rounded as
 * the references are (reference.h): y = RN53, t = its ternary sign. An expression f(x), one
 * catalogue function of x, is that function's referee. Otherwise expr_mpfr decides it
 *  1. exactly when it can: the expression evaluated operation by operation with MPFR
 *     (catalogue referees for the functions) at EXPR_EXACT_PREC bits in the widest
 *     exponent range; when every operation is exact (ternary 0), the value is exact and
 *     IEEE 754 rules give the special cases (1/+0 = +inf, log(0) = -inf, exp(-inf) = 0,
 *     the sign of a zero). This is also the only path at x = +-inf.
 *  2. otherwise by Ziv's loop over Arb balls (arb_ziv.c) at 64, 128, ... bits up to
 *     EXPR_PREC_MAX; a ball wholly outside a function's domain gives NaN.
 * When neither decides (an exact value the operations do not show exactly, such as
 * exp(log(2)) = 2; a value within 2^-2048 relative of a binary64 number or midpoint,
 * such as 1/(1+exp(-x)) = 1 - e^-x for x > 1420; a pole reached by an inexact argument;
 * an infinite input whose value is not exact) it returns REF_UNDECIDABLE with y = NaN:
 * never a guess. */
#ifndef ULPCERT_EXPR_H
#define ULPCERT_EXPR_H

#include <stddef.h>

#include <arb.h>
#include <mpfr.h>

#include "reference/reference.h"

#define EXPR_MAX_LEN 4096  /* characters of an expression */
#define EXPR_MAX_DEPTH 128 /* nesting of parentheses, operators and calls */
/* operations of the expression as the evaluators walk it, a shared subexpression (an
 * argument of max, min or a formula row) counted each time it is walked: nested max and
 * min double their arguments' */
#define EXPR_MAX_WALK 65536
#define EXPR_EXACT_PREC 512
#define EXPR_PREC_MAX 2048

struct expr;

/* Parse text. NULL with a message in err ("expected ')' at column 14") on a malformed or
 * unknown expression. */
struct expr *expr_parse(const char *text, char *err, size_t errlen);
void expr_free(struct expr *e);

/* An enclosure of the expression at every point of the ball x (prec bits of working
 * precision): 0, or -1 when the ball lies wholly where the expression is undefined. */
int expr_arb(arb_t r, const struct expr *e, const arb_t x, slong prec);

/* The Taylor coefficients of the expression at every point of the ball x (the series
 * entry of an expression's reference, reference.h ctx_series; e the parsed expression):
 * res[k] encloses f^(k)(xi)/k!, k < len. Composed node by node from Arb's power series
 * (sums, products, quotients, rational powers, and each function's series: Arb's own or
 * the catalogue's series entry). 0; -1 where the expression is not analytic on the whole
 * ball (a pole, a branch point, a function without a series, a step); -2
 * (FAST_SERIES_NOWHERE) where it is defined nowhere on the ball. */
int expr_series(arb_ptr res, const arb_t x, slong len, slong prec, const void *e);
/* Every function the expression calls has a series (expr_series can answer 0). */
int expr_has_series(const struct expr *e);
/* A Taylor model of the expression over the block [c - rad, c + rad] (c a binary64
 * number): for every x of it, f(x) = sum_{k<len} P_k (x - c)^k + e with P[k] enclosing
 * f's exact Taylor coefficients at c and |e| <= I (expr.c, where the rules are). 0; -1
 * where the rules fail (a pole or branch point within reach, a function without a series);
 * FAST_SERIES_NOWHERE where a function's argument lies wholly outside its domain;
 * FAST_TM_PREC where a function's argument at c is a ball around 0 at this precision (more
 * may decide it). */
int expr_tm(arb_ptr P, mag_t I, double c, double rad, slong len, slong prec, const void *e);

/* An enclosure [lo, hi] of the expression's values at every x of [xlo, xhi], by interval
 * arithmetic with separate endpoints (expr_range.c, where the rules are; prec bits): 0,
 * or -1 where none is proved (an end outside a function's domain, a divisor that may be
 * 0, a value Arb cannot bound). *open (may be NULL): bit 0 set where every value lies
 * strictly above lo, bit 1 strictly below hi. */
int expr_range(arf_t lo, arf_t hi, int *open, const struct expr *e, const arf_t xlo, const arf_t xhi, slong prec);

/* The parity of the expression's real values, proved node by node from its formula: 1 odd
 * (f(-x) = -f(x) wherever f is defined), 2 even, 0 neither or not proved. x is odd,
 * constants even; a sum or difference of two of one parity keeps it; a product or quotient
 * is even when both factors have one parity and they agree, odd when they differ; x^n by
 * n's parity for an odd base; an odd function of the table (sin, tan, atan, sinh, tanh,
 * erf, cbrt, ...) keeps its argument's parity, an even one (cos, cosh, fabs) makes it
 * even, any function of an even argument is even. */
int expr_parity(const struct expr *e);

/* The anchored series (expr_anchor.c, where the rules and why are): the expression
 * written as A(x) + D(x) with an exact anchor A = anchor[0] + anchor[1] x / anchor[3] +
 * anchor[2] x^2 (the device's form, fast_eval.h: often 0, a constant, x, x/2 or 3x/5
 * where the value saturates or starts its series) and the deviation D, whose Taylor
 * coefficients at every point of the ball x dev[k] encloses (k < len), computed without
 * forming f - A, so that D keeps its relative accuracy however small it is against A;
 * anchor[4] is the sign of D at every point of the ball where the rules prove one (+1,
 * -1), else 0. The rules it picks are recorded in plan
 * (expr_plan_len bytes) when replay is 0 and followed when it is 1: record at one point,
 * replay on a ball around it, and both compute the same D. Returns 0, -1 or
 * FAST_SERIES_NOWHERE as expr_series. */
int expr_anchored(arb_ptr dev, double anchor[5], const arb_t x, slong len, slong prec, const void *e,
                  signed char *plan, int replay);
int expr_plan_len(const struct expr *e);

/* The limit of the expression as x -> +inf (sgn = 1) or -inf (sgn = -1), rounded (rnd,
 * y's precision, the current exponent range; expr_limit.c, with the rules): the ternary
 * value, 0 for an infinite limit or a zero (signed by the side it is approached from),
 * or REF_UNDECIDABLE with y = NaN where no limit is established. */
int expr_limit(mpfr_ptr y, int sgn, mpfr_rnd_t rnd, const struct expr *e);

/* The fast path's ranges of an expression reference (it has no FAST_RANGE lines): every
 * finite magnitude of both signs. The table builder decides every block it can from
 * the expression's anchored series (expr_anchored): polynomials of the value or of its
 * deviation from an exact anchor, the sign and bound of a deviation below any binary64
 * gap, the zeros and infinities beyond binary64's range; it leaves undecided what it
 * cannot bound (poles, domain edges, zeros of the deviation), which the host computes
 * (expr_mpfr). docs/expressions.md. */
#define EXPR_FAST_LO 0x00000000u
#define EXPR_FAST_HI 0x7f7fffffu /* FLT_MAX */

/* MPFR-style correctly rounded value of the expression at x in the caller's exponent
 * range (the caller subnormalizes): the ternary value, or REF_UNDECIDABLE with y = NaN. */
int expr_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd, const void *e);
/* The same without the first rule: f(x) evaluated through f's formula (the referees of
 * the activation functions, which are that f, call this). */
int expr_mpfr_formula(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd, const struct expr *e);
/* The Arb path alone (step 2): the ternary value, or REF_UNDECIDABLE with y = NaN. */
int expr_ziv(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd, const struct expr *e);

/* The expression as the ball evaluator's program (reference/interval/ib_prog.h, expr_ib.c):
 * 0, or -1 with the reason in why ("calls floor, which the ball evaluator does not
 * have") when a function has no ball enclosure there or the program would not fit. */
struct ib_prog;
int expr_ib_compile(const struct expr *e, struct ib_prog *P, char *why, size_t whylen);

/* 1 when the ball program P's fast first precision (reference/interval/ib1.h) decides the
 * input x (binary32 bits): the fast path's balls_first (fast.h) */
int expr_ib_fast_decides(uint32_t x, const void *P);

const char *expr_names(void); /* the function names, comma-separated (help and errors) */

/* A reference for NAME: a catalogue reference when NAME is one, else NAME parsed as an
 * expression (a new reference, never freed: one per distinct text and declarations). odd
 * and increasing declare the symmetry and the monotonicity of an expression (a catalogue
 * reference keeps its own). NULL with a message in err: "unknown reference 'sech' (known:
 * ...)" for a lone name, else "LABEL 'TEXT': expected ')' at column 14" (LABEL: how the
 * user wrote it, "--ref" or "ref ="). */
const struct reference *ref_resolve(const char *name, int odd, int increasing, const char *label, char *err,
                                    size_t errlen);

#endif
