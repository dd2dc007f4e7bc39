/* ff_walk.h: which pair keys each thread of the float-float kernel takes (k_ff,
 * ff_kernel.cuh), in plain arithmetic so that the host tests can follow every thread. */
#ifndef ULPCERT_FF_WALK_H
#define ULPCERT_FF_WALK_H

#include <assert.h>
#include <stdint.h>

#include "src/kinds/ff/ff_ops.h"

/* threads of a block, in warps of 32 */
#define FF_THREADS 256
#define FF_WARPS (FF_THREADS / 32)

/* Which keys a thread takes. A round is FF_THREADS consecutive keys, FF_WARPS rows of 32
 * (with 32 partners, the usual count, a row is one high word and its partners when the
 * block's run starts on a high word), cut into FF_WARPS groups of FF_COLS columns. In
 * round r warp w takes group g = (w + r) % FF_WARPS of every row, its lane l row
 * l / FF_COLS and column FF_COLS g + l % FF_COLS. Hence
 *  - a warp meets FF_COLS partners of FF_WARPS high words in a round, not all 32 partners
 *    of one: each kind of partner is its own path through ff_partner_m, and a warp takes
 *    the paths of its lanes one after the other;
 *  - every warp takes every group once in FF_WARPS rounds, so the costly groups (the
 *    worst-case partners) are shared evenly and no warp lags behind its block;
 *  - within a round a lane's key increases with the lane (the failure list's ballot
 *    ranks them in key order), and every key of a round is below every key of the next.
 * A round's offsets are a bijection of [0, FF_THREADS) (row < FF_WARPS, column < 32).
 * The walk keeps the thread's key and its (high word, partner), key = xb npart + k, and
 * steps by additions: one 64-bit division per thread and launch. */
#define FF_COLS (32 / FF_WARPS)
static_assert(FF_WARPS * FF_COLS == 32, "FF_WARPS must divide 32");
#define FF_STEP (FF_THREADS + FF_COLS)           /* the next round's key, group g + 1 */
#define FF_STEP_WRAP (FF_THREADS + FF_COLS - 32) /* from group FF_WARPS - 1 to group 0 */
struct ff_walk {
  uint64_t key;
  uint32_t xb, k, g;
};
FF_FN void ff_walk_start(struct ff_walk *w, uint32_t tid, uint64_t kb, uint32_t npart) {
  const uint32_t lane = tid & 31;
  w->g = tid >> 5;
  w->key = kb + 32 * (lane / FF_COLS) + FF_COLS * w->g + lane % FF_COLS;
  w->xb = (uint32_t)(w->key / npart), w->k = (uint32_t)(w->key % npart);
}
/* st[0], st[1]: FF_STEP and FF_STEP_WRAP divided by npart (< 2^16), as quotient << 16 |
 * remainder (the kernel keeps them in shared memory: held in registers, the compiler
 * divides again every round). */
FF_FN void ff_walk_steps(uint32_t npart, uint32_t *st) {
  st[0] = (FF_STEP / npart) << 16 | FF_STEP % npart;
  st[1] = (FF_STEP_WRAP / npart) << 16 | FF_STEP_WRAP % npart;
}
FF_FN void ff_walk_next(struct ff_walk *w, uint32_t npart, const uint32_t *st) {
  const int wrap = w->g == FF_WARPS - 1;
  const uint32_t d = st[wrap];
  w->g = wrap ? 0 : w->g + 1;
  w->key += wrap ? FF_STEP_WRAP : FF_STEP;
  w->xb += d >> 16;
  w->k += d & 0xffffu;
  if (w->k >= npart) w->k -= npart, w->xb++;
}

#endif
