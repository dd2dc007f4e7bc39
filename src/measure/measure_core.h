/* measure_core.h: the per-input measure, written once for two accumulators.
 *
 * Included (without a guard) by measure.h for the full accumulator (struct measure_acc:
 * maxima with their outputs and references, ties to the lowest (input, partner)), and by
 * lean.h for the lean one (struct lean_acc: 32-bit counters, maxima as (value, input)),
 * which a device thread keeps in registers over inputs that arrive in increasing order.
 * The includer defines:
 *   MC_ACC           the accumulator type (fields inputs, digest, undecidable, cr,
 *                    faithful, above_1ulp, nonfinite, flushed, special_mismatches, ulp,
 *                    rel, abs, cl[CLAUSE_MAX])
 *   MC_CLAUSE        its clause accumulator type (fields inputs, max, ratio)
 *   MC_MAX_NOTE      (m, v, x, partner, out, y): m <- the larger of m and v at x
 *   MC_ULP_NOTE      (a, e, x, partner, out, y): the ulp error's maxima
 *   MC_CLAUSE_NOTE   (a, c, x, partner, dom, out, y, err): one input into a clause
 *   MC_CLAUSES_ADD   the name of the clauses function this file defines
 *   MC_INPUT         the name of the per-input function this file defines
 * and may define
 *   MC_COUNT         (a, f): one more of count f of a (inputs, undecidable, cr,
 *                    faithful, above_1ulp, nonfinite, flushed, special_mismatches);
 *                    a->f++ where undefined
 * and this file undefines them. Everything that decides what an input counts as, and
 * every binary64 operation on it, is here: the two accumulators differ only in what
 * they keep of a maximum. */

#ifndef MC_COUNT
#define MC_COUNT(a, f) ((a)->f++)
#endif

/* Account one measured input against every clause (n <= CLAUSE_MAX of them; the loop
 * runs to the constant so that a device compiler keeps the clauses in registers); the
 * domains test dom. */
MEASURE_FN void MC_CLAUSES_ADD(MC_CLAUSE *acc, const struct bound_clause *cl, int n, uint32_t x, uint32_t partner,
                               uint32_t dom, uint32_t out, double y, uint32_t rn, double e, double d) {
  for (int k = 0; k < CLAUSE_MAX; k++) {
    if (k >= n) break;
    if (!clause_in_domain(&cl[k], dom)) continue;
    if (cl[k].measure == BM_REL && y != 0) {
      /* RN(d / |y|) below the bound, the clause's maximum and the ratio's limit: counted,
       * nothing else to note (clause_below) */
      const double b = clause_bound(&cl[k], dom), lim = bnd_ratio_limit(acc[k].ratio, b > 0 ? b : 1.0);
      double m = b < acc[k].max ? b : acc[k].max;
      m = lim < m ? lim : m;
      if (clause_below(d, fabs(y), m)) {
        acc[k].inputs++;
        continue;
      }
    }
    const double err = clause_error(&cl[k], e, d, y, out, rn);
    if (err >= 0) MC_CLAUSE_NOTE(&acc[k], &cl[k], x, partner, dom, out, y, err);
  }
}

/* One input x with output out against the reference (y, t) = (RN53(f(x)), sign(y -
 * f(x))), into a. The definitions (docs/definitions.md):
 *  - an undecidable reference (t = +-MS_UNDECIDABLE) is counted, nothing else;
 *  - an undefined exact value (y NaN, a NaN input included) expects a NaN output;
 *  - an infinite exact value (a pole) expects that infinity;
 *  - correctly rounded: out = RN24(f(x)) bit for bit, or f(x) rounded in the variant's
 *    directed mode (c->rounding, ms_round32); below, "the correctly rounded result" is
 *    that one;
 *  - a NaN or infinite output where RN24(f(x)) differs is non-finite (counted, not
 *    measured); an infinity that is RN24 of a huge finite value is correct;
 *  - a correctly rounded finite output for |f(x)| >= 2^128 (RZ, RD or RU past the
 *    binary32 range: +-FLT_MAX) is faithful and not measured, like RN's infinity there
 *    (its distance to f(x) says nothing about the function: RZ24(2^200) = FLT_MAX);
 *  - a zero output where the correctly rounded result is not zero is flushed (and
 *    measured); a zero of the wrong sign where it is zero is a special-value mismatch;
 *  - every other input is measured: d = |out - y| (binary64), e = d / ulp(y) (exact),
 *    faithful when e < 1 or correctly rounded (a directed result is below 1 ulp of f(x),
 *    but e, computed from y, may read exactly 1), the relative error d / |y| for y != 0,
 *    the absolute error d for x in the configured range, and the bound clauses.
 * For a function of two arguments, x is the swept operand, partner the other one (the
 * maxima keep both; digest_term_at), and dom the operand whose value the absolute-error
 * range and the clauses' domains test. */
MEASURE_FN struct measure_note MC_INPUT(MC_ACC *a, const struct measure_cfg *c, uint32_t x, uint32_t partner,
                                        uint32_t dom, uint32_t out, double y, int t) {
  struct measure_note n = {-1, -1.0, 0, 0, 0};
  MC_COUNT(a, inputs);
  a->digest += digest_term_at(x, partner, out);
  if (t == MS_UNDECIDABLE || t == -MS_UNDECIDABLE) { /* no exact value to measure against */
    MC_COUNT(a, undecidable);
    return n;
  }
  n.cr = ms_round32(y, t, c->rounding);
  if (ms_isnan64(y) || ms_isinf64(y)) {
    if (ms_isnan64(y) ? is_nan32(out) : out == n.cr) MC_COUNT(a, cr), MC_COUNT(a, faithful), n.hist = 0;
    else MC_COUNT(a, special_mismatches), n.special = 1;
    return n;
  }
  if (out == n.cr) MC_COUNT(a, cr);
  if (is_nan32(out) || is_inf32(out)) {
    if (out == n.cr) MC_COUNT(a, faithful), n.hist = 0; /* a correctly rounded overflow */
    else MC_COUNT(a, nonfinite), MC_COUNT(a, above_1ulp), n.nonfinite = 1;
    return n;
  }
  if (out == n.cr && ms_fabs(y) >= 0x1p128) { /* +-FLT_MAX, a correctly rounded directed overflow */
    MC_COUNT(a, faithful), n.hist = 0;
    return n;
  }
  if ((out & 0x7fffffffu) == 0) {
    if ((n.cr & 0x7fffffffu) != 0) MC_COUNT(a, flushed);
    else if (out != n.cr) MC_COUNT(a, special_mismatches), n.special = 1; /* a zero of the wrong sign */
  }
  const double d = ms_fabs(ms_f32(out) - y), e = d * inv_ulp32(y);
  n.hist = hist_bin(e), n.e = e;
  if (e < 1.0 || out == n.cr) MC_COUNT(a, faithful);
  else MC_COUNT(a, above_1ulp);
  MC_ULP_NOTE(a, e, x, partner, out, y);
  if (measure_in_abs_range(c, dom)) MC_MAX_NOTE(&a->abs, d, x, partner, out, y);
  MC_CLAUSES_ADD(a->cl, c->clause, c->n_clauses, x, partner, dom, out, y, n.cr, e, d);
  if (y != 0 && measure_rel_may_reach(a->rel.v, d, ms_fabs(y)))
    MC_MAX_NOTE(&a->rel, bnd_div(d, ms_fabs(y)), x, partner, out, y);
  return n;
}

#undef MC_ACC
#undef MC_CLAUSE
#undef MC_MAX_NOTE
#undef MC_ULP_NOTE
#undef MC_CLAUSE_NOTE
#undef MC_CLAUSES_ADD
#undef MC_INPUT
#undef MC_COUNT
