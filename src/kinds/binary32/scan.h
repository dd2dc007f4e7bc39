/* scan.h: the binary32 kind's scan. Evaluates variants of one reference function over a range of
 * binary32 bit patterns on a backend, computes each reference value once (shared by
 * every variant, and by x and -x when the function is odd or even), and reduces the
 * errors into one struct stats per variant.
 *
 * The range is walked in aligned chunks of magnitudes |x|; each chunk covers both
 * signs. Per input x the work is independent of the chunking, so results do not
 * depend on chunk size, thread count or backend scheduling. */
#ifndef ULPCERT_SCAN_H
#define ULPCERT_SCAN_H

#include <stddef.h>
#include <stdint.h>

#include "src/catalogue/registry.h"
#include "src/engine/options.h"
#include "src/measure/metrics.h"

#define SCAN_MAXV 64

struct scan_times {
  double wall;       /* whole scan */
  double eval;       /* CPU: evaluating variants; GPU: host time waiting for the device */
  double reference;  /* shortcuts, the fast path, cache look-ups and MPFR (GPU: waiting for the device's
                        reference values and computing the undecided ones) */
  double fast_build; /* building the fast path's table (fastref.h) */
  double reduce;     /* error metrics and statistics */
  double cache_io;   /* loading, checking and saving the reference cache */
  double gpu_kernel; /* device time in kernels (CUDA events) */
  double gpu_copy;   /* device time in device-to-host copies (CUDA events) */
  double host_eval;  /* GPU backend: the host's threads evaluating the host libraries' variants */
  uint64_t host_calls; /* and the calls they made (their per-call cost: host_eval * threads / host_calls) */
  uint64_t mpfr_calls, cache_hits, shortcut_hits; /* shortcut_hits: on the host and the device */
  uint64_t fast_hits;    /* reference values from the fast path's table (host and device) */
  uint64_t ball_hits;    /* reference values from the ball evaluator (reference/interval/; host and device) */
  int device_refs;       /* the device computed the reference values */
  int64_t done_mag; /* last magnitude completed in both halves (-1: none); < to on interruption */
  int threads;
  int user_threads; /* the most threads a user's host function was evaluated on (its worker); 0: none ran */
  const char *cache; /* "off", "loaded", "built", "unused", "save failed" */
};

/* The input ranges covered by a scan of [from, to] that completed every magnitude up
 * to done_mag (both signs): at most 2 ranges. Returns their number. */
int scan_covered(uint32_t from, uint32_t to, int64_t done_mag, uint32_t cov[2][2]);

/* Scan; st[i] (allocated by the caller) receives variant i's statistics.
 * All variants must share one reference. Returns 0 or an exit code with a message in err.
 * The stop flag (g_scan_stop, src/engine/driver.h) stops it after its current chunk: it
 * then returns EXIT_INTERRUPT with the statistics of the chunks completed, and
 * tm->done_mag tells how far it got. */
int scan_run(const struct variant *const *v, int nv, const struct scan_opts *o, struct stats *const *st,
             struct scan_times *tm, char *err, size_t errlen);
/* The raw outputs of variant v on inputs [first, first + count) (count <= 2^24), on
 * the backend of o. 0, or an exit code with a message. */
int scan_eval(const struct variant *v, const struct scan_opts *o, uint32_t first, uint32_t count, uint32_t *out,
              char *err, size_t errlen);

#endif
