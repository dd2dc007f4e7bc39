/* report.c: the stochastic rounding kind's part of `ulpcert report`, from the files of
 * `run sr...` (after the block quantizers, in the conversions' section of ACCURACY.md and of
 * the HTML report): one table of every variant and device: the inputs and the random values
 * tried, the deterministic inputs and how many came out wrong, the random inputs that are
 * the exact k-bit form (the set of random values rounding up is [2^k - t, 2^k)), the bias of
 * the probability of rounding up against the exact one, and the verdict. */
#include <string.h>

#include "src/common.h"
#include "src/kinds/sround/sround.h"
#include "src/report/report.h"

int sround_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n) {
  (void)paths;
  if (rp->write_files) return 0;
  struct text *md = &rp->sec[SEC_CONVERT];
  tprintf(md, "\n## Stochastic rounding\n\n"
              "From `ulpcert run sr...` (docs/quantizers.md): every input of the range with every random value\n"
              "r in [0, 2^k), against the exact stochastic rounding of reference/quant/sr.h. A random input is\n"
              "the k-bit form when exactly the r in [2^k - t, 2^k) round up (t = floor(frac 2^k), frac the exact\n"
              "probability); its bias is (values rounding up) / 2^k - frac. cvt.rs: the hardware's (sm_100a).\n\n"
              "| variant | device | inputs | k | deterministic (wrong) | random: the k-bit form | max \\|bias\\| "
              "| mean bias | verdict |\n"
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
  for (int i = 0; i < n; i++)
    for (int j = 0; j < rs[i]->nv; j++) {
      const struct sr_run *q = &rs[i]->run[j];
      const struct sr_stats *s = &q->st;
      uint64_t rnd = s->inputs - s->det;
      int ok = !s->det_wrong && s->kform == rnd;
      tprintf(md, "| `%s` | %s | 0x%08x..0x%08x | %d | %llu (%llu) | %llu of %llu | %.6g | %.6g | %s |\n", q->v.name,
              rs[i]->ri.device[0] ? rs[i]->ri.device : "CPU", q->from, q->to, q->v.k, (unsigned long long)s->det,
              (unsigned long long)s->det_wrong, (unsigned long long)s->kform, (unsigned long long)rnd, s->max_bias,
              rnd ? s->sum_bias / (double)rnd : 0.0, ok ? "the k-bit form" : "NOT the k-bit form");
    }
  return 0;
}
