/* ff_list.h: merging lists of failures kept by key (struct ff_fail, ff_check.h), shared
 * by the kernel (ff_kernel.cuh: a block's list from its warps' lists) and the host tests.
 *
 * Why merging the warps' short lists is exact. Let U be a set of failures with distinct
 * keys, split into parts U_0, ..., U_{m-1}, and let low(X) be the FF_LIST members of X of
 * lowest key (all of X when it has fewer). Then low(U) = low(low(U_0) u ... u low(U_{m-1})):
 *  - every f in low(U), say in U_j, has fewer than FF_LIST members of U below it, so
 *    fewer than FF_LIST of U_j: f is in low(U_j). Hence low(U) is a subset of
 *    V = low(U_0) u ... u low(U_{m-1}), itself a subset of U;
 *  - if low(U) = U, then V = U. Otherwise low(U) has FF_LIST members and every member of
 *    U outside it lies above all of them; V contains low(U), so its FF_LIST lowest are
 *    exactly low(U).
 * The kernel applies this with U_0 the block's list from earlier launches and U_1.. the
 * failures of each warp in this launch (see k_ff for why low(U) is the list a single
 * ordered pass keeps). */
#ifndef ULPCERT_FF_LIST_H
#define ULPCERT_FF_LIST_H

#include <stdint.h>

#include "src/kinds/ff/ff_check.h"

/* lists ff_list_merge takes at most */
#define FF_MERGE_MAX 16

/* out[0 .. returned count) <- the FF_LIST failures of lowest key among nl <= FF_MERGE_MAX
 * lists, list l being lists[l * FF_LIST + i] for i < n[l] (n[l] <= FF_LIST), each sorted
 * by increasing key; out is in increasing key order (equal keys: the lower list first).
 * out must not overlap the lists. The heads are indexed by constants only (unrolled), so
 * a device thread keeps them in registers. */
FF_FN uint32_t ff_list_merge(const struct ff_fail *lists, const uint32_t *n, int nl, struct ff_fail *out) {
  uint32_t head[FF_MERGE_MAX];
  FF_UNROLL for (int l = 0; l < FF_MERGE_MAX; l++) head[l] = 0;
  uint32_t k = 0;
  for (; k < FF_LIST; k++) {
    int best = -1;
    uint32_t bi = 0;
    uint64_t bkey = 0;
    FF_UNROLL for (int l = 0; l < FF_MERGE_MAX; l++) {
      if (l >= nl) break;
      if (head[l] >= n[l]) continue;
      const uint64_t key = lists[l * FF_LIST + head[l]].key;
      if (best < 0 || key < bkey) best = l, bi = head[l], bkey = key;
    }
    if (best < 0) break; /* every list used up */
    out[k] = lists[best * FF_LIST + bi];
    FF_UNROLL for (int l = 0; l < FF_MERGE_MAX; l++) head[l] += l == best;
  }
  return k;
}

#endif
