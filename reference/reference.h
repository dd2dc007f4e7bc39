/* reference.h: what MPFR says is true.
 *
 * A reference value for a binary32 input x is the pair (y, t):
 *   y = RN53(f(x)), f(x) rounded to nearest binary64 (subnormals included), and
 *   t = sign(y - f(x)) in {-1, 0, +1}, MPFR's ternary value.
 * The pair determines RN24(f(x)) exactly (ms_rn32, src/measure/measure.h) and locates f(x) within
 * 2^-53 relative, far below a binary32 ulp (2^-29 ulp at most). */
#ifndef ULPCERT_REFERENCE_H
#define ULPCERT_REFERENCE_H

#include <stdint.h>
#include <string.h>
#include <arb.h>
#include <mpfr.h>

enum ref_symmetry { REF_SYM_NONE = 0, REF_SYM_ODD, REF_SYM_EVEN };
enum ref_monotone { REF_MONO_NONE = 0, REF_MONO_INCREASING, REF_MONO_DECREASING };

struct ib_prog;

struct reference {
  const char *name; /* "tanh" */
  int (*mpfr_fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
  enum ref_symmetry symmetry; /* used to share one evaluation between x and -x */
  enum ref_monotone monotone; /* over the whole binary32 line */
  /* Optional fast path. Returns 1 and sets (*y, *t) to exactly what MPFR would give
   * when the input is in a range where that is proved (proof beside the function),
   * 0 when MPFR must decide. */
  int (*shortcut)(uint32_t xbits, double *y, int *t);
  /* Non-negative bit patterns [mpfr_lo, mpfr_hi) where the shortcut always answers 0:
   * the range the on-disk reference cache stores. */
  uint32_t mpfr_lo, mpfr_hi;
  /* Taylor coefficients of f at every point of the ball x: res[k] encloses
   * f^(k)(xi)/k! for every xi in x, k < len, at precision prec; 0, or -1 where f is not
   * analytic on the whole ball (ref_no_series: always -1). */
  int (*series)(arb_ptr res, const arb_t x, slong len, slong prec);
  /* A referee with a parameter (an expression reference, expr.h), used instead of
   * mpfr_fn when not NULL: ctx_fn(y, x, rnd, ctx). */
  int (*ctx_fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t, const void *);
  const void *ctx;
  /* The series of a referee with a parameter, used instead of series when not NULL:
   * ctx_series(res, x, len, prec, ctx), the same contract (expr.h, expr_series). */
  int (*ctx_series)(arb_ptr res, const arb_t x, slong len, slong prec, const void *ctx);
  /* Its anchored series (expr.h, expr_anchored; the fast path's anchored blocks), used
   * with ctx_series when not NULL; ctx_plan_len: the bytes of its plan. */
  int (*ctx_anchored)(arb_ptr res, double anchor[5], const arb_t x, slong len, slong prec, const void *ctx,
                      signed char *plan, int replay);
  int ctx_plan_len;
  /* An enclosure of its values over an interval of x (expr.h, expr_range), or NULL: the
   * fast path's constant blocks beyond binary64's range. */
  int (*ctx_range)(arf_t lo, arf_t hi, int *open, const arf_t xlo, const arf_t xhi, const void *ctx);
  /* The symmetry of its real values, proved from the formula (expr.h, expr_parity), for
   * the fast path's table alone: it tabulates |x| and mirrors. The reference's own
   * symmetry stays as declared: IEEE's signed zeros need not follow the real values'
   * symmetry (tanh(x) - x is +0 at -0), so the table declines +-0 when it mirrors. */
  enum ref_symmetry table_symmetry;
  /* The expression as the ball evaluator's program (reference/interval/ib_prog.h: decides
   * an input on the host or the device in balls of 64 to 1280 bits, where the table does
   * not), or NULL. */
  const struct ib_prog *ctx_ib;
  /* 1 when ctx_ib's fast first precision decides input x (expr.h, expr_ib_fast_decides),
   * or NULL: the fast path's balls_first */
  int (*ctx_fast_balls)(uint32_t x, const void *ib);
  /* A Taylor model of ctx_series' function over a block (expr.h, expr_tm), or NULL: the
   * fast path's blocks where the series on the block's ball loses to the dependency
   * problem. */
  int (*ctx_tm)(arb_ptr P, mag_t I, double c, double rad, slong len, slong prec, const void *ctx);
};

/* The ternary sign t of a reference value that could not be decided (y is then NaN):
 * such inputs are counted and listed as undecidable, never measured. The engine mirrors
 * t for odd references, so -REF_T_UNDECIDABLE means the same. */
#define REF_T_UNDECIDABLE 2 /* = MS_UNDECIDABLE (src/measure/measure.h) */

/* The catalogue's sentinels of an absent shortcut (always 0) and series (always -1). */
int ref_no_shortcut(uint32_t xbits, double *y, int *t);
int ref_no_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* r has Taylor series: a series entry or a ctx_series */
int ref_has_series(const struct reference *r);

/* sign(v) in {-1, 0, +1} (0 for NaN) */
static inline int ref_sign(double v) { return (v > 0) - (v < 0); }


/* Evaluate f(x) with MPFR: one MPFR state per calling thread (created on first use). */
void ref_mpfr(const struct reference *r, uint32_t xbits, double *y, int *t);
/* Shortcut if it applies, else MPFR; returns 1 when MPFR was called. */
int ref_eval(const struct reference *r, uint32_t xbits, double *y, int *t);
/* Free this thread's MPFR state and Arb caches. */
void ref_thread_cleanup(void);

/* The references of the catalogue: every REFERENCE line of the function folders, in
 * catalogue order, n_references of them. The catalogue defines them
 * (src/catalogue/references.c); the trusted base declares them here so that the expression
 * evaluator can name a reference without including the catalogue. */
extern const struct reference ref_table[];
extern const int n_references;
const struct reference *ref_find(const char *name);
/* Their names, comma-separated (for help and error texts). */
const char *ref_names(void);
/* The reference whose name is nearest to name (a misspelling), or NULL when none is that
 * close: for "did you mean". */
const char *ref_suggest(const char *name);

#endif
