/* report.c: the two-argument kind's part of `ulpcert report`: one table in ACCURACY.md
 * and the block "two-argument" of docs/pair.md (when a --readme file has its markers), one row per
 * variant of every result file, with the pair where the largest error occurs. */
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/pair/pair.h"
#include "src/kinds/pair/pair_result.h"
#include "src/report/report.h"

static void row(struct text *t, const struct pair_result *r, int i) {
  const struct stats *s = r->st[i];
  const struct variant *v = r->v[i];
  char at[96] = "-", bound[512] = "-";
  if (s->max_ulp >= 0) { /* (a, b) of f(a, b) */
    const uint32_t x = s->max_ulp_input, p = s->max_ulp_partner;
    const uint32_t a = r->swap ? p : x, b = r->swap ? x : p;
    snprintf(at, sizeof at, "(0x%08x, 0x%08x) = (%a, %a)", a, b, (double)u2f(a), (double)u2f(b));
  }
  if (v->n_clauses) snprintf(bound, sizeof bound, "%s", v->clause_text[0]);
  md_escape(bound, sizeof bound);
  enum verdict vd = clauses_verdict(s->cl, s->n_clauses);
  const double pc = s->inputs ? 100.0 * (double)s->correctly_rounded / (double)s->inputs : 0;
  /* a host variant run on the GPU backend: its outputs are the host's C library's, the
   * pairs, references and reduction the device's */
  const struct pair_variant *pv = pair_find(v->name);
  char dev[300];
  snprintf(dev, sizeof dev, "%s%s", r->ri.gpu && pv && pv->flavour == PF_HOST ? "the host of " : "",
           r->ri.gpu ? r->ri.device : "CPU");
  tprintf(t, "| `%s` | %s | %s | %llu | ", v->name, dev, r->swap ? "second" : "first", (unsigned long long)s->inputs);
  if (s->max_ulp >= 0) tprintf(t, "%s | %s |", NUM(s->max_ulp, 5), at);
  else tprintf(t, "- | - |");
  tprintf(t, " %.4f%% | %llu | %llu | %s | %s |\n", pc, (unsigned long long)s->above_1ulp,
          (unsigned long long)s->nonfinite, bound, vd ? verdict_name(vd) : "-");
}

int pair_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n) {
  if (rp->write_files) return 0;
  struct text tab = {0}, *md = &rp->sec[SEC_TWO_ARG];
  tprintf(&tab, "| variant | device | swept | pairs | max ulp | at (a, b) | correctly rounded | > 1 ulp | non-finite "
                "| documented | verdict |\n|---|---|---|---:|---:|---|---:|---:|---:|---|---|\n");
  for (int k = 0; k < n; k++) {
    const struct pair_result *r = (const struct pair_result *)rs[k];
    for (int i = 0; i < r->nv; i++) row(&tab, r, i);
  }
  tprintf(&tab, "\nRuns:");
  for (int k = 0; k < n; k++) {
    const struct pair_result *r = (const struct pair_result *)rs[k];
    tprintf(&tab, "%s `%s` (%s, 0x%08x..0x%08x, %d + %u partners, seed 0x%016llx)", k ? ";" : "", paths[k],
            r->ri.gpu ? r->ri.device : "CPU", r->ri.from, r->ri.to, PAIR_ADV, r->nrandom, (unsigned long long)r->seed);
  }
  tprintf(&tab, ".\n");
  tprintf(md, "\n## Functions of two arguments\n\n"
              "From `ulpcert run` of two-argument variants: every x of the range against its function's partners\n"
              "(docs/pair.md); the documented bound is the CUDA Programming Guide's, in its measure\n"
              "(ulps from the correctly rounded result).\n\n%s", tab.buf);
  struct text *blk = report_block(rp, "two-argument");
  tprintf(blk, "%s", tab.buf);
  free(tab.buf);
  return 0;
}
