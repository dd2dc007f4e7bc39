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
#include "src/engine/scan.h"

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
   "seed 000 float_float_add: TwoSum of the high words, low words added, Fast2Sum"},
  {"ff.mul.seed", "ff", FF_MUL_SEED, 7, "7u^2",
   JMP ", Algorithm 10 (DWTimesDW1): 7u^2; the seed's float_float_mul is that algorithm with Dekker's "
   "TwoProduct (exact barring overflow of the 4097 splitting)",
   "seed 000 float_float_mul: Dekker TwoProduct (splitter 4097), cross products, Fast2Sum"},
  {"ff.convert.seed", "ff", FF_CONVERT_SEED, -1, NULL, "none published",
   "seed 000 double_to_float_float then float_float_to_double: the binary64 round trip"},
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
   "SloppyDWPlusDW (the seed's float_float_add)"},
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
   "gamma_{n-1}^2 sum |p_i|); checked against RN(s) and against the claim of seed 001",
   "Sum2 of (xh, yh, -xh, xl) with TwoSum"},
  {"sum2.fast2sum", "sum2", SUM2_FAST2SUM, -1, NULL,
   "none; seed 001 (clSPARSE) uses Fast2Sum in place of TwoSum without ordering the operands",
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

/* ---- run ---- */
struct prog_ctx {
  struct progress bar;
  uint64_t done;
};
static int on_progress(void *p, uint64_t n) {
  struct prog_ctx *c = p;
  c->done += n;
  progress_update(&c->bar, c->done);
  return g_scan_stop != 0;
}

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

static void print_table(FILE *f, const struct ff_variant *const *vs, const struct ff_stats *st, int nv,
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
      fprintf(f, "  result != RN(exact sum): %llu; != binary32 of the binary64 running sum (seed 001's claim): %llu\n",
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

static json_t *stats_json(const struct ff_variant *v, const struct ff_stats *s, uint32_t npart) {
  json_t *o = json_object();
  json_object_set_new(o, "name", json_string(v->name));
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

static int write_json(const char *path, const struct run_info *ri, const struct ff_variant *const *vs,
                      const struct ff_stats *st, int nv, uint32_t nrandom, uint64_t seed, double wall, char *err,
                      size_t errlen) {
  json_t *root = result_header_json(ri, "float-float");
  char sd[32];
  snprintf(sd, sizeof sd, "0x%016llx", (unsigned long long)seed);
  json_object_set_new(root, "complete", json_boolean(ri->complete));
  json_object_set_new(root, "covered", result_covered_json(ri));
  char a[16], b[16];
  snprintf(a, sizeof a, "0x%08x", ri->from);
  snprintf(b, sizeof b, "0x%08x", ri->to);
  json_object_set_new(root, "domain", json_pack("{s:s, s:s, s:I}", "from", a, "to", b, "count",
                                                (json_int_t)((uint64_t)ri->to - ri->from + 1)));
  json_object_set_new(root, "partners", json_pack("{s:i, s:i, s:s, s:i}", "adversarial", FF_ADV, "random",
                                                  (int)nrandom, "seed", sd, "set", FF_PARTNER_SET));
  json_object_set_new(root, "timing", json_pack("{s:f, s:i}", "wall_s", wall, "threads", ri->threads));
  json_t *res = json_array();
  for (int i = 0; i < nv; i++) json_array_append_new(res, stats_json(vs[i], &st[i], ff_npart(vs[i], nrandom)));
  json_object_set_new(root, "results", res);
  int rc = result_write_root(path, root, err, errlen);
  json_decref(root);
  return rc;
}

/* The partner set a float-float result file was made with (FF_PARTNER_SET; files without
 * the field are of set 1), or -1 if the file cannot be read. */
static int file_partner_set(const char *path) {
  char err[256];
  json_t *root;
  if (json_read_path(path, &root, err, sizeof err)) return -1;
  json_t *set = json_object_get(json_object_get(root, "partners"), "set");
  int v = set == NULL ? 1 : json_is_integer(set) ? (int)json_integer_value(set) : -1;
  json_decref(root);
  return v;
}

/* Add [lo, hi] to ri's covered ranges, extending the range it continues (a resumed run
 * picks up right after a covered range). -1 when there is no room. */
static int cov_add(struct run_info *ri, uint32_t lo, uint32_t hi) {
  for (int i = 0; i < ri->ncov; i++)
    if (lo > 0 && ri->cov[i][1] == lo - 1) {
      ri->cov[i][1] = hi;
      return 0;
    }
  if (ri->ncov == RESULT_MAXCOV) return -1;
  ri->cov[ri->ncov][0] = lo, ri->cov[ri->ncov][1] = hi, ri->ncov++;
  return 0;
}

/* The range is walked in chunks of --chunk high words, every variant completing a chunk
 * before the next one starts: an interruption keeps the chunks done, covered by all
 * variants alike, and drops the chunk under way. Statistics merge exactly
 * (ff_stats_merge), so chunks, shards and resumed runs give the single run's result.
 * On the GPU a chunk has at least FF_GPU_CHUNK high words: each ff_gpu_scan call
 * allocates, copies both ways and merges the partial statistics of its 2048 blocks
 * (1.9 MB), an estimated millisecond (not measured), against about 8 ms per variant and
 * 2^22 high words of kernels for the ff family on an H100 (71 s for 9 variants over
 * 2^32): a chunk of 2^22 could cost a tenth more time, one of 2^26 under 1%. */
#define FF_GPU_CHUNK (1ull << 26)
int ff_run(int argc, char **argv, int first, struct scan_cli *sc, const struct ff_opts *fo) {
  const struct ff_variant *vs[FF_NVAR];
  int nv = 0;
  for (int i = first; i < argc; i++)
    if (ff_resolve(argv[i], 1, vs, FF_NVAR, &nv) < 0) {
      errorf("unknown variant or family '%s' (see 'ulpcert list')", argv[i]);
      return EXIT_USAGE;
    }
  struct run_info ri;
  run_info_init(&ri, 0, NULL);
  snprintf(ri.command, sizeof ri.command, "%s", g_command_line);
  int rc = choose_backend(sc, &ri);
  if (rc >= 0) return rc;
  rc = 0;
  /* the CPU runs the plain flavour only */
  int n2 = 0;
  for (int i = 0; i < nv; i++)
    if (ri.gpu || vs[i]->flav == FF_PLAIN) vs[n2++] = vs[i];
  if (n2 < nv && !g_quiet)
    fprintf(stderr, "ulpcert: %d .fmad/.ftz variant%s skipped: those flavours run on the GPU only\n", nv - n2,
            nv - n2 == 1 ? "" : "s");
  nv = n2;
  if (!nv) {
    errorf("nothing to run on the CPU backend: the .fmad and .ftz flavours need a GPU");
    return EXIT_USAGE;
  }
  ri.from = sc->o.from, ri.to = sc->o.to;
  ri.threads = sc->o.threads > 0 ? sc->o.threads : omp_get_max_threads();
  struct ff_stats *st = calloc((size_t)nv, sizeof *st), *part = calloc((size_t)nv, sizeof *part);
  struct ff_result *prev = NULL;
  char err[1024];
  if (!st || !part) {
    errorf("out of host memory");
    rc = EXIT_IO;
    goto done;
  }
  for (int i = 0; i < nv; i++) ff_stats_init(&st[i]);
  /* the ranges to scan: the whole range, a shard of it (every high word costs the same),
     or what a partial result left */
  uint32_t todo[RESULT_MAXCOV][2];
  int ntodo = 1;
  todo[0][0] = ri.from, todo[0][1] = ri.to;
  if (fo->shard_n) {
    if (shard_range(NULL, ri.from, ri.to, fo->shard_k, fo->shard_n, &todo[0][0], &todo[0][1])) {
      errorf("--shard %d/%d: the range has too few high words for %d shards", fo->shard_k, fo->shard_n, fo->shard_n);
      rc = EXIT_USAGE;
      goto done;
    }
    ri.from = todo[0][0], ri.to = todo[0][1];
    noticef("shard %d/%d: high words 0x%08x..0x%08x", fo->shard_k, fo->shard_n, ri.from, ri.to);
  }
  if (fo->resume) {
    if (!(prev = malloc(sizeof *prev))) {
      errorf("out of host memory");
      rc = EXIT_IO;
      goto done;
    }
    if ((rc = ff_read_json(fo->resume, prev, err, sizeof err))) {
      errorf("--resume: %s", err);
      goto done;
    }
    int same = !strcmp(prev->version, ULPCERT_VERSION) && prev->from == ri.from && prev->to == ri.to &&
               prev->nrandom == fo->nrandom && prev->seed == fo->seed && prev->nv == nv &&
               file_partner_set(fo->resume) == FF_PARTNER_SET;
    for (int i = 0; same && i < nv; i++) same = prev->v[i] == vs[i];
    if (!same) {
      errorf("--resume: %s is not a run of this command (version %s, partner set %d, high words 0x%08x..0x%08x, "
             "%u random partners, seed 0x%016llx, %d variants)", fo->resume, prev->version,
             file_partner_set(fo->resume), prev->from, prev->to, prev->nrandom, (unsigned long long)prev->seed, prev->nv);
      rc = EXIT_USAGE;
      goto done;
    }
    for (int i = 0; i < nv; i++) st[i] = prev->st[i];
    ri.ncov = prev->ncov;
    memcpy(ri.cov, prev->cov, sizeof ri.cov);
    ntodo = uncovered_ranges(ri.from, ri.to, prev->ncov, prev->cov, todo, RESULT_MAXCOV);
    if (ntodo < 0) {
      errorf("--resume: %s has too many covered pieces", fo->resume);
      rc = EXIT_CORRUPT;
      goto done;
    }
    noticef("resuming %s: %d range%s left", fo->resume, ntodo, ntodo == 1 ? "" : "s");
  }
  if (!g_quiet)
    fprintf(stderr, "ulpcert: %d float-float variant%s, high words 0x%08x..0x%08x, %d adversarial + %u random "
                    "partners, seed 0x%016llx%s, %s backend\n",
            nv, nv == 1 ? "" : "s", ri.from, ri.to, FF_ADV, fo->nrandom, (unsigned long long)fo->seed,
            fo->seed_given ? "" : " (default)", ri.gpu ? "gpu" : "cpu");
  uint64_t total = 0;
  for (int r = 0; r < ntodo; r++) total += (uint64_t)todo[r][1] - todo[r][0] + 1;
  struct prog_ctx pc = {{0}, 0};
  progress_start(&pc.bar, "float-float", total * (uint64_t)nv, sc->o.progress && !g_quiet);
  double t0 = now_s();
  const uint64_t chunk = ri.gpu && sc->o.chunk < FF_GPU_CHUNK ? FF_GPU_CHUNK : sc->o.chunk;
  int stopped = 0;
  for (int r = 0; r < ntodo && !rc && !stopped; r++) {
    uint64_t x = todo[r][0], end = (uint64_t)todo[r][1] + 1;
    while (x < end && !rc && !stopped) {
      uint64_t x1 = end - x < chunk ? end : x + chunk; /* this chunk: [x, x1) */
      for (int i = 0; i < nv && !rc && !stopped; i++) {
        const struct ff_variant *v = vs[i];
        uint32_t npart = ff_npart(v, fo->nrandom);
        double bound = v->bound_u2 < 0 ? -1.0 : v->bound_u2 * 0x1p-48;
        int s;
        if (g_scan_stop) s = 1;
        else if (ri.gpu) {
          int dev = sc->o.ndevices > 0 ? sc->o.devices[0] : 0;
          s = ff_gpu_scan(dev, v->op, v->flav, (uint32_t)x, (uint32_t)(x1 - 1), npart, fo->seed, bound, &part[i],
                          on_progress, &pc, err, sizeof err);
          if (s < 0) {
            errorf("%s: %s", v->name, err);
            rc = s == -2 ? EXIT_IO : EXIT_NOGPU;
          }
        } else {
          s = ff_cpu_scan(v, (uint32_t)x, (uint32_t)(x1 - 1), npart, fo->seed, sc->o.threads, &part[i], on_progress,
                          &pc);
        }
        stopped = s == 1;
      }
      if (rc || stopped) break;
      for (int i = 0; i < nv; i++) ff_stats_merge(&st[i], &part[i]);
      x = x1;
    }
    if (x > todo[r][0] && cov_add(&ri, todo[r][0], (uint32_t)(x - 1))) {
      errorf("too many covered pieces");
      rc = EXIT_CORRUPT;
    }
  }
  progress_end(&pc.bar);
  double wall = now_s() - t0;
  if (rc) goto done;
  if (stopped) {
    rc = EXIT_INTERRUPT;
    ri.complete = 0;
    if (!sc->json) noticef("interrupted: no --json, nothing kept");
    else if (!ri.ncov) errorf("interrupted before the first chunk was done: nothing kept");
    else {
      noticef("interrupted: writing the partial result (resume with --resume)");
      if (write_json(sc->json, &ri, vs, st, nv, fo->nrandom, fo->seed, wall, err, sizeof err)) errorf("%s", err);
    }
    goto done;
  }
  print_table(stdout, vs, st, nv, fo->nrandom, fo->seed);
  printf("\n%.2f s\n", wall);
  if (sc->json && (rc = write_json(sc->json, &ri, vs, st, nv, fo->nrandom, fo->seed, wall, err, sizeof err)))
    errorf("%s", err);
  if (!rc)
    for (int i = 0; i < nv; i++)
      if (vs[i]->bound_u2 >= 0 && st[i].exceeds_in_domain) rc = EXIT_FAIL;
done:
  free(st), free(part), free(prev);
  return rc;
}

int ff_merge(int n, char *const *paths, const char *out) {
  struct ff_result *rs = calloc((size_t)n, sizeof *rs);
  struct cov_range *rg = calloc((size_t)n * RESULT_MAXCOV, sizeof *rg);
  char err[1024];
  int rc = 0, nr = 0;
  if (!rs || !rg) {
    errorf("out of host memory");
    rc = EXIT_IO;
  }
  for (int i = 0; i < n && !rc; i++) {
    if (!ff_file_is_ff(paths[i])) {
      /* a binary32 result, or the reason it is not one */
      struct result_file rf;
      if ((rc = result_read_json(paths[i], &rf, err, sizeof err))) {
        errorf("%s", err);
      } else {
        result_file_free(&rf);
        errorf("%s holds binary32 variants: it does not merge with float-float results", paths[i]);
        rc = EXIT_USAGE;
      }
    } else if ((rc = ff_read_json(paths[i], &rs[i], err, sizeof err))) {
      errorf("%s", err);
    }
  }
  /* same version, variants, partners and seed; no overlap, no gap */
  for (int i = 0; i < n && !rc; i++) {
    const struct ff_result *a = &rs[0], *b = &rs[i];
    if (strcmp(b->version, ULPCERT_VERSION)) {
      errorf("%s comes from ulpcert %s; this is %s", paths[i], b->version, ULPCERT_VERSION);
      rc = EXIT_CORRUPT;
    } else if (b->nv != a->nv) {
      errorf("%s has %d variants, %s has %d", paths[i], b->nv, paths[0], a->nv);
      rc = EXIT_USAGE;
    } else if (file_partner_set(paths[i]) != FF_PARTNER_SET) {
      errorf("%s was made with partner set %d, this ulpcert uses set %d: its pairs are not the same", paths[i],
             file_partner_set(paths[i]), FF_PARTNER_SET);
      rc = EXIT_CORRUPT;
    } else if (b->nrandom != a->nrandom) {
      errorf("%s has %u random partners, %s has %u", paths[i], b->nrandom, paths[0], a->nrandom);
      rc = EXIT_USAGE;
    } else if (b->seed != a->seed) {
      errorf("%s was run with seed 0x%016llx, %s with seed 0x%016llx", paths[i], (unsigned long long)b->seed,
             paths[0], (unsigned long long)a->seed);
      rc = EXIT_USAGE;
    }
    for (int v = 0; v < a->nv && !rc; v++)
      if (b->v[v] != a->v[v]) {
        errorf("%s holds variant %s where %s holds %s", paths[i], b->v[v]->name, paths[0], a->v[v]->name);
        rc = EXIT_USAGE;
      }
    for (int k = 0; k < b->ncov && !rc; k++) rg[nr++] = (struct cov_range){b->cov[k][0], b->cov[k][1], i};
  }
  if (!rc) rc = tile_check(rg, nr, paths);
  if (!rc) {
    struct run_info ri;
    memset(&ri, 0, sizeof ri);
    snprintf(ri.command, sizeof ri.command, "%s", g_command_line);
    ri.complete = 1;
    for (int i = 0; i < n; i++) ri.complete &= rs[i].complete;
    ri.from = rg[0].lo;
    ri.to = rg[nr - 1].hi;
    run_info_device(&ri, rs[0].backend, rs[0].device, rs[0].driver, rs[0].cc, rs[0].toolkit);
    for (int i = 1; i < n; i++)
      for (int v = 0; v < rs[0].nv; v++) ff_stats_merge(&rs[0].st[v], &rs[i].st[v]);
    print_table(stdout, rs[0].v, rs[0].st, rs[0].nv, rs[0].nrandom, rs[0].seed);
    if (out && (rc = write_json(out, &ri, rs[0].v, rs[0].st, rs[0].nv, rs[0].nrandom, rs[0].seed, 0.0, err,
                                sizeof err)))
      errorf("%s", err);
  }
  free(rs);
  free(rg);
  return rc;
}

void ff_list(FILE *f) {
  ff_registry_init();
  fprintf(f, "\nfloat-float variants (families ff, eft, dw, sum2; flavours: plain = contraction off, also on the "
             "CPU;\n.fmad = nvcc's default contraction; .ftz = -ftz=true; GPU only):\n");
  for (int i = 0; i < FF_NOPS; i++) {
    const struct ff_variant *v = &ff_variants[i * FF_NFLAV];
    fprintf(f, "  %-24s %-5s bound %-14s %s\n", v->name, v->family, v->bound_u2 < 0 ? "none" : v->bound_text,
            v->description);
  }
}

/* ---- reading back ---- */
int ff_file_is_ff(const char *path) {
  char err[16];
  json_t *root;
  if (json_read_path(path, &root, err, sizeof err)) return 0; /* the binary32 reader will say why */
  json_t *k = json_object_get(root, "kind");
  int is = json_is_string(k) && !strcmp(json_string_value(k), "float-float");
  json_decref(root);
  return is;
}

static int get_u64(json_t *o, const char *k, uint64_t *out) {
  json_t *v = json_object_get(o, k);
  if (!json_is_integer(v) || json_integer_value(v) < 0) return -1;
  *out = (uint64_t)json_integer_value(v);
  return 0;
}

int ff_read_json(const char *path, struct ff_result *r, char *err, size_t errlen) {
  ff_registry_init();
  memset(r, 0, sizeof *r);
  json_t *root;
  int rc = json_read_path(path, &root, err, errlen);
  if (rc) return rc;
  rc = EXIT_CORRUPT;
  const char *field = "kind";
  json_t *k = json_object_get(root, "kind"), *res, *dom, *par;
  if (!json_is_string(k) || strcmp(json_string_value(k), "float-float")) goto bad;
  field = "version";
  if (!json_is_string(json_object_get(root, "version"))) goto bad;
  snprintf(r->version, sizeof r->version, "%s", json_string_value(json_object_get(root, "version")));
  if (json_is_string(json_object_get(root, "command")))
    snprintf(r->command, sizeof r->command, "%s", json_string_value(json_object_get(root, "command")));
  if (json_is_string(json_object_get(root, "date")))
    snprintf(r->date, sizeof r->date, "%s", json_string_value(json_object_get(root, "date")));
  if (json_is_string(json_object_get(root, "backend")))
    snprintf(r->backend, sizeof r->backend, "%s", json_string_value(json_object_get(root, "backend")));
  json_t *dev = json_object_get(root, "device");
  static const char *const dk[4] = {"name", "compute_capability", "driver", "toolkit"};
  char *const dv[4] = {r->device, r->cc, r->driver, r->toolkit};
  const size_t dn[4] = {sizeof r->device, sizeof r->cc, sizeof r->driver, sizeof r->toolkit};
  for (int i = 0; i < 4; i++)
    if (json_is_string(json_object_get(dev, dk[i])))
      snprintf(dv[i], dn[i], "%s", json_string_value(json_object_get(dev, dk[i])));
  field = "domain";
  dom = json_object_get(root, "domain");
  if (!json_is_string(json_object_get(dom, "from")) || parse_u32(json_string_value(json_object_get(dom, "from")), &r->from) ||
      !json_is_string(json_object_get(dom, "to")) || parse_u32(json_string_value(json_object_get(dom, "to")), &r->to))
    goto bad;
  /* what an interrupted run or a shard covered (files without it cover their domain) */
  field = "covered";
  json_t *comp = json_object_get(root, "complete"), *cov = json_object_get(root, "covered");
  r->complete = !comp || json_is_true(comp);
  if (!cov) r->cov[0][0] = r->from, r->cov[0][1] = r->to, r->ncov = 1;
  else if (!json_is_array(cov) || json_array_size(cov) == 0 || json_array_size(cov) > RESULT_MAXCOV) goto bad;
  for (size_t i = 0; cov && i < json_array_size(cov); i++) {
    json_t *e = json_array_get(cov, i);
    uint32_t lo, hi;
    if (!json_is_string(json_object_get(e, "from")) || parse_u32(json_string_value(json_object_get(e, "from")), &lo) ||
        !json_is_string(json_object_get(e, "to")) || parse_u32(json_string_value(json_object_get(e, "to")), &hi) ||
        lo > hi || lo < r->from || hi > r->to)
      goto bad;
    r->cov[i][0] = lo, r->cov[i][1] = hi, r->ncov++;
  }
  field = "partners";
  par = json_object_get(root, "partners");
  {
    uint64_t nr;
    if (get_u64(par, "random", &nr) || nr > 1000000 || !json_is_string(json_object_get(par, "seed"))) goto bad;
    r->nrandom = (uint32_t)nr;
    r->seed = strtoull(json_string_value(json_object_get(par, "seed")), NULL, 16);
  }
  field = "results";
  res = json_object_get(root, "results");
  if (!json_is_array(res) || json_array_size(res) == 0 || json_array_size(res) > FF_NVAR) goto bad;
  for (size_t i = 0; i < json_array_size(res); i++) {
    json_t *o = json_array_get(res, i);
    struct ff_stats *s = &r->st[i];
    ff_stats_init(s);
    field = "results[].name";
    const char *name = json_string_value(json_object_get(o, "name"));
    const struct ff_variant *v = NULL;
    for (int j = 0; name && j < FF_NVAR; j++)
      if (!strcmp(ff_variants[j].name, name)) v = &ff_variants[j];
    if (!v) goto bad;
    r->v[i] = v;
#define U(kk)                                                                                                         \
  field = "results[]." #kk;                                                                                          \
  if (get_u64(o, #kk, &s->kk)) goto bad;
    U(pairs) U(skipped) U(inexact) U(nonfinite) U(zero_exact) U(zero_mismatch) U(in_domain) U(exceeds)
    U(exceeds_in_domain) U(failures) U(not_cr) U(claim_mismatch) U(max_rel_key)
    field = "results[].max_rel_domain_key";
    if (get_u64(o, "max_rel_domain_key", &s->max_rel_d_key)) goto bad;
#undef U
    field = "results[].max_rel_hex";
    const char *hx = json_string_value(json_object_get(o, "max_rel_hex"));
    if (!hx) goto bad;
    s->max_rel = strtod(hx, NULL);
    hx = json_string_value(json_object_get(o, "max_rel_domain_hex"));
    field = "results[].max_rel_domain_hex";
    if (!hx) goto bad;
    s->max_rel_d = strtod(hx, NULL);
    field = "results[].hist_rel_u2";
    json_t *h = json_object_get(o, "hist_rel_u2");
    if (!json_is_array(h) || json_array_size(h) != FF_HIST) goto bad;
    for (int j = 0; j < FF_HIST; j++) {
      json_t *e = json_array_get(h, (size_t)j);
      if (!json_is_integer(e)) goto bad;
      s->hist[j] = (uint64_t)json_integer_value(e);
    }
    field = "results[].failure_classes";
    json_t *cl = json_object_get(o, "failure_classes");
    for (int c = 0; c < FFC_N; c++)
      if (get_u64(cl, ff_class_names[c], &s->cls[c])) goto bad;
    /* the failures of lowest key, which merge needs */
    field = "results[].first_failures";
    json_t *fl = json_object_get(o, "first_failures");
    if (!json_is_array(fl) || json_array_size(fl) > FF_LIST) goto bad;
    for (size_t j = 0; j < json_array_size(fl); j++) {
      json_t *e = json_array_get(fl, j);
      const char *cn = json_string_value(json_object_get(e, "class"));
      struct ff_fail f = {0, 0, 0, FFC_N, 0};
      uint64_t rh, rl;
      for (int c = 0; cn && c < FFC_N; c++)
        if (!strcmp(cn, ff_class_names[c])) f.cls = (uint32_t)c;
      if (get_u64(e, "key", &f.key) || get_u64(e, "rh", &rh) || get_u64(e, "rl", &rl) || rh > 0xffffffffu ||
          rl > 0xffffffffu || f.cls == FFC_N)
        goto bad;
      f.rh = (uint32_t)rh, f.rl = (uint32_t)rl;
      ff_list_insert(s, &f);
    }
    r->nv++;
  }
  json_decref(root);
  return 0;
bad:
  snprintf(err, errlen, "%s: missing or invalid field '%s' (not a float-float result of this ulpcert?)", path, field);
  json_decref(root);
  return rc;
}

/* ---- report ---- */
static void fmt_u2(char *b, size_t n, double rel) {
  if (rel < 0) snprintf(b, n, "-");
  else snprintf(b, n, "%.6g", rel * 0x1p48);
}

void ff_report_markdown(FILE *f, const struct ff_result *const *rs, int n) {
  fprintf(f, "| variant | flavour | pairs | inexact | non-finite | max rel (u²) | max rel in D (u²) | published bound | "
             "verdict (in D) | failures by class |\n");
  fprintf(f, "|---|---|---:|---:|---:|---:|---:|---|---|---|\n");
  for (int i = 0; i < n; i++)
    for (int j = 0; j < rs[i]->nv; j++) {
      const struct ff_variant *v = rs[i]->v[j];
      const struct ff_stats *s = &rs[i]->st[j];
      char a[32], b[32], cls[256] = "";
      fmt_u2(a, sizeof a, s->max_rel);
      fmt_u2(b, sizeof b, s->max_rel_d);
      size_t off = 0;
      for (int c = 0; c < FFC_N; c++)
        if (s->cls[c] && off < sizeof cls)
          off += (size_t)snprintf(cls + off, sizeof cls - off, "%s%s %llu", off ? ", " : "", ff_class_names[c],
                                  (unsigned long long)s->cls[c]);
      const char *verdict = ff_verdict(v, s);
      char vb[96];
      if (v->bound_u2 >= 0 && s->exceeds_in_domain)
        snprintf(vb, sizeof vb, "**exceeds** (%llu)", (unsigned long long)s->exceeds_in_domain);
      else
        snprintf(vb, sizeof vb, "%s", verdict);
      fprintf(f, "| `%s` | %s | %llu | %llu | %llu | %s | %s | %s | %s | %s |\n", v->base,
              v->flav == FF_PLAIN ? "plain" : ff_flavour_names[v->flav] + 1, (unsigned long long)s->pairs,
              (unsigned long long)s->inexact, (unsigned long long)s->nonfinite, a, b,
              v->bound_u2 < 0 ? "none" : v->bound_text, vb, cls[0] ? cls : "-");
    }
}
