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
 * Claim: for any sequence of pairs given to pl_input (each followed by pl_settle with its
 * index) and, from an initial state, to measure_input_at, pl_finish of the lean
 * accumulator equals the full accumulator; and pl_merge of two lean accumulators
 * finishes to measure_merge of their full ones.
 * Proof: both run measure_core.h's body, which reads a maximum only through its value
 * (measure_rel_may_reach; the clauses' max and ratio through clause_below and
 * bnd_ratio_limit), so both take the same branches if their maxima hold the same values.
 * A lean maximum moves exactly when the full one does (v > m.v, or v == m.v and key <
 * m.key: the same test on the same (v, key)), to the same pair; pl_settle names that pair
 * by its index in place of PL_NOW, and output and reference are functions of the pair.
 * Counts are the same sums, the digest the same 64-bit sum, and the full accumulator's
 * bin_max, the largest ulp error, is the ulp maximum's value. pl_merge applies the merge
 * rule of measure_merge to (v, key). tests/test_pair.c checks the pipeline's statistics
 * against the host's full accumulator on ranges of every partner set. */
#ifndef ULPCERT_PAIR_LEAN_H
#define ULPCERT_PAIR_LEAN_H

#include "src/measure/measure.h"

/* the index a maximum takes while its pair is being measured (pl_settle replaces it) */
#define PL_NOW 0xffffffffu

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

/* m <- the larger of m and v at (x, partner), ties to the lower key (measure_max_note_at) */
MEASURE_FN void pl_max_note(struct pl_max *m, double v, uint32_t x, uint32_t partner, uint32_t out, double y) {
  pl_note(&m->v, &m->key, &m->idx, v, measure_key(x, partner), PL_NOW);
}
#define PL_ULP_NOTE(a, e, x, partner, out, y) pl_max_note(&(a)->ulp, e, x, partner, out, y)

/* clause_note_at (bounds.h) on the lean clause */
MEASURE_FN void pl_clause_note(struct pl_clause *a, const struct bound_clause *c, uint32_t x, uint32_t partner,
                               uint32_t dom, uint32_t out, double y, double err) {
  const double b = clause_bound(c, dom);
  const double bp = b > 0 ? b : 1.0;
  const uint64_t key = measure_key(x, partner);
  a->inputs++;
  a->over += err > b;
  pl_note(&a->max, &a->max_key, &a->max_idx, err, key, PL_NOW);
  if (!clause_below(err, 1.0, bnd_ratio_limit(a->ratio, bp))) pl_note(&a->ratio, &a->ratio_key, &a->ratio_idx, err / bp, key, PL_NOW);
}

/* pl_input and pl_clauses_add: the per-input measure on the lean accumulator. */
#define MC_ACC struct pl_acc
#define MC_CLAUSE struct pl_clause
#define MC_MAX_NOTE pl_max_note
#define MC_ULP_NOTE PL_ULP_NOTE
#define MC_CLAUSE_NOTE pl_clause_note
#define MC_CLAUSES_ADD pl_clauses_add
#define MC_INPUT pl_input
#include "src/measure/measure_core.h"

/* The maxima the last pl_input moved now name its pair, index idx. */
MEASURE_FN void pl_settle(struct pl_acc *a, int ncl, uint32_t idx) {
  if (a->ulp.idx == PL_NOW) a->ulp.idx = idx;
  if (a->rel.idx == PL_NOW) a->rel.idx = idx;
  if (a->abs.idx == PL_NOW) a->abs.idx = idx;
  for (int k = 0; k < CLAUSE_MAX; k++) {
    if (k >= ncl) break;
    if (a->cl[k].max_idx == PL_NOW) a->cl[k].max_idx = idx;
    if (a->cl[k].ratio_idx == PL_NOW) a->cl[k].ratio_idx = idx;
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
