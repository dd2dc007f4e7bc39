/* report.c: the two-argument kind's part of `ulpcert report`: one table in ACCURACY.md
 * and the block "two-argument" of docs/pair.md (when a --readme file has its markers), one row per
 * variant of every result file, with the pair where the largest error occurs; then the library
 * table (block "two-argument-library"): one row per function, swept operand and GPU, CUDA's
 * flavours and the host C libraries side by side. */
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/pair/pair.h"
#include "src/kinds/pair/pair_result.h"
#include "src/libm/libm.h"
#include "src/report/report.h"
#include "src/report/percent.h"

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
  const double pc = share_pct(s->correctly_rounded, s->inputs, 4);
  /* a host variant run on the GPU backend: its outputs are the host's C library's, the
   * pairs, references and reduction the device's */
  const struct pair_variant *pv = pair_find(v->name);
  char dev[300];
  snprintf(dev, sizeof dev, "%s%s", r->ri.gpu && pv && pv->flavour == PF_HOST ? "the host of " : "",
           r->ri.gpu ? r->ri.device : "CPU");
  tprintf(t, "| `%s` | %s | %s | %llu | ", v->name, dev, r->swap ? "second" : "first", (unsigned long long)s->inputs);
  if (s->max_ulp >= 0) tprintf(t, "%s | %s |", NUM(s->max_ulp, 5), at);
  else tprintf(t, "- | - |");
  char nf[96]; /* the count, and the lowest pair of a non-finite output where the run listed it */
  snprintf(nf, sizeof nf, "%llu", (unsigned long long)s->nonfinite);
  if (s->n_nonfinite) {
    const uint32_t x = s->nonfinite_first[0].input, p = s->nonfinite_first[0].partner;
    snprintf(nf + strlen(nf), sizeof nf - strlen(nf), " (first at (0x%08x, 0x%08x))", r->swap ? p : x, r->swap ? x : p);
  }
  tprintf(t, " %.4f%% | %llu | %s | %s | %s |\n", pc, (unsigned long long)s->above_1ulp, nf, bound,
          vd ? verdict_name(vd) : "-");
}

/* A variant of a result, for the library table. */
struct cell {
  const struct pair_result *r;
  int i;
};

struct lib_row {
  char fn[64];
  int swap;
  const char *dev; /* the GPU of its CUDA flavours; NULL: a function measured on the host only */
  struct cell c[LIB_N];
};

static struct lib_row *lib_find(struct lib_row *lr, int *nl, const char *fn, int swap, const char *dev) {
  for (int i = 0; i < *nl; i++)
    if (!strcmp(lr[i].fn, fn) && lr[i].swap == swap && ((!dev && !lr[i].dev) || (dev && lr[i].dev && !strcmp(lr[i].dev, dev))))
      return &lr[i];
  struct lib_row *l = &lr[(*nl)++];
  snprintf(l->fn, sizeof l->fn, "%s", fn);
  l->swap = swap, l->dev = dev;
  return l;
}

/* The rows: one per function, swept operand and GPU of the CUDA flavours; each host
 * library's variant joins every row of its function and swept operand that lacks it (a row
 * of its own where there is none; the first result that has it counts). */
static int lib_rows(struct kind_result *const *rs, int n, struct lib_row *lr) {
  int nl = 0;
  char fn[64];
  for (int pass = 0; pass < 2; pass++)
    for (int k = 0; k < n; k++) {
      const struct pair_result *r = (const struct pair_result *)rs[k];
      for (int i = 0; i < r->nv; i++) {
        const int col = libm_column(r->v[i]->name, fn, sizeof fn);
        if (col < 0 || (col < LIB_HOST) != (pass == 0)) continue;
        if (!pass) {
          if (!r->ri.gpu) continue;
          struct lib_row *l = lib_find(lr, &nl, fn, r->swap, r->ri.device);
          if (!l->c[col].r) l->c[col] = (struct cell){r, i};
          continue;
        }
        int rows = 0;
        for (int j = 0; j < nl; j++)
          if (!strcmp(lr[j].fn, fn) && lr[j].swap == r->swap && lr[j].dev) {
            rows++;
            if (!lr[j].c[col].r) lr[j].c[col] = (struct cell){r, i};
          }
        if (!rows) {
          struct lib_row *l = lib_find(lr, &nl, fn, r->swap, NULL);
          if (!l->c[col].r) l->c[col] = (struct cell){r, i};
        }
      }
    }
  return nl;
}

/* A cell: the largest error and its pair, the share correctly rounded, the non-finite
 * outputs of finite results (where there are any), the verdict against the variant's
 * documented bound. */
static void lib_cell(struct text *t, const struct cell *c) {
  if (!c->r) {
    tprintf(t, " — |");
    return;
  }
  const struct stats *s = c->r->st[c->i];
  const char *tier = libm_sleef_tier(c->r->v[c->i]->name);
  if (tier) tprintf(t, " %s:", tier);
  if (s->max_ulp >= 0) {
    const uint32_t x = s->max_ulp_input, p = s->max_ulp_partner;
    tprintf(t, " %s ulp at (0x%08x, 0x%08x);", NUM(s->max_ulp, 2), c->r->swap ? p : x, c->r->swap ? x : p);
  }
  const enum verdict vd = clauses_verdict(s->cl, s->n_clauses);
  libm_cell_end(t, s->correctly_rounded, s->inputs, (unsigned long long)s->nonfinite, vd ? verdict_name(vd) : "no bound");
}

static void lib_table(struct text *t, const struct lib_row *lr, int nl) {
  tprintf(t, "| function | swept | GPU |");
  for (int k = 0; k < LIB_N; k++) tprintf(t, " %s |", libm_column_title[k]);
  tprintf(t, "\n|");
  for (int k = 0; k < 3 + LIB_N; k++) tprintf(t, " --- |");
  tprintf(t, "\n");
  for (int i = 0; i < nl; i++) {
    tprintf(t, "| %s | %s | %s |", lr[i].fn, lr[i].swap ? "second" : "first", lr[i].dev ? lr[i].dev : "—");
    for (int k = 0; k < LIB_N; k++) lib_cell(t, &lr[i].c[k]);
    tprintf(t, "\n");
  }
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
  int nv = 0;
  for (int k = 0; k < n; k++) nv += ((const struct pair_result *)rs[k])->nv;
  struct lib_row *lr = calloc((size_t)nv + 1, sizeof *lr);
  if (!lr) return EXIT_IO;
  const int nl = lib_rows(rs, n, lr);
  if (nl) {
    tprintf(md, "\n### The C math libraries beside CUDA\n\n"
                "Generated. One row per function, swept operand and GPU: CUDA's function as a default build\n"
                "compiles it (`<fn>.cuda`), with `-ftz=true` and with `-use_fast_math`, and the host C math\n"
                "libraries' (their outputs computed on the CPU, from any run that swept the same operand):\n"
                "glibc's (`<fn>.host`), LLVM libc's (`.llvm`), musl's (`.musl`) and SLEEF's scalar functions\n"
                "(`.sleef_u10`, or the tier named in the cell: u05, exact; and `.sleef_u35`). Each cell: the\n"
                "maximum ulp error against the exact value and its pair (a, b) of f(a, b), the share of\n"
                "correctly rounded results, where there are any the pairs whose output is not finite where\n"
                "the exact value is (the maximum leaves them out), and the verdict against the documented\n"
                "bound. — marks a variant not measured.\n\n");
    lib_table(md, lr, nl);
    struct text *lb = rp->readme ? report_block_optional(rp, "two-argument-library") : NULL;
    if (lb) lib_table(lb, lr, nl);
  }
  free(lr);
  return 0;
}
