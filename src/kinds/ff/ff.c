/* ff.c: float-float variants: registry, CPU scan, `ulpcert run` for them, result JSON
 * (written and read back) and the markdown table of the reports. */
#include "src/kinds/ff/ff.h"

#include <jansson.h>
#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "src/common.h"
#include "src/engine/progress.h"
#include "src/kinds/binary32/result.h"

const char *const ff_flavour_names[FF_NFLAV] = {"", ".fmad", ".ftz"};
const char *const ff_class_names[FFC_N] = {"overflow", "underflow/flush", "precondition", "contraction", "other"};

#define JMP "Joldes, Muller, Popescu, ACM TOMS 44(2), 2017"
/* One row per operation; the flavours are generated. bound in u^2 (0: exact, -1: none). */
static const struct {
  const char *name, *family;
  int op;
  double bound;
  const char *bound_text, *source, *desc;
} ops[FF_NOPS] = {
  {"ff.add.seed", "ff", FF_ADD_SEED, -1, NULL,
   "none: the algorithm is SloppyDWPlusDW (" JMP ", Algorithm 5), whose relative error is not bounded when the "
   "operands have opposite signs",
   "the pseudo-double-precision blog post's float_float_add: TwoSum of the high words, low words added, Fast2Sum"},
  {"ff.mul.seed", "ff", FF_MUL_SEED, 7, "7u^2",
   JMP ", Algorithm 10 (DWTimesDW1): 7u^2; the blog post's float_float_mul is that algorithm with Dekker's "
   "TwoProduct (exact barring overflow of the 4097 splitting)",
   "the pseudo-double-precision blog post's float_float_mul: Dekker TwoProduct (splitter 4097), cross products, Fast2Sum"},
  {"ff.convert.seed", "ff", FF_CONVERT_SEED, -1, NULL, "none published",
   "the pseudo-double-precision blog post's double_to_float_float then float_float_to_double: the binary64 round trip"},
  {"eft.twosum", "eft", EFT_TWOSUM, 0, "exact", "Knuth, TAOCP vol. 2: exact barring overflow",
   "TwoSum (6 operations)"},
  {"eft.fast2sum", "eft", EFT_FAST2SUM, 0, "exact",
   "Dekker 1971: exact when the exponent of a is at least that of b, barring overflow",
   "Fast2Sum(a, b) with |a| >= |b| (operands ordered by magnitude first)"},
  {"eft.fast2sum.unordered", "eft", EFT_FAST2SUM_UNORDERED, 0, "exact",
   "Dekker 1971: exact only under its precondition; evaluated here outside it too",
   "Fast2Sum(a, b) in the given order, precondition not checked"},
  {"eft.twoprod.dekker", "eft", EFT_TWOPROD_DEKKER, 0, "exact",
   "Dekker 1971: exact barring overflow (also of 4097 a) and underflow",
   "Dekker's TwoProduct with Veltkamp's splitting by 4097"},
  {"eft.twoprod.fma", "eft", EFT_TWOPROD_FMA, 0, "exact", "exact barring overflow and underflow",
   "TwoProduct with an FMA: e = fma(a, b, -a*b)"},
  {"dw.add.fp", "dw", DW_ADD_FP, 2, "2u^2",
   JMP ", Algorithm 4 (DWPlusFP): 2u^2 (proof completed by Muller and Rideau, ACM TOMS 48(1), 2022)",
   "DWPlusFP: double-word + binary32"},
  {"dw.add.sloppy", "dw", DW_ADD_SLOPPY, -1, NULL,
   "none: " JMP ", Algorithm 5 (SloppyDWPlusDW) has no relative bound for operands of opposite signs",
   "SloppyDWPlusDW (the blog post's float_float_add)"},
  {"dw.add.accurate", "dw", DW_ADD_ACCURATE, 3 + 13 * 0x1p-24, "3u^2 + 13u^3",
   JMP ", Algorithm 6 (AccurateDWPlusDW): 3u^2 + 13u^3", "AccurateDWPlusDW"},
  {"dw.mul.fp", "dw", DW_MUL_FP, 1.5 + 4 * 0x1p-24, "1.5u^2 + 4u^3",
   JMP ", Algorithm 7 (DWTimesFP1): 1.5u^2 + 4u^3", "DWTimesFP1 with Dekker's TwoProduct (no FMA)"},
  {"dw.mul.fp.fma", "dw", DW_MUL_FP_FMA, 2, "2u^2", JMP ", Algorithm 9 (DWTimesFP3): 2u^2",
   "DWTimesFP3 (FMA)"},
  {"dw.mul.dw", "dw", DW_MUL_DW, 7, "7u^2", JMP ", Algorithm 10 (DWTimesDW1): 7u^2",
   "DWTimesDW1 with Dekker's TwoProduct (no FMA)"},
  {"dw.mul.dw.fma", "dw", DW_MUL_DW_FMA, 4, "4u^2",
   "Muller and Rideau, ACM TOMS 48(1), 2022: 4u^2 for DWTimesDW3 (" JMP ", Algorithm 12)", "DWTimesDW3 (FMA)"},
  {"sum2.twosum", "sum2", SUM2_TWOSUM, -1, NULL,
   "none as a relative bound (Ogita, Rump, Oishi 2005, Proposition 4.5 bounds |res - s| by u|s| + "
   "gamma_{n-1}^2 sum |p_i|); checked against RN(s) and against the clSPARSE patch's claim (as if summed in binary64 and rounded once)",
   "Sum2 of (xh, yh, -xh, xl) with TwoSum"},
  {"sum2.fast2sum", "sum2", SUM2_FAST2SUM, -1, NULL,
   "none; the clSPARSE patch uses Fast2Sum in place of TwoSum without ordering the operands",
   "Sum2 of (xh, yh, -xh, xl) with Fast2Sum"},
};

struct ff_variant ff_variants[FF_NVAR];

void ff_registry_init(void) {
  static int done;
  if (done) return;
  done = 1;
  for (int i = 0; i < FF_NOPS; i++)
    for (int f = 0; f < FF_NFLAV; f++) {
      struct ff_variant *v = &ff_variants[i * FF_NFLAV + f];
      snprintf(v->name, sizeof v->name, "%s%s", ops[i].name, ff_flavour_names[f]);
      v->base = ops[i].name, v->family = ops[i].family, v->op = ops[i].op, v->flav = f;
      v->bound_u2 = ops[i].bound, v->bound_text = ops[i].bound_text, v->source = ops[i].source;
      v->description = ops[i].desc;
    }
}

int ff_is_name(const char *name) {
  ff_registry_init();
  for (int i = 0; i < FF_NVAR; i++)
    if (!strcmp(name, ff_variants[i].name) || !strcmp(name, ff_variants[i].family)) return 1;
  return 0;
}

int ff_resolve(const char *name, int gpu, const struct ff_variant **out, int max, int *nout) {
  ff_registry_init();
  int found = 0;
  for (int i = 0; i < FF_NVAR; i++) {
    const struct ff_variant *v = &ff_variants[i];
    if (strcmp(name, v->name) && strcmp(name, v->family)) continue;
    found = 1;
    if (!gpu && v->flav != FF_PLAIN) continue;
    int dup = 0;
    for (int j = 0; j < *nout; j++) dup |= out[j] == v;
    if (!dup && *nout < max) out[(*nout)++] = v;
  }
  return found ? 0 : -1;
}

uint32_t ff_npart(const struct ff_variant *v, uint32_t nrandom) { return v->op == FF_CONVERT_SEED ? 1 : FF_ADV + nrandom; }

const char *ff_verdict(const struct ff_variant *v, const struct ff_stats *s) {
  if (v->bound_u2 < 0) return "no bound published";
  return s->exceeds_in_domain ? "exceeds" : "within";
}

int ff_cpu_scan(const struct ff_variant *v, uint32_t from, uint32_t to, uint32_t npart, uint64_t seed, int threads,
                struct ff_stats *out, int (*progress)(void *, uint64_t), void *ctx) {
  const uint64_t block = 1u << 12, nx = (uint64_t)to - from + 1, nblocks = (nx + block - 1) / block;
  const double bound = v->bound_u2 < 0 ? -1.0 : v->bound_u2 * 0x1p-48;
  ff_stats_init(out);
  int stopped = 0;
  uint64_t next = 0; /* blocks handed out, in order, so that progress is monotone */
#pragma omp parallel num_threads(threads > 0 ? threads : omp_get_max_threads())
  {
    struct ff_stats *ts = malloc(sizeof *ts);
    if (ts) ff_stats_init(ts);
    for (;;) {
      uint64_t b;
#pragma omp atomic capture
      b = next++;
      if (b >= nblocks || !ts) break;
      int stop;
#pragma omp atomic read
      stop = stopped;
      if (stop) break;
      uint64_t x0 = from + b * block, x1 = x0 + block < (uint64_t)to + 1 ? x0 + block : (uint64_t)to + 1;
      for (uint64_t key = x0 * npart; key < x1 * npart; key++) {
        struct ff_in in;
        ff_pair(v->op, key, npart, seed, &in);
        ff_eval_account(ts, ts->hist, v->op, FF_PLAIN, bound, key, &in);
      }
#pragma omp critical(ff_progress)
      if (progress && progress(ctx, x1 - x0)) stopped = 1;
    }
#pragma omp critical(ff_merge)
    if (ts) ff_stats_merge(out, ts);
    free(ts);
  }
  return stopped;
}

void ff_cpu_bins(const struct ff_variant *v, uint32_t from, uint32_t to, uint32_t npart, uint64_t seed, int threads,
                 struct ff_binsum *bins) {
  const uint64_t block = 1u << 12, nx = (uint64_t)to - from + 1, nblocks = (nx + block - 1) / block;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads > 0 ? threads : omp_get_max_threads())
  for (uint64_t b = 0; b < nblocks; b++) {
    /* blocks of 2^12 high words never cross a bin of 2^FF_BIN_LOG2 (unless from is not
       a multiple of 2^12: then the block is cut at the bin's end) */
    uint64_t x0 = from + b * block, x1 = x0 + block < (uint64_t)to + 1 ? x0 + block : (uint64_t)to + 1;
    while (x0 < x1) {
      const uint64_t bin = x0 >> FF_BIN_LOG2, bend = (bin + 1) << FF_BIN_LOG2, xe = bend < x1 ? bend : x1;
      const uint64_t first = (bin << FF_BIN_LOG2) * npart;
      struct ff_binsum acc;
      ff_binsum_init(&acc);
      for (uint64_t key = x0 * npart; key < xe * npart; key++) {
        struct ff_in in;
        uint32_t r[2];
        ff_pair(v->op, key, npart, seed, &in);
        if (!ff_pair_finite(&in)) continue;
        ff_eval(v->op, &in, r);
        ff_binsum_add(&acc, key, (uint32_t)(key - first), r);
      }
#pragma omp critical(ff_bins)
      ff_binsum_merge(&bins[bin], &acc);
      x0 = xe;
    }
  }
}

/* ---- run ---- */

static void print_fail(FILE *f, const struct ff_variant *v, const struct ff_fail *fl, uint32_t npart, uint64_t seed) {
  struct ff_in in;
  ff_pair(v->op, fl->key, npart, seed, &in);
  fprintf(f, "    x = (%a, %a)", (double)u2f(in.xh), (double)u2f(in.xl));
  if (v->op != FF_CONVERT_SEED) fprintf(f, ", y = (%a, %a) [partner %u]", (double)u2f(in.yh), (double)u2f(in.yl),
                                        (unsigned)(fl->key % npart));
  if (v->op == FF_CONVERT_SEED)
    fprintf(f, ": round trip %a", u2d(((uint64_t)fl->rl << 32) | fl->rh));
  else if (ff_is_sum2(v->op))
    fprintf(f, ": result %a", (double)u2f(fl->rh));
  else
    fprintf(f, ": result (%a, %a)", (double)u2f(fl->rh), (double)u2f(fl->rl));
  struct ff_xp S, E;
  uint32_t r[2] = {fl->rh, fl->rl};
  if (ff_result_finite(v->op, r)) {
    ff_exact(v->op, &in, r, &S, &E);
    fprintf(f, ", exact %a, error %a", ff_xp_value(&S), ff_xp_value(&E));
  }
  fprintf(f, " [%s]\n", ff_class_names[fl->cls < FFC_N ? fl->cls : FFC_OTHER]);
}

void ff_print_table(FILE *f, const struct ff_variant *const *vs, const struct ff_stats *st, int nv,
                        uint32_t nrandom, uint64_t seed) {
  fprintf(f, "%-28s %12s %12s %10s %10s %12s  %s\n", "variant", "pairs", "inexact", "max_rel_u2", "bound_u2",
          "exceeds(D)", "verdict");
  for (int i = 0; i < nv; i++) {
    const struct ff_stats *s = &st[i];
    char mr[32] = "-", bd[32] = "-";
    if (s->max_rel >= 0) snprintf(mr, sizeof mr, "%.4f", s->max_rel * 0x1p48);
    if (vs[i]->bound_u2 >= 0) snprintf(bd, sizeof bd, "%s", vs[i]->bound_text);
    fprintf(f, "%-28s %12llu %12llu %10s %10s %12llu  %s\n", vs[i]->name, (unsigned long long)s->pairs,
            (unsigned long long)s->inexact, mr, bd, (unsigned long long)s->exceeds_in_domain, ff_verdict(vs[i], s));
  }
  for (int i = 0; i < nv; i++) {
    const struct ff_stats *s = &st[i];
    uint32_t npart = ff_npart(vs[i], nrandom);
    fprintf(f, "\n%s: %llu pairs (%llu in D), %llu skipped (non-finite operand); inexact %llu; non-finite %llu; "
               "S = 0: %llu (nonzero result %llu)\n",
            vs[i]->name, (unsigned long long)s->pairs, (unsigned long long)s->in_domain, (unsigned long long)s->skipped,
            (unsigned long long)s->inexact, (unsigned long long)s->nonfinite, (unsigned long long)s->zero_exact,
            (unsigned long long)s->zero_mismatch);
    if (s->max_rel >= 0)
      fprintf(f, "  max rel %.6e (%.4f u^2) at x = 0x%08x, partner %u; in D %.6e (%.4f u^2)\n", s->max_rel,
              s->max_rel * 0x1p48, (uint32_t)(s->max_rel_key / npart), (unsigned)(s->max_rel_key % npart),
              s->max_rel_d < 0 ? 0.0 : s->max_rel_d, s->max_rel_d < 0 ? 0.0 : s->max_rel_d * 0x1p48);
    if (ff_is_sum2(vs[i]->op))
      fprintf(f, "  result != RN(exact sum): %llu; != binary32 of the binary64 running sum (the clSPARSE patch's claim): %llu\n",
              (unsigned long long)s->not_cr, (unsigned long long)s->claim_mismatch);
    if (s->failures) {
      fprintf(f, "  failures %llu:", (unsigned long long)s->failures);
      for (int c = 0; c < FFC_N; c++)
        if (s->cls[c]) fprintf(f, " %s %llu", ff_class_names[c], (unsigned long long)s->cls[c]);
      fprintf(f, "; first:\n");
      for (uint32_t j = 0; j < s->nfail && j < 3; j++) print_fail(f, vs[i], &s->fail[j], npart, seed);
    }
  }
}

json_t *ff_stats_json(const struct ff_variant *v, const struct ff_stats *s, uint32_t npart) {
  json_t *o = json_object();
  json_object_set_new(o, "variant", json_string(v->name));
  json_object_set_new(o, "family", json_string(v->family));
  json_object_set_new(o, "operation", json_string(v->base));
  json_object_set_new(o, "flavour", json_string(v->flav == FF_PLAIN ? "plain" : ff_flavour_names[v->flav] + 1));
  json_object_set_new(o, "partners", json_integer(npart));
#define U(k) json_object_set_new(o, #k, json_integer((json_int_t)s->k))
  U(pairs); U(skipped); U(inexact); U(nonfinite); U(zero_exact); U(zero_mismatch); U(in_domain); U(exceeds);
  U(exceeds_in_domain); U(failures); U(not_cr); U(claim_mismatch);
#undef U
  char b[64];
  json_object_set_new(o, "max_rel", s->max_rel >= 0 ? json_real(s->max_rel) : json_null());
  json_object_set_new(o, "max_rel_u2", s->max_rel >= 0 ? json_real(s->max_rel * 0x1p48) : json_null());
  snprintf(b, sizeof b, "%a", s->max_rel);
  json_object_set_new(o, "max_rel_hex", json_string(b));
  json_object_set_new(o, "max_rel_key", json_integer((json_int_t)s->max_rel_key));
  json_object_set_new(o, "max_rel_domain", s->max_rel_d >= 0 ? json_real(s->max_rel_d) : json_null());
  snprintf(b, sizeof b, "%a", s->max_rel_d);
  json_object_set_new(o, "max_rel_domain_hex", json_string(b));
  json_object_set_new(o, "max_rel_domain_key", json_integer((json_int_t)s->max_rel_d_key));
  json_object_set_new(o, "bound_u2", v->bound_u2 >= 0 ? json_real(v->bound_u2) : json_null());
  json_object_set_new(o, "bound", v->bound_text ? json_string(v->bound_text) : json_null());
  json_object_set_new(o, "bound_source", json_string(v->source));
  json_object_set_new(o, "verdict", json_string(ff_verdict(v, s)));
  json_t *cls = json_object();
  for (int c = 0; c < FFC_N; c++) json_object_set_new(cls, ff_class_names[c], json_integer((json_int_t)s->cls[c]));
  json_object_set_new(o, "failure_classes", cls);
  json_t *h = json_array();
  for (int i = 0; i < FF_HIST; i++) json_array_append_new(h, json_integer((json_int_t)s->hist[i]));
  json_object_set_new(o, "hist_rel_u2", h);
  json_t *fl = json_array();
  for (uint32_t i = 0; i < s->nfail; i++)
    json_array_append_new(fl, json_pack("{s:I, s:I, s:I, s:s}", "key", (json_int_t)s->fail[i].key, "rh",
                                        (json_int_t)s->fail[i].rh, "rl", (json_int_t)s->fail[i].rl, "class",
                                        ff_class_names[s->fail[i].cls < FFC_N ? s->fail[i].cls : FFC_OTHER]));
  json_object_set_new(o, "first_failures", fl);
  return o;
}

