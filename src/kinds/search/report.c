/* report.c: the search kind's part of `ulpcert report`: in ACCURACY.md (and so the HTML report),
 * after the two-argument functions, one table of lower bounds per function and library (CUDA's
 * binary64 functions beside glibc's and SLEEF's), then one row per variant of every result with
 * its input; the same tables in the optional README block "search". Every figure is MPFR's at
 * the input named and is a lower bound ("at least"). Beside each function, the exhaustive
 * binary32 maximum of CUDA's float function where the report has it (binary32's report runs
 * first and notes them). search.csv has the per-variant rows (accuracy.csv keeps binary32's
 * columns). */
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

/* The exhaustive binary32 maximum of CUDA's float function of f ("expf.cuda" for exp): its
 * index among the report's notes, or -1 (none, or f is of binary32 already). */
static int b32_max(const struct report *rp, const struct sr_fn *f) {
  if (f->dom.fmt != SR_F64) return -1;
  char name[64];
  snprintf(name, sizeof name, "%sf.cuda", f->name);
  return report_find_max(rp, name);
}

static void tables(const struct report *rp, struct text *t, struct kind_result *const *rs, char *const *paths, int n) {
  const struct sr_variant *vs;
  sr_variants(&vs);
  tprintf(t, "| function | format | CUDA binary32, all 2^32 (max) |");
  for (int lib = SR_CUDA; lib <= SR_SLEEF; lib++) tprintf(t, " %s |", lib_title[lib]);
  tprintf(t, "\n|---|---|---|");
  for (int lib = SR_CUDA; lib <= SR_SLEEF; lib++) tprintf(t, "---|");
  tprintf(t, "\n");
  for (int f = 0; f < sr_nfns; f++) {
    int any = 0, file, idx;
    for (int lib = SR_CUDA; lib <= SR_SLEEF; lib++) any |= pick(rs, n, f, lib, &file, &idx);
    if (!any) continue;
    tprintf(t, "| `%s` | %s |", sr_fns[f].name, sr_fns[f].dom.fmt == SR_F64 ? "binary64" : "binary32");
    int m = b32_max(rp, &sr_fns[f]);
    if (m >= 0) tprintf(t, " %.5f (`%s`) |", rp->max[m].max_ulp, rp->max[m].variant);
    else tprintf(t, " — |");
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

/* a CSV field: quoted, inner quotes doubled */
static void csv_str(struct text *t, const char *s) {
  tprintf(t, "\"");
  for (; *s; s++) tprintf(t, *s == '"' ? "\"\"" : "%c", *s);
  tprintf(t, "\",");
}

/* search.csv: one row per variant of every file, the figures of the second table with every
 * digit (the largest error found is a lower bound: column at_least_ulp). */
static void csv_rows(struct report *rp, struct kind_result *const *rs, char *const *paths, int n) {
  const struct sr_variant *vs;
  sr_variants(&vs);
  struct text *t = &rp->csv_search;
  if (!t->len)
    tprintf(t, "function,format,variant,library,device,backend,inputs_searched,at_least_ulp,steps,x,y,output,"
               "exact,documented_ulp,verdict,seed,result,binary32_cuda_max_ulp\n");
  for (int k = 0; k < n; k++)
    for (int i = 0; i < rs[k]->nv; i++) {
      const struct sr_variant *v = &vs[rs[k]->v[i]];
      const struct sr_fn *f = &sr_fns[v->fn];
      const struct sr_stat *s = &rs[k]->st[i];
      int b = sr_best(s), m = b32_max(rp, f);
      char verdict[512];
      sr_verdict(v, s, verdict, sizeof verdict);
      tprintf(t, "%s,%s,%s,%s,", f->name, f->dom.fmt == SR_F64 ? "binary64" : "binary32", v->name, lib_title[v->lib]);
      csv_str(t, rs[k]->ri.gpu ? rs[k]->ri.device : "CPU");
      tprintf(t, "%s,%llu,", rs[k]->ri.gpu ? "gpu" : "cpu", (unsigned long long)(s->sampled + s->local + s->listed));
      if (b >= 0) {
        const struct sr_cand *c = &s->pool[b];
        if (c->steps == UINT64_MAX) tprintf(t, "non-finite,,");
        else tprintf(t, "%.17g,%llu,", c->ulp_err, (unsigned long long)c->steps);
        tprintf(t, "%a,", c->x);
        if (f->dom.arity == 2) tprintf(t, "%a,", c->y);
        else tprintf(t, ",");
        tprintf(t, "%a,", c->out);
        csv_str(t, c->exact);
      } else {
        tprintf(t, ",,,,,,");
      }
      if (v->bound != SR_NO_BOUND) tprintf(t, "%g,", v->bound_value);
      else tprintf(t, ",");
      csv_str(t, verdict);
      tprintf(t, "0x%016llx,", (unsigned long long)rs[k]->seed);
      csv_str(t, paths[k]);
      if (m >= 0) tprintf(t, "%.17g\n", rp->max[m].max_ulp);
      else tprintf(t, "\n");
    }
}

int sr_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n) {
  if (rp->write_files || n == 0) return 0;
  struct text tab = {0};
  tables(rp, &tab, rs, paths, n);
  csv_rows(rp, rs, paths, n);
  tprintf(&rp->sec[SEC_TWO_ARG],
          "\n## Searched functions: binary64, and binary32 of two arguments (lower bounds)\n\n"
          "From `ulpcert run` of search variants (docs/search.md): sampled from a recorded seed, a local\n"
          "search around the largest errors, MPFR at every input reported. Each figure is the largest\n"
          "ulp error found, exact at its input: **a lower bound** (≥), never a bound over the domain. Steps:\n"
          "from the correctly rounded result, the CUDA Programming Guide's measure; a documented bound is\n"
          "VIOLATED only at an input that proves it, otherwise no violation was found in the inputs searched.\n"
          "Beside them, the exact maximum of CUDA's float function over all 2^32 binary32 inputs (from this\n"
          "report's binary32 runs). The same rows, every digit: search.csv.\n\n%s",
          tab.buf ? tab.buf : "");
  if (rp->readme) {
    struct text *blk = report_block_optional(rp, "search");
    if (blk) tprintf(blk, "%s", tab.buf ? tab.buf : "");
  }
  free(tab.buf);
  return 0;
}
