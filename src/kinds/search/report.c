/* report.c: the search kind's part of `ulpcert report`: in ACCURACY.md (and so the HTML report),
 * after the two-argument functions, one table of lower bounds per function and library (CUDA's
 * binary64 functions beside glibc's and SLEEF's), then one row per variant of every result with
 * its input; the same tables in the optional README block "search". Every figure is MPFR's at
 * the input named and is a lower bound ("at least"). accuracy.csv has binary32's columns and
 * carries no search rows. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/search/file.h"
#include "src/kinds/search/report.h"
#include "src/report/report.h"

static const char *lib_title[] = {"CUDA (GPU)", "glibc", "LLVM libc", "musl", "SLEEF", "planted"};

/* The cell of a variant: "≥ X (steps)" and its verdict word. */
/* a lower bound printed with 5 decimals: rounded down, so the figure shown is one too */
static double down5(double v) { return floor(v * 1e5) / 1e5; }

static void cell(struct text *t, const struct sr_variant *v, const struct sr_stat *s) {
  int b = sr_best(s), k = sr_violation(v, s);
  if (b < 0) {
    tprintf(t, " nothing measured |");
    return;
  }
  const struct sr_cand *c = &s->pool[b];
  if (c->steps == UINT64_MAX)
    tprintf(t, " non-finite output");
  else if (isinf(c->ulp_err)) /* finite output, |f| < 2^-1022 (f = 0 exactly, say): beyond binary64 */
    tprintf(t, " ≥ 2^1024 (%llu steps)", (unsigned long long)c->steps);
  else
    tprintf(t, " ≥ %.5f (%llu step%s)", down5(c->ulp_err), (unsigned long long)c->steps, c->steps == 1 ? "" : "s");
  if (v->bound != SR_NO_BOUND) tprintf(t, ", %s", k >= 0 ? "VIOLATED" : "no violation found");
  tprintf(t, " |");
}

/* The best result of (function fn, library lib) among the files: the one with the largest error. */
static int pick(struct kind_result *const *rs, int n, int fn, int lib, int *file, int *idx) {
  const struct sr_variant *vs;
  sr_variants(&vs);
  double best = -1;
  *file = -1;
  for (int k = 0; k < n; k++)
    for (int i = 0; i < rs[k]->nv; i++) {
      const struct sr_variant *v = &vs[rs[k]->v[i]];
      int b = sr_best(&rs[k]->st[i]);
      double e = b < 0 ? 0 : rs[k]->st[i].pool[b].ulp_err;
      if (v->fn == fn && (int)v->lib == lib && e > best) best = e, *file = k, *idx = i;
    }
  return *file >= 0;
}

static void tables(struct text *t, struct kind_result *const *rs, char *const *paths, int n) {
  const struct sr_variant *vs;
  sr_variants(&vs);
  tprintf(t, "| function | format |");
  for (int lib = SR_CUDA; lib <= SR_SLEEF; lib++) tprintf(t, " %s |", lib_title[lib]);
  tprintf(t, "\n|---|---|");
  for (int lib = SR_CUDA; lib <= SR_SLEEF; lib++) tprintf(t, "---|");
  tprintf(t, "\n");
  for (int f = 0; f < sr_nfns; f++) {
    int any = 0, file, idx;
    for (int lib = SR_CUDA; lib <= SR_SLEEF; lib++) any |= pick(rs, n, f, lib, &file, &idx);
    if (!any) continue;
    tprintf(t, "| `%s` | %s |", sr_fns[f].name, sr_fns[f].dom.fmt == SR_F64 ? "binary64" : "binary32");
    for (int lib = SR_CUDA; lib <= SR_SLEEF; lib++)
      if (pick(rs, n, f, lib, &file, &idx))
        cell(t, &vs[rs[file]->v[idx]], &rs[file]->st[idx]);
      else
        tprintf(t, " — |");
    tprintf(t, "\n");
  }
  tprintf(t, "\n| variant | device | inputs searched | at least (ulp) | steps | at | verdict |\n"
             "|---|---|---:|---:|---:|---|---|\n");
  for (int k = 0; k < n; k++)
    for (int i = 0; i < rs[k]->nv; i++) {
      const struct sr_variant *v = &vs[rs[k]->v[i]];
      const struct sr_stat *s = &rs[k]->st[i];
      int b = sr_best(s);
      char where[160] = "-", verdict[512];
      if (b >= 0) sr_where(&sr_fns[v->fn], &s->pool[b], where, sizeof where);
      sr_verdict(v, s, verdict, sizeof verdict);
      md_escape(verdict, sizeof verdict);
      tprintf(t, "| `%s` | %s | %llu |", v->name, rs[k]->ri.gpu ? rs[k]->ri.device : "CPU",
              (unsigned long long)(s->sampled + s->local + s->listed));
      if (b >= 0 && s->pool[b].steps != UINT64_MAX)
        tprintf(t, " %.5f | %llu | %s | %s |\n", down5(s->pool[b].ulp_err), (unsigned long long)s->pool[b].steps, where, verdict);
      else
        tprintf(t, " %s | - | %s | %s |\n", b >= 0 ? "non-finite" : "-", where, verdict);
    }
  tprintf(t, "\nRuns:");
  for (int k = 0; k < n; k++)
    tprintf(t, "%s `%s` (%s, blocks %u..%u, seed 0x%016llx)", k ? ";" : "", paths[k], rs[k]->ri.gpu ? rs[k]->ri.device : "CPU",
            rs[k]->ri.from, rs[k]->ri.to, (unsigned long long)rs[k]->seed);
  tprintf(t, ".\n");
}

int sr_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n) {
  if (rp->write_files || n == 0) return 0;
  struct text tab = {0};
  tables(&tab, rs, paths, n);
  tprintf(&rp->sec[SEC_TWO_ARG],
          "\n## Searched functions: binary64, and binary32 of two arguments (lower bounds)\n\n"
          "From `ulpcert run` of search variants (docs/search.md): sampled from a recorded seed, a local\n"
          "search around the largest errors, MPFR at every input reported. Each figure is the largest\n"
          "ulp error found, exact at its input: **a lower bound** (≥), never a bound over the domain. Steps:\n"
          "from the correctly rounded result, the CUDA Programming Guide's measure; a documented bound is\n"
          "VIOLATED only at an input that proves it, otherwise no violation was found in the inputs searched.\n\n%s",
          tab.buf ? tab.buf : "");
  if (rp->readme) {
    struct text *blk = report_block_optional(rp, "search");
    if (blk) tprintf(blk, "%s", tab.buf ? tab.buf : "");
  }
  free(tab.buf);
  return 0;
}
