/* fast_table.h: the flat fast-path table (host side): the arrays fast_eval.h reads,
 * a small header, statistics from the builder, free/save/load. Header-only and in
 * the common subset of C11 and C++ so that a CUDA test can load a table built
 * elsewhere without Arb.
 *
 * File format (native little-endian, what fast_table_save writes):
 *   struct fast_header, then dir[ndir] (uint32), blk[nblk] (struct fast_block,
 *   32 bytes each), coef[ncoef] (double), first[nblk] (uint32: the first bit
 *   pattern of each block, for tests and reports; the evaluator does not need it).
 */
#ifndef ULPCERT_FAST_TABLE_H
#define ULPCERT_FAST_TABLE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fast_eval.h"

struct fast_header {
  uint32_t magic;    /* FAST_MAGIC */
  uint32_t version;  /* FAST_VERSION */
  uint32_t symmetry; /* enum fast_symmetry */
  uint32_t ndir, nblk, ncoef;
  uint32_t nmax;        /* the builder's largest degree */
  int32_t target_log2;  /* the builder's relative error target, log2 */
  char name[32];
};

/* What the builder measured (not saved to files). */
struct fast_stats {
  double build_s;           /* wall time of fast_build */
  uint64_t tries;           /* blocks tried (two Arb series each) */
  uint64_t undec_leaves;    /* blocks left undecided (not analytic, out of range) */
  uint64_t patterns;        /* bit patterns in the (rounded) requested ranges */
  uint64_t patterns_undec;  /* of which in undecided blocks */
  uint64_t best_effort;     /* minimum-size blocks kept below the target */
  uint64_t deg_hist[FAST_MAX_DEG + 1];
  uint64_t lg_hist[24];     /* blocks by lgsize */
  uint64_t kind_hist[4];    /* blocks by kind (fast_eval.h: FAST_PLAIN ... FAST_CONST) */
  int over_budget;          /* the build ran out of its time (fast_opts.budget_s) or was stopped */
  uint64_t left_fast;       /* patterns left to the balls' fast first precision (fast_opts.balls_first) */
};

struct fast_table {
  struct fast_header hdr;
  uint32_t *dir;
  struct fast_block *blk;
  double *coef;
  uint32_t *first;
  struct fast_stats stats;
};

static inline struct fast_view fast_table_view(const struct fast_table *t) {
  struct fast_view v;
  v.symmetry = t->hdr.symmetry;
  v.ndir = t->hdr.ndir;
  v.nblk = t->hdr.nblk;
  v.ncoef = t->hdr.ncoef;
  v.dir = t->dir;
  v.blk = t->blk;
  v.coef = t->coef;
  return v;
}

/* Bytes of the arrays the evaluator reads. */
static inline uint64_t fast_table_bytes(const struct fast_table *t) {
  return (uint64_t)t->hdr.ndir * 4u + (uint64_t)t->hdr.nblk * sizeof(struct fast_block) +
         (uint64_t)t->hdr.ncoef * 8u;
}

static inline void fast_table_free(struct fast_table *t) {
  free(t->dir);
  free(t->blk);
  free(t->coef);
  free(t->first);
  memset(t, 0, sizeof *t);
}

static inline int fast_table_save(const struct fast_table *t, const char *path) {
  FILE *f = fopen(path, "wb");
  if (!f) return -1;
  int ok = fwrite(&t->hdr, sizeof t->hdr, 1, f) == 1 &&
           fwrite(t->dir, 4, t->hdr.ndir, f) == t->hdr.ndir &&
           fwrite(t->blk, sizeof(struct fast_block), t->hdr.nblk, f) == t->hdr.nblk &&
           fwrite(t->coef, 8, t->hdr.ncoef, f) == t->hdr.ncoef &&
           fwrite(t->first, 4, t->hdr.nblk, f) == t->hdr.nblk;
  return (fclose(f) == 0 && ok) ? 0 : -1;
}

/* Loads and checks the structure: every directory word and block offset in range,
 * so that fast_eval never reads outside the arrays. Returns 0 or -1. */
static inline int fast_table_check(const struct fast_table *t) {
  const struct fast_header *h = &t->hdr;
  if (h->magic != FAST_MAGIC || h->version != FAST_VERSION || h->ndir < FAST_ROOTS) return -1;
  for (uint32_t i = 0; i < h->ndir; i++) {
    uint32_t w = t->dir[i];
    if (w == FAST_UNDEC) continue;
    if ((w & FAST_NODE) ? (uint64_t)(w & ~FAST_NODE) + 16u > h->ndir : w >= h->nblk) return -1;
  }
  for (uint32_t i = 0; i < h->nblk; i++) {
    const struct fast_block *b = &t->blk[i];
    const unsigned kind = b->flags & FAST_KIND, nanc = fast_has_anchor(b) ? FAST_NANC : 0u;
    const int poly = kind == FAST_PLAIN || kind == FAST_ANCHORED;
    if (b->deg > FAST_MAX_DEG || b->ndd < 1 || b->ndd > b->deg + 1 || (b->flags & ~15u) ||
        b->lgsize < FAST_MIN_LGSIZE || b->lgsize > 23 ||
        (uint64_t)b->coef + b->deg + 1u + b->ndd + nanc > h->ncoef ||
        (poly ? !(b->eps >= 0x1p-900) : b->deg != 0 || !(b->eps >= 0.0 && b->eps < 1e300)))
      return -1;
  }
  return 0;
}

static inline int fast_table_load(struct fast_table *t, const char *path) {
  memset(t, 0, sizeof *t);
  FILE *f = fopen(path, "rb");
  if (!f) return -1;
  int ok = fread(&t->hdr, sizeof t->hdr, 1, f) == 1 && t->hdr.magic == FAST_MAGIC;
  if (ok) {
    t->dir = (uint32_t *)malloc((size_t)t->hdr.ndir * 4u + 4u);
    t->blk = (struct fast_block *)malloc((size_t)t->hdr.nblk * sizeof(struct fast_block) + 32u);
    t->coef = (double *)malloc((size_t)t->hdr.ncoef * 8u + 8u);
    t->first = (uint32_t *)malloc((size_t)t->hdr.nblk * 4u + 4u);
    ok = t->dir && t->blk && t->coef && t->first &&
         fread(t->dir, 4, t->hdr.ndir, f) == t->hdr.ndir &&
         fread(t->blk, sizeof(struct fast_block), t->hdr.nblk, f) == t->hdr.nblk &&
         fread(t->coef, 8, t->hdr.ncoef, f) == t->hdr.ncoef &&
         fread(t->first, 4, t->hdr.nblk, f) == t->hdr.nblk;
  }
  fclose(f);
  if (!ok || fast_table_check(t) != 0) {
    fast_table_free(t);
    return -1;
  }
  return 0;
}

#endif
