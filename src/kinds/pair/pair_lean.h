/* pair_lean.h: the lean accumulator of the pipeline of pairs (pair_pipe.cu on the device,
 * pipe_host.c on the host): what one thread keeps of the per-input measure
 * (src/measure/measure_core.h) over the pairs it is given, and how a block's threads
 * merge and finish it into the full accumulator of a part.
 *
 * Unlike binary32's lean accumulator (src/measure/lean.h), a thread's pairs do not arrive
 * in increasing order of their key (x, partner): the partners of one x come in the order
 * of the partner set. So each maximum keeps its key and breaks ties on the lower key
 * exactly as the full one does (measure_max_note_at, clause_note_at); what it leaves out
 * is the output and the reference, which the pair's index in the block (idx) names: they
 * are read back once, when a block's part is finished. The counters are 32-bit (a thread
 * sees fewer than 2^32 pairs).
 *
 * A thread measures into two parts (struct pl_hot, struct pl_cold, below): the counts
 * every pair moves and one gate per maximum, hot (on the device, registers), and the rest
 * cold (on the device, the thread's record in shared memory): each maximum's value, key
 * and index, and the rare counts. pl_hot_acc makes the two one struct pl_acc, the form
 * that merges (pl_merge) and finishes (pl_finish).
 *
 * Claim: for any sequence of pairs given to pp_measure (pair_pipe_core.h), x never
 * decreasing, with pl_hot_newx called (if at all) only between two pairs of different x,
 * and, from an initial state, to measure_input_at, pl_finish of pl_hot_acc (given the
 * number of pairs) equals the full accumulator; and pl_merge of two lean accumulators
 * finishes to measure_merge of their full ones.
 * Proof: both run measure_core.h's body. The full one moves a maximum (value m, key K)
 * for a value w at key k when w > m, or w = m and k < K. The hot gate g of a maximum is m,
 * or, when no pair of the current x has moved it, m or the next binary64 number above m
 * (pl_gate): then K has a lower x than every pair of this x (x never decreases, and K
 * is a key seen before this x), so a tie w = m cannot move it. A note reads the cold
 * maximum only when w >= g (pl_hot_note), and there applies the full test to (m, K):
 * w < g means w < m, or w = m where a tie cannot move it (g > m), so the gate only skips
 * notes that would not move the maximum, and each maximum moves exactly when the full
 * one does, to the same pair. The body reads a maximum otherwise only in its tests that
 * skip work that cannot move it (measure_rel_may_reach; the clauses' clause_below and
 * bnd_ratio_limit, bounds.h): each skips only where the rounded result is below the value
 * it is given, here g, so below m or, with g > m, at most m where ties cannot move it; and
 * where the clause test skips a measure it also skips only inputs below the bound (the
 * bound is one of the minimum's terms), so the counts are the full one's. The moved
 * maximum's index is the pair's (c->now, set by pp_measure), and output and reference are
 * functions of the pair. Counts are the same sums, the digest the same 64-bit sum, and the
 * full accumulator's bin_max, the largest ulp error, is the ulp maximum's value. pl_merge
 * applies the merge rule of measure_merge to (v, key). tests/unit/test_pair_lean.c checks the
 * claim against measure_input_at (ties, every branch of the measure, with and without
 * pl_hot_newx), and tests/unit/test_pair.c the pipeline's statistics against the host's full
 * accumulator on ranges of every partner set. */
#ifndef ULPCERT_PAIR_LEAN_H
#define ULPCERT_PAIR_LEAN_H

#include "src/measure/measure.h"

struct pl_max {
  double v;     /* -1: none */
  uint64_t key; /* measure_key(x, partner) */
  uint32_t idx; /* the pair's index in its block */
};

/* (the measure reads a clause's maxima as max and ratio: measure_core.h) */
struct pl_clause {
  uint32_t inputs, over;
  double max, ratio; /* -1: none */
  uint64_t max_key, ratio_key;
  uint32_t max_idx, ratio_idx;
};

struct pl_acc {
  uint32_t inputs, cr, faithful, above_1ulp, nonfinite, flushed, special_mismatches, undecidable;
  uint64_t digest;
  struct pl_max ulp, rel, abs;
  struct pl_clause cl[CLAUSE_MAX];
};

/* the full accumulator's empty maximum: input 0xffffffff, partner 0 */
MEASURE_FN void pl_max_init(struct pl_max *m) { m->v = -1.0, m->key = measure_key(0xffffffffu, 0), m->idx = 0; }

MEASURE_FN void pl_init(struct pl_acc *a) {
  a->inputs = a->cr = a->faithful = a->above_1ulp = a->nonfinite = a->flushed = a->special_mismatches = 0;
  a->undecidable = 0;
  a->digest = 0;
  pl_max_init(&a->ulp), pl_max_init(&a->rel), pl_max_init(&a->abs);
  for (int k = 0; k < CLAUSE_MAX; k++) {
    struct pl_clause *c = &a->cl[k];
    c->inputs = c->over = 0;
    c->max = c->ratio = -1.0;
    c->max_key = c->ratio_key = measure_key(0xffffffffu, 0);
    c->max_idx = c->ratio_idx = 0;
  }
}

/* (v, key, idx) <- the larger of it and (w, wkey, widx), ties to the lower key */
MEASURE_FN void pl_note(double *v, uint64_t *key, uint32_t *idx, double w, uint64_t wkey, uint32_t widx) {
  if (w > *v || (w == *v && wkey < *key)) *v = w, *key = wkey, *idx = widx;
}

/* ---- the accumulator a thread measures into: gates hot, maxima cold ---- */

/* the maxima: the ulp, relative and absolute errors, then each clause's max and ratio */
#define PL_ULP 0
#define PL_REL 1
#define PL_ABS 2
#define PL_CLAUSE(k) (3 + 2 * (k)) /* its ratio: PL_CLAUSE(k) + 1 */
#define PL_SLOTS (3 + 2 * CLAUSE_MAX)

/* A thread's maxima (value as its two 32-bit halves, key (x, partner), index), the index
 * of the pair being measured (set before pl_input: a maximum that moves takes it), the
 * maxima moved since the last pl_hot_newx (bit s for maximum s), and the rare counts
 * (measure_core.h: MC_COUNT; each clause's inputs over its bound). 43 words: an odd
 * stride, so that the records of a warp's lanes, side by side in shared memory, fall on
 * distinct banks. */
struct pl_cold {
  uint32_t now, moved;
  uint32_t vlo[PL_SLOTS], vhi[PL_SLOTS], x[PL_SLOTS], partner[PL_SLOTS], idx[PL_SLOTS];
  uint32_t nonfinite, flushed, special_mismatches, undecidable;
  uint32_t over[CLAUSE_MAX];
};

/* A hot maximum: its gate (the value, or the next binary64 number above it: see the
 * claim), and where the maximum is (c, slot s; constant over a thread's pairs, so a
 * compiler keeps neither in a register of its own). */
struct pl_hmax {
  double v; /* the gate; -1: none */
  struct pl_cold *c;
  int s;
};

struct pl_hclause {
  uint32_t inputs;
  double max, ratio; /* the gates; -1: none */
  struct pl_cold *c;
  int s; /* the max's slot; the ratio's is s + 1 */
};

struct pl_hot {
  uint32_t cr, faithful, above_1ulp; /* the inputs: the caller's count of its pairs */
  uint64_t digest;
  struct pl_cold *c; /* the maxima and rare counts */
  struct pl_hmax ulp, rel, abs;
  struct pl_hclause cl[CLAUSE_MAX];
};

MEASURE_FN double pl_cold_v(const struct pl_cold *c, int s) { return u2d((uint64_t)c->vhi[s] << 32 | c->vlo[s]); }

MEASURE_FN void pl_hot_init(struct pl_hot *a, struct pl_cold *c) {
  a->cr = a->faithful = a->above_1ulp = 0;
  a->digest = 0;
  a->c = c;
  a->ulp.v = a->rel.v = a->abs.v = -1.0;
  a->ulp.c = a->rel.c = a->abs.c = c;
  a->ulp.s = PL_ULP, a->rel.s = PL_REL, a->abs.s = PL_ABS;
  for (int k = 0; k < CLAUSE_MAX; k++) {
    struct pl_hclause *h = &a->cl[k];
    h->inputs = 0;
    h->max = h->ratio = -1.0;
    h->c = c, h->s = PL_CLAUSE(k);
  }
  c->now = c->moved = 0;
  c->nonfinite = c->flushed = c->special_mismatches = c->undecidable = 0;
  for (int k = 0; k < CLAUSE_MAX; k++) c->over[k] = 0;
  for (int s = 0; s < PL_SLOTS; s++) { /* pl_max_init */
    c->vlo[s] = (uint32_t)d2u(-1.0), c->vhi[s] = (uint32_t)(d2u(-1.0) >> 32);
    c->x[s] = 0xffffffffu, c->partner[s] = 0, c->idx[s] = 0;
  }
}

/* pl_note of w at (x, partner), the pair being measured, on maximum s of c: returns the
 * gate g, or the moved maximum's value (a rare path: bounds.h, RARE_FN) */
RARE_FN double pl_cold_note(double g, struct pl_cold *c, int s, double w, uint32_t x, uint32_t partner) {
  const double m = pl_cold_v(c, s);
  if (!(w > m || (w == m && measure_key(x, partner) < measure_key(c->x[s], c->partner[s])))) return g;
  c->vlo[s] = (uint32_t)d2u(w), c->vhi[s] = (uint32_t)(d2u(w) >> 32);
  c->x[s] = x, c->partner[s] = partner, c->idx[s] = c->now, c->moved |= 1u << s;
  return w;
}

/* pl_note on a hot maximum: the cold one is read only when w reaches the gate */
MEASURE_FN void pl_hot_note(double *g, struct pl_cold *c, int s, double w, uint32_t x, uint32_t partner) {
  if (w >= *g) *g = pl_cold_note(*g, c, s, w, x, partner);
}

/* The gate of a maximum of value m that no pair of the current x can tie: the next
 * binary64 number above m (for m >= +0 below infinity; m itself otherwise). */
MEASURE_FN double pl_gate(double m) {
  const uint64_t b = d2u(m);
  return b < 0x7ff0000000000000ull ? u2d(b + 1) : m;
}

/* Before the first pair of a new x above every x so far: the gates of the maxima moved
 * since the last call (each gate is then its maximum's value) rise (pl_gate). */
MEASURE_FN void pl_hot_newx(struct pl_hot *a) {
  struct pl_cold *c = a->c;
  const uint32_t mv = c->moved;
  if (!mv) return;
  if (mv >> PL_ULP & 1) a->ulp.v = pl_gate(a->ulp.v);
  if (mv >> PL_REL & 1) a->rel.v = pl_gate(a->rel.v);
  if (mv >> PL_ABS & 1) a->abs.v = pl_gate(a->abs.v);
  for (int k = 0; k < CLAUSE_MAX; k++) {
    if (mv >> PL_CLAUSE(k) & 1) a->cl[k].max = pl_gate(a->cl[k].max);
    if (mv >> (PL_CLAUSE(k) + 1) & 1) a->cl[k].ratio = pl_gate(a->cl[k].ratio);
  }
  c->moved = 0;
}

/* m <- the larger of m and v at (x, partner), ties to the lower key (measure_max_note_at) */
MEASURE_FN void pl_max_note(struct pl_hmax *m, double v, uint32_t x, uint32_t partner, uint32_t out, double y) {
  pl_hot_note(&m->v, m->c, m->s, v, x, partner);
}
#define PL_ULP_NOTE(a, e, x, partner, out, y) pl_max_note(&(a)->ulp, e, x, partner, out, y)

/* clause_note_at (bounds.h) on the hot clause (its ratio's test reads the gate) */
MEASURE_FN void pl_clause_note(struct pl_hclause *a, const struct bound_clause *c, uint32_t x, uint32_t partner,
                               uint32_t dom, uint32_t out, double y, double err) {
  const double b = clause_bound(c, dom);
  const double bp = b > 0 ? b : 1.0;
  a->inputs++;
  if (err > b) a->c->over[(a->s - PL_CLAUSE(0)) / 2]++;
  pl_hot_note(&a->max, a->c, a->s, err, x, partner);
  if (!clause_below(err, 1.0, bnd_ratio_limit(a->ratio, bp)))
    pl_hot_note(&a->ratio, a->c, a->s + 1, bnd_div(err, bp), x, partner);
}

/* pl_input and pl_clauses_add: the per-input measure on the hot accumulator. */
#define MC_ACC struct pl_hot
#define MC_CLAUSE struct pl_hclause
#define MC_MAX_NOTE pl_max_note
#define MC_ULP_NOTE PL_ULP_NOTE
#define MC_CLAUSE_NOTE pl_clause_note
#define MC_CLAUSES_ADD pl_clauses_add
#define MC_INPUT pl_input
#define MC_COUNT(a, f) PL_COUNT_##f(a)
#define PL_COUNT_inputs(a) ((void)0)
#define PL_COUNT_cr(a) ((a)->cr++)
#define PL_COUNT_faithful(a) ((a)->faithful++)
#define PL_COUNT_above_1ulp(a) ((a)->above_1ulp++)
#define PL_COUNT_nonfinite(a) ((a)->c->nonfinite++)
#define PL_COUNT_flushed(a) ((a)->c->flushed++)
#define PL_COUNT_special_mismatches(a) ((a)->c->special_mismatches++)
#define PL_COUNT_undecidable(a) ((a)->c->undecidable++)
#include "src/measure/measure_core.h"
#undef PL_COUNT_inputs
#undef PL_COUNT_cr
#undef PL_COUNT_faithful
#undef PL_COUNT_above_1ulp
#undef PL_COUNT_nonfinite
#undef PL_COUNT_flushed
#undef PL_COUNT_special_mismatches
#undef PL_COUNT_undecidable

MEASURE_FN void pl_cold_max(struct pl_max *m, const struct pl_cold *c, int s) {
  m->v = pl_cold_v(c, s), m->key = measure_key(c->x[s], c->partner[s]), m->idx = c->idx[s];
}

/* The accumulator of hot a and cold c over n pairs, as the lean accumulator that merges. */
MEASURE_FN void pl_hot_acc(const struct pl_hot *a, const struct pl_cold *c, uint32_t n, struct pl_acc *l) {
  l->inputs = n, l->cr = a->cr, l->faithful = a->faithful, l->above_1ulp = a->above_1ulp;
  l->nonfinite = c->nonfinite, l->flushed = c->flushed, l->special_mismatches = c->special_mismatches;
  l->undecidable = c->undecidable, l->digest = a->digest;
  pl_cold_max(&l->ulp, c, PL_ULP), pl_cold_max(&l->rel, c, PL_REL), pl_cold_max(&l->abs, c, PL_ABS);
  for (int k = 0; k < CLAUSE_MAX; k++) {
    struct pl_clause *d = &l->cl[k];
    struct pl_max m;
    d->inputs = a->cl[k].inputs, d->over = c->over[k];
    pl_cold_max(&m, c, PL_CLAUSE(k));
    d->max = m.v, d->max_key = m.key, d->max_idx = m.idx;
    pl_cold_max(&m, c, PL_CLAUSE(k) + 1);
    d->ratio = m.v, d->ratio_key = m.key, d->ratio_idx = m.idx;
  }
}

MEASURE_FN void pl_max_merge(struct pl_max *a, const struct pl_max *b) { pl_note(&a->v, &a->key, &a->idx, b->v, b->key, b->idx); }

/* a <- merge(a, b): exact and commutative, as measure_merge. */
MEASURE_FN void pl_merge(struct pl_acc *a, const struct pl_acc *b, int ncl) {
  a->inputs += b->inputs, a->cr += b->cr, a->faithful += b->faithful, a->above_1ulp += b->above_1ulp;
  a->nonfinite += b->nonfinite, a->flushed += b->flushed, a->special_mismatches += b->special_mismatches;
  a->undecidable += b->undecidable, a->digest += b->digest;
  pl_max_merge(&a->ulp, &b->ulp), pl_max_merge(&a->rel, &b->rel), pl_max_merge(&a->abs, &b->abs);
  for (int k = 0; k < CLAUSE_MAX; k++) {
    if (k >= ncl) break;
    struct pl_clause *c = &a->cl[k];
    const struct pl_clause *d = &b->cl[k];
    c->inputs += d->inputs, c->over += d->over;
    pl_note(&c->max, &c->max_key, &c->max_idx, d->max, d->max_key, d->max_idx);
    pl_note(&c->ratio, &c->ratio_key, &c->ratio_idx, d->ratio, d->ratio_key, d->ratio_idx);
  }
}

/* The full maximum of m, out and y the outputs and references of the block by index. */
MEASURE_FN void pl_finish_max(struct measure_max *f, const struct pl_max *m, const uint32_t *out, const double *y) {
  measure_max_init(f);
  if (m->v < 0) return;
  f->v = m->v, f->input = (uint32_t)(m->key >> 32), f->partner = (uint32_t)m->key;
  f->output = out[m->idx], f->ref = y ? y[m->idx] : 0;
}

/* The full accumulator of l (ncl clauses) into a. */
MEASURE_FN void pl_finish(const struct pl_acc *l, int ncl, const uint32_t *out, const double *y, struct measure_acc *a) {
  measure_init(a);
  a->inputs = l->inputs, a->cr = l->cr, a->faithful = l->faithful, a->above_1ulp = l->above_1ulp;
  a->nonfinite = l->nonfinite, a->flushed = l->flushed, a->special_mismatches = l->special_mismatches;
  a->undecidable = l->undecidable, a->digest = l->digest;
  pl_finish_max(&a->ulp, &l->ulp, out, y);
  pl_finish_max(&a->rel, &l->rel, out, y);
  pl_finish_max(&a->abs, &l->abs, out, y);
  a->bin_max = l->ulp.v;
  for (int k = 0; k < CLAUSE_MAX; k++) {
    if (k >= ncl) break;
    const struct pl_clause *c = &l->cl[k];
    struct clause_acc *d = &a->cl[k];
    d->inputs = c->inputs, d->over = c->over;
    if (c->max >= 0) {
      d->max = c->max, d->max_input = (uint32_t)(c->max_key >> 32), d->max_partner = (uint32_t)c->max_key;
      d->max_output = out[c->max_idx], d->max_ref = y ? y[c->max_idx] : 0;
    }
    if (c->ratio >= 0) {
      d->ratio = c->ratio, d->ratio_input = (uint32_t)(c->ratio_key >> 32), d->ratio_partner = (uint32_t)c->ratio_key;
      d->ratio_output = out[c->ratio_idx];
    }
  }
}

#endif
