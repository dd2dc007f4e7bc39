/* fastref.c: see fastref.h. */
#include "reference/fast/fastref.h"

#include <omp.h>
#include <string.h>

#include "reference/bits.h"
#include "reference/diag.h"
#include "reference/fast/fast.h"
#include <stdlib.h>

#define MAG 0x7fffffffu

/* [lo, hi] of one sign (sign = 0 or SIGN32) intersected with magnitudes [mlo, mhi]:
 * appended to out as bit patterns of that sign. */
static void clip(struct fast_range *out, int *n, uint32_t lo, uint32_t hi, uint32_t sign, int64_t mlo, int64_t mhi) {
  int64_t a = lo & MAG, b = hi & MAG;
  if (a < mlo) a = mlo;
  if (b > mhi) b = mhi;
  if (a > b || *n >= MAX_FAST_RANGES) return;
  out[(*n)++] = (struct fast_range){(uint32_t)a | sign, (uint32_t)b | sign};
}

double ref_fast_budget(const struct reference *r, int threads) {
  if (!r->ctx_anchored) return 0; /* the catalogue's tables: built for their ranges */
  if (!r->ctx_ib) return REF_FAST_BUDGET_S;
  if (threads <= 0) threads = omp_get_max_threads();
  double b = REF_FAST_BALL_CORE_S / threads;
  return b < REF_FAST_BALL_MIN_S ? REF_FAST_BALL_MIN_S : b > REF_FAST_BALL_MAX_S ? REF_FAST_BALL_MAX_S : b;
}

int ref_fast_prepare(struct ref_fast *f, const struct reference *r, const struct fast_range *decl, int nd,
                     int64_t plo, int64_t phi, int64_t nlo, int64_t nhi, int threads, volatile int *stop,
                     int balls_first) {
  memset(f, 0, sizeof *f);
  if (!ref_has_series(r)) return 0;
  if (nd > MAX_FAST_RANGES) nd = MAX_FAST_RANGES;
  struct fast_range want[2 * MAX_FAST_RANGES];
  int nw = 0;
  /* the declared symmetry, else the one the formula proves for the table alone */
  const enum ref_symmetry rs = r->symmetry != REF_SYM_NONE ? r->symmetry : r->table_symmetry;
  const int sym = rs != REF_SYM_NONE;
  for (int i = 0; i < nd; i++) {
    uint32_t lo = decl[i].lo, hi = decl[i].hi;
    if (lo > hi) continue;
    /* one sign at a time: a declared range crossing 0x80000000 is two ranges */
    uint32_t parts[2][2] = {{lo, hi < SIGN32 ? hi : SIGN32 - 1}, {lo > SIGN32 ? lo : SIGN32, hi}};
    for (int s = 0; s < 2; s++) {
      if (parts[s][0] > parts[s][1] || (s == 0 && lo >= SIGN32) || (s == 1 && hi < SIGN32)) continue;
      uint32_t sign = sym ? 0 : (uint32_t)s * SIGN32;
      /* negative inputs of an asymmetric reference: only the run's negative range */
      if (sym || s == 0) clip(want, &nw, parts[s][0], parts[s][1], 0, plo, phi);
      if (sym || s == 1) clip(want, &nw, parts[s][0], parts[s][1], sign, nlo, nhi);
    }
  }
  if (!nw) return 0;
  struct fast_fn fn = {r->name, r->series,
                       (rs == REF_SYM_ODD    ? FAST_SYM_ODD
                        : rs == REF_SYM_EVEN ? FAST_SYM_EVEN
                                             : FAST_SYM_NONE) |
                           (r->symmetry == REF_SYM_NONE && sym ? FAST_SYM_NOZERO : 0u),
                       r->ctx_series, r->ctx, r->ctx_anchored, r->ctx_plan_len, r->ctx_range,
                       r->ctx_ib ? r->ctx_fast_balls : NULL, r->ctx_ib, r->ctx_tm};
  struct fast_opts o;
  fast_opts_default(&o);
  o.threads = threads;
  o.budget_s = ref_fast_budget(r, threads); /* a user's expression: any shape */
  o.stop = stop;
  o.balls_first = balls_first;
  if (fast_build(&f->tab, &fn, want, nw, &o) != 0) return -1;
  if (f->tab.stats.left_fast && getenv("ULPCERT_TRACE_REF"))
    noticef("the fast path's table of %s left %llu inputs to the balls' fast first precision", r->name,
            (unsigned long long)f->tab.stats.left_fast);
  if (f->tab.stats.over_budget && !(stop && *stop))
    noticef("the fast path's table of %s stopped after %.0f s of building: %llu inputs left to %s", r->name,
            o.budget_s, (unsigned long long)f->tab.stats.patterns_undec, r->ctx_ib ? "the balls, then MPFR" : "MPFR");
  f->ok = 1;
  f->view = fast_table_view(&f->tab);
  f->build_s = f->tab.stats.build_s;
  f->patterns = f->tab.stats.patterns;
  f->patterns_undec = f->tab.stats.patterns_undec;
  return 0;
}

void ref_fast_free(struct ref_fast *f) {
  if (f->ok) fast_table_free(&f->tab);
  memset(f, 0, sizeof *f);
}
