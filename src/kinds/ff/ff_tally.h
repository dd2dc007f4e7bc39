/* ff_tally.h: a float-float kernel thread's counts and maxima over one launch (k_ff,
 * ff_kernel.cuh), in plain arithmetic so that the host tests can check them against
 * ff_account_bin's counting. */
#ifndef ULPCERT_FF_TALLY_H
#define ULPCERT_FF_TALLY_H

#include <assert.h>
#include <stdint.h>

#include "src/kinds/ff/ff_check.h"

/* A thread's counts over one launch, two 16-bit counts to a word (counts c: bits
 * 16 (c % 2) of word c / 2; a thread takes at most FF_ROUNDS_MAX keys a launch, FF_LAUNCH
 * sees to it), and its maxima, their keys as offsets from the block's first key (below
 * 2^32). The arrays are indexed by constants only (registers). Words 0 to 3 hold the
 * outcome bits i and 16 + i of word i (ff_check.h lays them out so). */
#define FF_ROUNDS_MAX 65535u
enum { FT_DOMAIN, FT_INEXACT, FT_NONFINITE, FT_ZERO, FT_ZERO_MISMATCH, FT_EXCEEDS, FT_NOT_CR, FT_CLAIM, FT_PAIRS,
       FT_EXCEEDS_D, FT_SKIPPED, FT_CLS, FT_N = FT_CLS + FFC_N };
static_assert(FFO_DOMAIN == 1u << FT_DOMAIN / 2 && FFO_INEXACT == 1u << (16 + FT_INEXACT / 2) &&
                  FFO_NONFINITE == 1u << FT_NONFINITE / 2 && FFO_ZERO == 1u << (16 + FT_ZERO / 2) &&
                  FFO_ZERO_MISMATCH == 1u << FT_ZERO_MISMATCH / 2 && FFO_EXCEEDS == 1u << (16 + FT_EXCEEDS / 2) &&
                  FFO_NOT_CR == 1u << FT_NOT_CR / 2 && FFO_CLAIM == 1u << (16 + FT_CLAIM / 2),
              "outcome bits i and 16 + i are the counts of word i");
struct ff_tally {
  uint32_t w[(FT_N + 1) / 2];
  double max_rel, max_rel_d; /* -1 until a finite relative error is seen */
  uint32_t max_rel_off, max_rel_d_off;
};
#define FT_ADD(t, c, v) ((t)->w[(c) / 2] += (uint32_t)(v) << (16 * ((c) % 2)))
FF_FN uint32_t ff_tally_count(const struct ff_tally *t, int c) {
  return (t->w[c / 2] >> (16 * (c % 2))) & 0xffffu;
}
FF_FN void ff_tally_init(struct ff_tally *t) {
  FF_UNROLL for (int i = 0; i < (FT_N + 1) / 2; i++) t->w[i] = 0;
  t->max_rel = t->max_rel_d = -1.0, t->max_rel_off = t->max_rel_d_off = 0;
}
/* One evaluated pair's outcome (ff_outcome), as ff_account_bin counts it; off: its key
 * less the block's first. */
FF_FN void ff_tally_add(struct ff_tally *t, const struct ff_outcome *o, uint32_t off) {
  const uint32_t ev = o->ev;
  FF_UNROLL for (int i = 0; i < 4; i++) t->w[i] += (ev >> i) & 0x10001u;
  /* pairs, and exceeds in D: FFO_EXCEEDS (bit 18) and FFO_DOMAIN (bit 0) */
  t->w[FT_PAIRS / 2] += 1u + ((ev >> 2) & (ev << 16) & 0x10000u);
  if (!(ev & FFO_REL)) return;
  const double rel = o->rel;
  if (rel > t->max_rel || (rel == t->max_rel && off < t->max_rel_off)) t->max_rel = rel, t->max_rel_off = off;
  if ((ev & FFO_DOMAIN) && (rel > t->max_rel_d || (rel == t->max_rel_d && off < t->max_rel_d_off)))
    t->max_rel_d = rel, t->max_rel_d_off = off;
}

/* A failure of class cls into t (ff_account_bin's failures and cls[]; failures is their sum). */
FF_FN void ff_tally_fail(struct ff_tally *t, int cls) {
  FF_UNROLL for (int c = 0; c < FFC_N; c++) FT_ADD(t, FT_CLS + c, c == cls);
}

#endif
