/* lean.h: the lean accumulator of the per-input measure, for a device thread's registers.
 *
 * The device's one-argument reduction (src/kinds/binary32/device/reduce.cuh) gives each thread a run of
 * inputs in increasing order. Over such a run, the full accumulator (struct measure_acc)
 * holds more than the thread needs to carry: its counters are 64-bit (a thread sees fewer
 * than 2^32 inputs), and each maximum keeps its output and reference, which the input
 * alone determines (they can be read again at the end), and a partner (0 for one
 * argument). struct lean_acc keeps 32-bit counters and each maximum as (value, input),
 * and goes through the same per-input function (measure_core.h: lean_input), so every
 * decision and every binary64 operation on an input is the full one's.
 *
 * Claim: for inputs x_1 < x_2 < ... < x_n (partner 0) given to lean_input and, from an
 * initial state, to measure_input_at, lean_finish of the lean accumulator (with the
 * outputs and references of the inputs it names) equals the full accumulator.
 * Proof: both call measure_core.h's body, which reads a maximum only through its value
 * (measure_rel_may_reach, and the clauses' max and ratio through clause_below and
 * bnd_ratio_limit), so both see the same values at every step if their maxima hold the
 * same values. A full maximum moves when v > m.v, or v = m.v and x is below m's input;
 * the second never happens here (x is above every earlier input), so it moves exactly
 * when the lean one does (v > m.v) and to the same input. Counters are the same sums
 * (below 2^32: no wrap), the digest the same 64-bit sum, and bin_max is the largest ulp
 * error, ulp.v. lean_merge breaks ties on the lower input as measure_merge does, so
 * merged runs (in any order) give the merge of their full accumulators.
 * tests/unit/test_lean.c checks the claim on the host against measure_input_at. */
#ifndef ULPCERT_LEAN_H
#define ULPCERT_LEAN_H

#include "src/measure/measure.h"

/* A maximum: the largest value and its input (the first to reach it); v = -1: none. */
struct lean_max {
  double v;
  uint32_t input;
};

struct lean_clause {
  uint32_t inputs, over;
  double max, ratio; /* -1: none */
  uint32_t max_input, ratio_input;
};

struct lean_acc {
  uint32_t inputs, cr, faithful, above_1ulp, nonfinite, flushed, special_mismatches, undecidable;
  uint64_t digest;
  struct lean_max ulp, rel, abs;
  struct lean_clause cl[CLAUSE_MAX];
};

MEASURE_FN void lean_max_init(struct lean_max *m) { m->v = -1.0, m->input = 0xffffffffu; }

MEASURE_FN void lean_init(struct lean_acc *a) {
  a->inputs = a->cr = a->faithful = a->above_1ulp = a->nonfinite = a->flushed = a->special_mismatches = 0;
  a->undecidable = 0;
  a->digest = 0;
  lean_max_init(&a->ulp), lean_max_init(&a->rel), lean_max_init(&a->abs);
  for (int k = 0; k < CLAUSE_MAX; k++) {
    a->cl[k].inputs = a->cl[k].over = 0;
    a->cl[k].max = a->cl[k].ratio = -1.0;
    a->cl[k].max_input = a->cl[k].ratio_input = 0xffffffffu;
  }
}

/* Inputs arrive in increasing order: a tie keeps the earlier (lower) input. */
MEASURE_FN void lean_max_note(struct lean_max *m, double v, uint32_t x, uint32_t partner, uint32_t out, double y) {
  if (v > m->v) m->v = v, m->input = x;
}
#define LEAN_ULP_NOTE(a, e, x, partner, out, y) lean_max_note(&(a)->ulp, e, x, partner, out, y)

/* clause_note_at (bounds.h) for inputs in increasing order */
MEASURE_FN void lean_clause_note(struct lean_clause *a, const struct bound_clause *c, uint32_t x, uint32_t partner,
                                 uint32_t dom, uint32_t out, double y, double err) {
  const double b = clause_bound(c, dom);
  const double bp = b > 0 ? b : 1.0;
  a->inputs++;
  a->over += err > b;
  if (err > a->max) a->max = err, a->max_input = x;
  if (!clause_below(err, 1.0, bnd_ratio_limit(a->ratio, bp))) {
    const double r = err / bp;
    if (r > a->ratio) a->ratio = r, a->ratio_input = x;
  }
}

/* lean_input and lean_clauses_add: the per-input measure on the lean accumulator. */
#define MC_ACC struct lean_acc
#define MC_CLAUSE struct lean_clause
#define MC_MAX_NOTE lean_max_note
#define MC_ULP_NOTE LEAN_ULP_NOTE
#define MC_CLAUSE_NOTE lean_clause_note
#define MC_CLAUSES_ADD lean_clauses_add
#define MC_INPUT lean_input
#include "src/measure/measure_core.h"

/* a <- the larger of a and b, ties to the lower input */
MEASURE_FN void lean_max_merge2(double *av, uint32_t *ai, double bv, uint32_t bi) {
  if (bv > *av || (bv == *av && bi < *ai)) *av = bv, *ai = bi;
}

/* a <- merge(a, b): exact and commutative, as measure_merge. */
MEASURE_FN void lean_merge(struct lean_acc *a, const struct lean_acc *b, int ncl) {
  a->inputs += b->inputs, a->cr += b->cr, a->faithful += b->faithful, a->above_1ulp += b->above_1ulp;
  a->nonfinite += b->nonfinite, a->flushed += b->flushed, a->special_mismatches += b->special_mismatches;
  a->undecidable += b->undecidable, a->digest += b->digest;
  lean_max_merge2(&a->ulp.v, &a->ulp.input, b->ulp.v, b->ulp.input);
  lean_max_merge2(&a->rel.v, &a->rel.input, b->rel.v, b->rel.input);
  lean_max_merge2(&a->abs.v, &a->abs.input, b->abs.v, b->abs.input);
  for (int k = 0; k < CLAUSE_MAX; k++) {
    if (k >= ncl) break;
    a->cl[k].inputs += b->cl[k].inputs, a->cl[k].over += b->cl[k].over;
    lean_max_merge2(&a->cl[k].max, &a->cl[k].max_input, b->cl[k].max, b->cl[k].max_input);
    lean_max_merge2(&a->cl[k].ratio, &a->cl[k].ratio_input, b->cl[k].ratio, b->cl[k].ratio_input);
  }
}

/* The inputs whose outputs and references the full form keeps: slot 0 the ulp error's
 * maximum, 1 the relative, 2 the absolute, 3 + 2k clause k's maximum, 4 + 2k its ratio's;
 * 0xffffffff where there is none. */
#define LEAN_SLOTS (3 + 2 * CLAUSE_MAX)
MEASURE_FN uint32_t lean_slot_input(const struct lean_acc *l, int s) {
  if (s < 3) return s == 0 ? l->ulp.input : s == 1 ? l->rel.input : l->abs.input;
  const struct lean_clause *c = &l->cl[(s - 3) / 2];
  return (s - 3) % 2 ? c->ratio_input : c->max_input;
}

MEASURE_FN void lean_finish_max(struct measure_max *m, const struct lean_max *l, uint32_t out, double ref) {
  measure_max_init(m);
  if (l->v >= 0) m->v = l->v, m->input = l->input, m->output = out, m->ref = ref;
}

/* The full accumulator of l (ncl clauses), out[s] and ref[s] the output and reference at
 * slot s's input (read where the slot has one). */
MEASURE_FN void lean_finish(const struct lean_acc *l, int ncl, const uint32_t out[LEAN_SLOTS],
                            const double ref[LEAN_SLOTS], struct measure_acc *a) {
  measure_init(a);
  a->inputs = l->inputs, a->cr = l->cr, a->faithful = l->faithful, a->above_1ulp = l->above_1ulp;
  a->nonfinite = l->nonfinite, a->flushed = l->flushed, a->special_mismatches = l->special_mismatches;
  a->undecidable = l->undecidable, a->digest = l->digest;
  lean_finish_max(&a->ulp, &l->ulp, out[0], ref[0]);
  lean_finish_max(&a->rel, &l->rel, out[1], ref[1]);
  lean_finish_max(&a->abs, &l->abs, out[2], ref[2]);
  a->bin_max = l->ulp.v;
  for (int k = 0; k < CLAUSE_MAX; k++) {
    if (k >= ncl) break;
    const struct lean_clause *c = &l->cl[k];
    struct clause_acc *d = &a->cl[k];
    d->inputs = c->inputs, d->over = c->over;
    if (c->max >= 0) d->max = c->max, d->max_input = c->max_input, d->max_output = out[3 + 2 * k], d->max_ref = ref[3 + 2 * k];
    if (c->ratio >= 0) d->ratio = c->ratio, d->ratio_input = c->ratio_input, d->ratio_output = out[4 + 2 * k];
  }
}

#endif
