/* fastref.h: a reference's fast path for one run: the table of polynomials
 * (reference/fast/) built from the reference's Taylor series over its FAST_RANGE
 * lines, restricted to the magnitudes the run needs.
 *
 * The evaluation order of every reference value, on the host (scan.c) and on the
 * device (src/kinds/binary32/device/ref_kernel.cuh), is: the proved shortcut, then this table, then MPFR.
 * Each of the three gives exactly MPFR's (y, t) or declines, so the order changes only
 * the cost. */
#ifndef ULPCERT_FASTREF_H
#define ULPCERT_FASTREF_H

#include <stdint.h>

#include "reference/fast/fast_table.h"
#include "reference/fast/fast.h" /* struct fast_range */
#include "reference/reference.h"

/* The most FAST_RANGE lines of one reference the builder takes. */
#define MAX_FAST_RANGES 64
/* An expression's table is built within this many seconds (fast_opts.budget_s): what is
 * left then, MPFR decides (a notice says how many inputs). The expressions of README's
 * "Expressions" take 0.05 to 3 s on 2 cores. */
#define REF_FAST_BUDGET_S 60.0
/* An expression that also has a ball program (reference/interval/ib_prog.h: the balls
 * decide what the table leaves, on the device too) gets REF_FAST_BALL_CORE_S core-seconds
 * of building, REF_FAST_BALL_CORE_S / threads of wall time, kept within
 * [REF_FAST_BALL_MIN_S, REF_FAST_BALL_MAX_S]: 3 s with 16 threads, 15 s with 2. The
 * table is then only the faster path where it builds quickly. */
#define REF_FAST_BALL_CORE_S 48.0
#define REF_FAST_BALL_MIN_S 3.0
#define REF_FAST_BALL_MAX_S 15.0

struct ref_fast {
  int ok; /* a table was built: view is usable */
  struct fast_table tab;
  struct fast_view view;
  double build_s;
  uint64_t patterns;       /* bit patterns the table was asked to cover */
  uint64_t patterns_undec; /* of which left undecided by construction */
};

/* Builds r's table over its FAST_RANGE lines (decl[0..nd), from the catalogue:
 * ref_fast_ranges), intersected with the inputs a run needs:
 * positive inputs of magnitude in [plo, phi], negative ones in [nlo, nhi] (an empty
 * range has lo > hi). For an odd or even reference the run asks only for +|x|, so both
 * ranges are magnitudes of positive inputs. threads: OpenMP threads, 0 for all. stop:
 * NULL, or a flag that, once set (a signal handler), ends the build within the blocks
 * under way, what is left undecided as past the budget (the table stays correct).
 * balls_first: the device's balls take what the table leaves; the blocks their fast first
 * precision decides are left to them rather than split (fast_opts.balls_first).
 * Returns 0 (f->ok = 0 when r has no series, no FAST_RANGE line or nothing in common
 * with the run), or -1 when the builder failed (out of memory). */
int ref_fast_prepare(struct ref_fast *f, const struct reference *r, const struct fast_range *decl, int nd,
                     int64_t plo, int64_t phi, int64_t nlo, int64_t nhi, int threads, volatile int *stop,
                     int balls_first);
/* The build budget of r's table in seconds with that many threads (0: none). */
double ref_fast_budget(const struct reference *r, int threads);
void ref_fast_free(struct ref_fast *f);

#endif
