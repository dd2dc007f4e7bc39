/* bench.c: `ulpcert bench`: per-stage timings, speed-up over the naive pass, scaling
 * with variants and threads. */
#include <jansson.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "reference/refcache.h"
#include "src/catalogue/registry.h"
#include "src/cmd/bench_arch.h"
#include "src/cmd/bench_expr.h"
#include "src/cmd/bench_multi.h"
#include "src/cmd/cmd.h"
#include "src/engine/options.h"
#include "src/common.h"
#include "src/engine/device.h"
#include "src/kinds/binary32/device/gpu.h"
#include "src/kinds/binary32/scan.h"

static void usage_bench(FILE *f) {
  fprintf(f,
          "usage: ulpcert bench [VARIANT|FAMILY...] [options]\n"
          "\n"
          "Times the scan of the given variants (default: the tanh family) and prints:\n"
          "  1. a cold run over [--from, --to]: no reference cache, the fast path (table built,\n"
          "     reference values on the device with the GPU backend),\n"
          "  2. the same without the fast path (--no-fast-path), building the reference cache,\n"
          "  3. that again with the cache warm,\n"
          "  4. the naive pass (MPFR for every input and every variant, no sharing, no\n"
          "     shortcuts) measured on --naive-inputs inputs spread evenly over the range,\n"
          "     extrapolated to the range, and its ratio to the cold run,\n"
          "  5. wall time with 1, 2, 4... variants (fast path, whole range),\n"
          "  6. wall time with 1, 2, 4, 8, 16 threads (no cache, no fast path) on\n"
          "     --scaling-inputs inputs from 0x3f000000 (all of them need MPFR),\n"
          "  7. with --references: a cold run (fast path, no cache) of one variant of each\n"
          "     reference named, over [--from, --to],\n"
          "  8. with --multi-gpu: whole families of any kind (pow, dw, ...) and the whole arch\n"
          "     record over [--from, --to] on 1, 2, 4, ... and every GPU of the host, with the\n"
          "     speed-up, the compute limit of the pow and dw families and a check that both\n"
          "     computed the same statistics,\n"
          "  9. with --expressions: whole processes of users' activation kernels against\n"
          "     references written as expressions, over [--from, --to],\n"
          "  10. with --arch-record or --arch-compare: an arch record (over [--from, --to]) or a\n"
          "     comparison with one, in parts, each part a whole process,\n"
          "with per-stage times (GPU kernels and copies, reference, reduction) and peak host and\n"
          "device memory.\n"
          "\n"
          "options: as `ulpcert run` (--backend --from --to --threads --chunk --json --quiet), and\n"
          "  --cache DIR             where the cold run builds its cache (default: a fresh temporary folder)\n"
          "  --naive-inputs N        sample size of the naive pass (default 2^20)\n"
          "  --scaling-inputs N      inputs of the thread-scaling runs (default 2^22)\n"
          "  --skip-scaling          only the cold, warm and naive measurements\n"
          "  --references all|R,R..  also time one variant of each of these references (7.)\n"
          "  --only-references       only 7.\n"
          "  --multi-gpu F,F..       8. for these families and 'record' (e.g. pow,dw,record)\n"
          "  --only-multi-gpu        only 8.\n"
          "  --expressions           only 9.: users' kernels against 34 references written as\n"
          "                          expressions, each a whole process (run --source --function --ref,\n"
          "                          cold), with its table's build time and how many reference values\n"
          "                          the table, the ball evaluator and the host's MPFR decided\n"
          "                          (docs/expressions.md)\n"
          "  --expr-limit S          with --expressions: stop a process after S seconds (SIGINT: it\n"
          "                          keeps what it decided) and mark its row cut (\"cut_at_s\")\n"
          "  --arch-record G/G..     only 10.: an arch record in parts, each group G of kinds (K,K..;\n"
          "                          groups separated by '/') a whole process `arch record --kinds G\n"
          "                          --no-cache` over [--from, --to], cold: its wall time, each kind's\n"
          "                          seconds, the sum of the parts (e.g. binary32/float-float/pair)\n"
          "  --arch-out DIR          keep the parts' records (and logs) in DIR: DIR/partN.json.gz\n"
          "  --arch-compare G/G..    only 10.: `arch compare BASELINE.. --kinds G`, a process per group\n"
          "  --arch-baseline FILE    a baseline of --arch-compare (repeat it for a record's parts)\n");
}

struct bench_args {
  uint64_t naive_n, scaling_n;
  int skip_scaling, only_refs, only_multi, exprs;
  double expr_limit; /* --expr-limit: seconds a process of --expressions may run (0: no limit) */
  const char *refs, *multi;
  const char *arch_record, *arch_compare, *arch_out;
  char arch_bases[8192]; /* the baselines, each quoted for the shell */
};

static int bench_extra(int c, const char *arg, void *p) {
  struct bench_args *b = p;
  uint64_t k;
  switch (c) {
  case 1001:
  case 1002:
    if (parse_count(arg, &k) || k > (1ull << 32)) {
      errorf("'%s' is not an input count", arg);
      return EXIT_USAGE;
    }
    if (c == 1001) b->naive_n = k;
    else b->scaling_n = k;
    return -1;
  case 1003: b->skip_scaling = 1; return -1;
  case 1004: b->refs = arg; return -1;
  case 1005: b->only_refs = 1; return -1;
  case 1006: b->multi = arg; return -1;
  case 1007: b->only_multi = 1; return -1;
  case 1008: b->exprs = 1; return -1;
  case 1013: {
    char *end;
    b->expr_limit = strtod(arg, &end);
    if (end == arg || *end || !(b->expr_limit >= 1 && b->expr_limit <= 86400)) {
      errorf("--expr-limit: '%s' is not a number of seconds in [1, 86400]", arg);
      return EXIT_USAGE;
    }
    return -1;
  }
  case 1009: b->arch_record = arg; return -1;
  case 1010: b->arch_compare = arg; return -1;
  case 1011: b->arch_out = arg; return -1;
  case 1012: {
    const size_t n = strlen(b->arch_bases);
    if (strchr(arg, '\'') || n + strlen(arg) + 4 >= sizeof b->arch_bases || access(arg, R_OK)) {
      errorf("--arch-baseline: cannot read '%s' (or a name with a quote)", arg);
      return EXIT_USAGE;
    }
    snprintf(b->arch_bases + n, sizeof b->arch_bases - n, "%s'%s'", n ? " " : "", arg);
    return -1;
  }
  default: return EXIT_USAGE;
  }
}

static double peak_rss_gib(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return (double)ru.ru_maxrss / (1024.0 * 1024.0);
}

static json_t *times_json(const char *what, const struct scan_times *t, uint64_t inputs, int nv) {
  return json_pack("{s:s, s:I, s:i, s:i, s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:I, s:s, s:f, s:I, s:I, s:b}",
                   "run", what, "inputs", (json_int_t)inputs, "variants", nv, "threads", t->threads, "wall_s",
                   t->wall, "gpu_kernel_s", t->gpu_kernel, "gpu_copy_s", t->gpu_copy, "eval_wait_s", t->eval,
                   "reference_s", t->reference, "reduce_s", t->reduce, "cache_io_s", t->cache_io, "inputs_per_s",
                   t->wall > 0 ? (double)inputs * nv / t->wall : 0.0, "mpfr_calls", (json_int_t)t->mpfr_calls,
                   "cache", t->cache ? t->cache : "off", "fast_build_s", t->fast_build, "fast_hits",
                   (json_int_t)t->fast_hits, "shortcut_hits", (json_int_t)t->shortcut_hits, "device_references",
                   t->device_refs);
}

static void print_times(const char *what, const struct scan_times *t, uint64_t inputs, int nv) {
  printf("| %-28s | %3d | %2d | %8.2f | %7.2f | %7.2f | %8.2f | %7.2f | %7.2f | %8.1f | %11llu |\n", what, nv,
         t->threads, t->wall, t->gpu_kernel, t->gpu_copy, t->reference, t->reduce, t->cache_io,
         t->wall > 0 ? (double)inputs * nv / t->wall * 1e-6 : 0.0, (unsigned long long)t->mpfr_calls);
  fflush(stdout);
}

static int scan_once(const struct variant **vs, int nv, struct scan_opts *o, struct scan_times *tm) {
  struct stats *st[SCAN_MAXV] = {0};
  char err[1024] = "";
  for (int i = 0; i < nv; i++)
    if (!(st[i] = malloc(sizeof(struct stats)))) {
      errorf("out of memory");
      return EXIT_IO;
    }
  int rc = scan_run(vs, nv, o, st, tm, err, sizeof err);
  if (rc) errorf("%s", err);
  for (int i = 0; i < nv; i++) free(st[i]);
  return rc;
}

/* The naive pass: one MPFR call per input and per variant, nothing shared,
 * no shortcut, on n inputs spread evenly over [from, to]. */
static double naive_pass(const struct reference *r, int nv, uint32_t from, uint32_t to, uint64_t n, int threads) {
  uint64_t span = (uint64_t)to - from + 1;
  if (n > span) n = span;
  double t0 = now_s();
  double sink = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1024) reduction(+ : sink)
  for (uint64_t i = 0; i < n; i++) {
    uint32_t x = from + (uint32_t)(i * span / n);
    if ((x & 0x7fffffffu) > 0x7f800000u) continue; /* NaN: no MPFR call */
    for (int v = 0; v < nv; v++) {
      double y;
      int t;
      ref_mpfr(r, x, &y, &t);
      sink += (double)t;
    }
  }
  double dt = now_s() - t0;
#pragma omp parallel num_threads(threads)
  ref_thread_cleanup();
  (void)sink;
  return dt;
}

/* The variants to time: of one reference, those the backend runs (default: tanh). 0 or an
 * exit code. */
static int bench_variants(int nnames, char **names, int gpu, const struct variant **vs, int *nv) {
  *nv = 0;
  for (int i = 0; i < nnames; i++) {
    int r = variant_resolve(names[i], gpu, vs, SCAN_MAXV, nv);
    if (r < 0) {
      const char *near = name_suggest(names[i]);
      if (near) errorf("unknown variant or family '%s': did you mean %s? ('ulpcert list' lists them all)", names[i], near);
      else errorf("unknown variant or family '%s' (families: %s)", names[i], family_names());
      return EXIT_USAGE;
    }
    if (r == 0 && !variant_find(names[i])) {
      errorf("'%s' has nothing the %s backend can run (see 'ulpcert list')", names[i], gpu ? "gpu" : "cpu");
      return EXIT_USAGE;
    }
  }
  for (int i = 1; i < *nv; i++)
    if (vs[i]->ref != vs[0]->ref) {
      errorf("bench takes variants of one reference function");
      return EXIT_USAGE;
    }
  if (!*nv) {
    errorf("nothing the %s backend can run", gpu ? "gpu" : "cpu");
    return EXIT_USAGE;
  }
  return 0;
}

struct bench {
  const struct variant *vs[SCAN_MAXV];
  int nv, threads;
  struct scan_opts o;
  uint64_t span;
  json_t *runs, *naive, *scal_v, *scal_t, *refs, *multi, *exprs, *arch;
  char dev[400], cpu[256];
};

/* 1. cold (fast path, no cache), 2. cold without the fast path (cache built), 3. warm,
 * 4. the naive pass. */
static int bench_main(struct bench *b, const struct bench_args *ba) {
  struct scan_times fast, cold, warm;
  struct scan_opts of = b->o, on = b->o;
  of.cache_dir = NULL;
  on.no_fast = 1;
  int rc = scan_once(b->vs, b->nv, &of, &fast);
  if (rc) return rc;
  print_times("cold, fast path", &fast, b->span, b->nv);
  json_array_append_new(b->runs, times_json("cold, fast path", &fast, b->span, b->nv));
  if ((rc = scan_once(b->vs, b->nv, &on, &cold))) return rc;
  print_times("cold, no fast path", &cold, b->span, b->nv);
  json_array_append_new(b->runs, times_json("cold, no fast path", &cold, b->span, b->nv));
  if ((rc = scan_once(b->vs, b->nv, &on, &warm))) return rc;
  print_times("warm cache, no fast path", &warm, b->span, b->nv);
  json_array_append_new(b->runs, times_json("warm cache, no fast path", &warm, b->span, b->nv));
  uint64_t nn = ba->naive_n < b->span ? ba->naive_n : b->span;
  double tn = naive_pass(b->vs[0]->ref, b->nv, b->o.from, b->o.to, nn, b->threads);
  double naive_full = tn * (double)b->span / (double)nn;
  printf("\nnaive pass: %llu inputs x %d variants in %.3f s (%.3f us per MPFR call per thread);\n"
         "extrapolated to the range: %.1f s, i.e. %.1fx the cold run with the fast path, %.1fx the cold\n"
         "run without it and %.1fx the warm run\n\n",
         (unsigned long long)nn, b->nv, tn, tn * b->threads / ((double)nn * b->nv) * 1e6, naive_full,
         naive_full / fast.wall, naive_full / cold.wall, naive_full / warm.wall);
  b->naive = json_pack("{s:I, s:i, s:f, s:f, s:f, s:f, s:f}", "sample_inputs", (json_int_t)nn, "variants", b->nv,
                       "sample_s", tn, "extrapolated_s", naive_full, "ratio_to_fast", naive_full / fast.wall,
                       "ratio_to_cold", naive_full / cold.wall, "ratio_to_warm", naive_full / warm.wall);
  return 0;
}

/* 5. scaling with variants (fast path), 6. with threads (no cache, no fast path: every
 * input needs MPFR). */
static int bench_scaling(struct bench *b, const struct bench_args *ba) {
  struct scan_times tm;
  int rc;
  struct scan_opts of = b->o;
  of.cache_dir = NULL;
  for (int k = 1;; k = 2 * k < b->nv ? 2 * k : b->nv) {
    if ((rc = scan_once(b->vs, k, &of, &tm))) return rc;
    char what[64];
    snprintf(what, sizeof what, "fast path, %d variant%s", k, k > 1 ? "s" : "");
    print_times(what, &tm, b->span, k);
    json_array_append_new(b->scal_v, times_json(what, &tm, b->span, k));
    if (k == b->nv) break;
  }
  struct scan_opts ot = b->o;
  ot.cache_dir = NULL;
  ot.no_fast = 1;
  ot.from = 0x3f000000u;
  ot.to = (uint32_t)(0x3f000000ull + ba->scaling_n - 1);
  for (int th = 1; th <= 16; th *= 2) {
    ot.threads = th;
    if ((rc = scan_once(b->vs, b->nv, &ot, &tm))) return rc;
    char what[64];
    snprintf(what, sizeof what, "MPFR only, %llu inputs", (unsigned long long)ba->scaling_n);
    print_times(what, &tm, ba->scaling_n, b->nv);
    json_array_append_new(b->scal_t, times_json(what, &tm, ba->scaling_n, b->nv));
  }
  return 0;
}

/* 7. one variant of each named reference (the first of the catalogue the backend runs),
 * cold with the fast path. */
static int bench_references(struct bench *b, const char *list, int gpu) {
  printf("\n| %-14s | %-16s | %8s | %8s | %12s | %12s | %11s |\n", "reference", "variant", "wall s", "table s",
         "by shortcut", "by table", "MPFR calls");
  printf("| --- | --- | --- | --- | --- | --- | --- |\n");
  for (int i = 0; i < n_references; i++) {
    const struct reference *r = &ref_table[i];
    if (strcmp(list, "all") != 0) {
      size_t n = strlen(r->name);
      const char *p = strstr(list, r->name);
      while (p && !((p == list || p[-1] == ',') && (p[n] == 0 || p[n] == ','))) p = strstr(p + 1, r->name);
      if (!p) continue;
    }
    const struct variant *v = NULL;
    for (int k = 0; k < n_variants && !v; k++)
      if (variants[k].ref == r && variant_has_backend(&variants[k], gpu)) v = &variants[k];
    if (!v) continue;
    struct scan_opts o = b->o;
    o.cache_dir = NULL;
    struct scan_times tm;
    int rc = scan_once(&v, 1, &o, &tm);
    if (rc) return rc;
    printf("| %-14s | %-16s | %8.2f | %8.2f | %12llu | %12llu | %11llu |\n", r->name, v->name, tm.wall,
           tm.fast_build, (unsigned long long)tm.shortcut_hits, (unsigned long long)tm.fast_hits,
           (unsigned long long)tm.mpfr_calls);
    fflush(stdout);
    json_t *j = times_json(r->name, &tm, b->span, 1);
    json_object_set_new(j, "variant", json_string(v->name));
    json_array_append_new(b->refs, j);
  }
  return 0;
}

static int bench_json(struct bench *b, const char *path, int gpu, double rss) {
  json_t *root = json_object();
  json_object_set_new(root, "tool", json_string("ulpcert"));
  json_object_set_new(root, "version", json_string(ULPCERT_VERSION));
  json_object_set_new(root, "command", json_string(g_command_line));
  json_object_set_new(root, "backend", json_string(gpu ? "gpu" : "cpu"));
  json_object_set_new(root, "device", json_string(b->dev));
  json_object_set_new(root, "host", json_pack("{s:s, s:i}", "cpu", b->cpu, "threads", b->threads));
  json_object_set_new(root, "build", json_string(gpu_build_info()));
  json_object_set_new(root, "runs", json_incref(b->runs));
  json_object_set_new(root, "naive", json_incref(b->naive));
  json_object_set_new(root, "scaling_variants", json_incref(b->scal_v));
  json_object_set_new(root, "scaling_threads", json_incref(b->scal_t));
  json_object_set_new(root, "references", json_incref(b->refs));
  json_object_set_new(root, "multi_gpu", json_incref(b->multi));
  if (b->exprs) json_object_set_new(root, "expressions", json_incref(b->exprs));
  if (b->arch) json_object_set_new(root, "arch", json_incref(b->arch));
  json_object_set_new(root, "peak_rss_gib", json_real(rss));
  json_object_set_new(root, "peak_device_gib", json_real((double)gpu_peak_device_bytes() / (1u << 30)));
  char *s = json_dumps(root, JSON_INDENT(1) | JSON_REAL_PRECISION(6));
  json_decref(root);
  FILE *f = fopen(path, "w");
  int bad = !s || !f || fputs(s, f) < 0;
  if (f) bad |= fclose(f) != 0;
  free(s);
  if (bad) {
    errorf("cannot write %s", path);
    return EXIT_IO;
  }
  return 0;
}

static void bench_header(struct bench *b, const struct scan_cli *sc, const struct run_info *ri, const char *alone) {
  if (sc->backend)
    snprintf(b->dev, sizeof b->dev, "%s (sm_%d%d), driver %s", ri->ginfo.name, ri->ginfo.cc_major, ri->ginfo.cc_minor,
             ri->ginfo.driver_release);
  else host_cpu_name(b->dev, sizeof b->dev);
  host_cpu_name(b->cpu, sizeof b->cpu);
  printf("ulpcert %s bench: backend %s, %s; host %s, %d threads\ncommand: %s\n%s\n", ULPCERT_VERSION,
         sc->backend ? "gpu" : "cpu", b->dev, b->cpu, b->threads, g_command_line, gpu_build_info());
  if (alone) {
    printf("%s; inputs 0x%08x..0x%08x (%llu)\n", alone, b->o.from, b->o.to, (unsigned long long)b->span);
    return;
  }
  printf("variants:");
  for (int i = 0; i < b->nv; i++) printf(" %s", b->vs[i]->name);
  printf("; inputs 0x%08x..0x%08x (%llu); chunk %u\n\n", b->o.from, b->o.to, (unsigned long long)b->span, b->o.chunk);
  printf("| %-28s | %3s | %2s | %8s | %7s | %7s | %8s | %7s | %7s | %8s | %11s |\n", "run", "nv", "th", "wall s",
         "kern s", "xfer s", "ref s", "red s", "cache s", "Minp/s", "MPFR calls");
  printf("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
}

/* 10.: the arch record or compare in parts, each a process of its own */
static int bench_arch_step(struct bench *b, const struct scan_cli *sc, const struct bench_args *ba) {
  char extra[256];
  int k = snprintf(extra, sizeof extra, "--backend %s", sc->backend ? "gpu" : "cpu");
  if (ba->arch_record) k += snprintf(extra + k, sizeof extra - k, " --from 0x%08x --to 0x%08x", b->o.from, b->o.to);
  if (b->o.threads > 0) k += snprintf(extra + k, sizeof extra - k, " --threads %d", b->o.threads);
  for (int i = 0; i < sc->o.ndevices && k < (int)sizeof extra - 8; i++)
    k += snprintf(extra + k, sizeof extra - k, "%s%d", i ? "," : " --devices ", sc->o.devices[i]);
  const struct bench_arch_cfg ac = {ba->arch_record ? ba->arch_record : ba->arch_compare, extra, ba->arch_bases,
                                    ba->arch_out, ba->arch_compare != NULL};
  b->arch = json_array();
  return bench_arch(&ac, b->arch);
}

/* 9.: users' kernels against expressions, each a process of its own */
static int bench_exprs_step(struct bench *b, const struct scan_cli *sc, const struct bench_args *ba, int *differ) {
  char extra[256];
  int k = snprintf(extra, sizeof extra, "--backend %s --from 0x%08x --to 0x%08x", sc->backend ? "gpu" : "cpu",
                   b->o.from, b->o.to);
  if (b->o.threads > 0) snprintf(extra + k, sizeof extra - k, " --threads %d", b->o.threads);
  return bench_expressions(sc->backend, extra, ba->expr_limit, &b->exprs, differ);
}

int cmd_bench(int argc, char **argv) {
  struct scan_cli sc;
  struct bench_args ba = {.naive_n = 1u << 20, .scaling_n = 1u << 22};
  static const struct option more[] = {{"naive-inputs", required_argument, 0, 1001},
                                       {"scaling-inputs", required_argument, 0, 1002},
                                       {"skip-scaling", no_argument, 0, 1003},
                                       {"references", required_argument, 0, 1004},
                                       {"only-references", no_argument, 0, 1005},
                                       {"multi-gpu", required_argument, 0, 1006},
                                       {"only-multi-gpu", no_argument, 0, 1007},
                                       {"expressions", no_argument, 0, 1008},
                                       {"arch-record", required_argument, 0, 1009},
                                       {"arch-compare", required_argument, 0, 1010},
                                       {"arch-out", required_argument, 0, 1011},
                                       {"arch-baseline", required_argument, 0, 1012},
                                       {"expr-limit", required_argument, 0, 1013},
                                       {0, 0, 0, 0}};
  int explicit_cache = 0;
  for (int i = 1; i < argc; i++) explicit_cache |= !strncmp(argv[i], "--cache", 7);
  int rc = parse_scan_options(argc, argv, &sc, bench_extra, &ba, more, usage_bench);
  if (rc >= 0) return rc;
  static struct bench b;
  struct run_info ri;
  run_info_init(&ri, 0, NULL);
  char *defname[] = {"tanh"};
  char **names = optind < argc ? argv + optind : defname;
  int nnames = optind < argc ? argc - optind : 1;
  if ((rc = bench_variants(nnames, names, 0, b.vs, &b.nv))) return rc;
  if ((rc = choose_backend(&sc, &ri)) >= 0) return rc;
  if ((rc = bench_variants(nnames, names, sc.backend, b.vs, &b.nv))) return rc;
  char tmpdir[] = "/tmp/ulpcert-bench-XXXXXX";
  const char *cache_dir = sc.cache_dir;
  if (!explicit_cache && !(cache_dir = mkdtemp(tmpdir))) {
    errorf("cannot create a temporary cache folder");
    return EXIT_IO;
  }
  b.o = sc.o;
  b.o.progress = 0;
  b.threads = b.o.threads > 0 ? b.o.threads : omp_get_num_procs();
  b.span = (uint64_t)b.o.to - b.o.from + 1;
  b.runs = json_array(), b.scal_v = json_array(), b.scal_t = json_array(), b.refs = json_array();
  b.multi = json_array();
  if (ba.only_multi && !ba.multi) {
    errorf("--only-multi-gpu needs --multi-gpu F,F..");
    return EXIT_USAGE;
  }
  if ((ba.arch_compare != NULL) != (ba.arch_bases[0] != 0) || (ba.arch_out && !ba.arch_record) ||
      (ba.arch_record && ba.arch_compare)) {
    errorf("--arch-compare takes --arch-baseline FILE (and --arch-baseline --arch-compare), --arch-out takes "
           "--arch-record; one of --arch-record and --arch-compare");
    return EXIT_USAGE;
  }
  const int arch = ba.arch_record || ba.arch_compare;
  ba.only_refs |= ba.only_multi || arch; /* 1. to 6. left out */
  if (arch) ba.multi = NULL, ba.refs = NULL, ba.exprs = 0;
  bench_header(&b, &sc, &ri,
               ba.exprs ? "users' kernels against expressions"
               : ba.arch_record ? "arch record in parts"
               : arch ? "arch compare in parts (the baselines' ranges)" : NULL);
  char p[4200];
  snprintf(p, sizeof p, "%s/%s.ulpref", cache_dir, b.vs[0]->ref->name);
  unlink(p); /* the cold run starts without the cache */
  b.o.cache_dir = cache_dir;
  if (!ba.only_refs && !ba.exprs) rc = bench_main(&b, &ba);
  if (!rc && !ba.skip_scaling && !ba.only_refs && !ba.exprs) rc = bench_scaling(&b, &ba);
  if (!rc && ba.refs && !ba.only_multi) rc = bench_references(&b, ba.refs, sc.backend);
  /* (on the CPU backend both rows run on the CPU: a check of the rows themselves) */
  if (!rc && ba.multi)
    rc = bench_multi(ba.multi, &sc, sc.backend && ri.ginfo.device_count > 0 ? ri.ginfo.device_count : 1, b.multi);
  if (!rc && arch) rc = bench_arch_step(&b, &sc, &ba);
  int differ = 0;
  if (!rc && ba.exprs) rc = bench_exprs_step(&b, &sc, &ba, &differ);
  double rss = peak_rss_gib();
  if (!rc)
    printf("\npeak host memory (max RSS): %.2f GiB; peak device memory in use: %.2f GiB\n", rss,
           (double)gpu_peak_device_bytes() / (1u << 30));
  if (!explicit_cache) unlink(p), rmdir(cache_dir);
  /* a failed expression process leaves its row marked: the figures of the others are kept */
  const int failed_rows = rc == EXIT_FAIL && b.exprs && json_array_size(b.exprs) > 0;
  if ((!rc || failed_rows) && sc.json) {
    const int jrc = bench_json(&b, sc.json, sc.backend, rss);
    if (jrc) rc = jrc;
  }
  if (!rc && differ) rc = EXIT_FAIL; /* a written-out form is not its named reference */
  json_decref(b.runs), json_decref(b.naive), json_decref(b.scal_v), json_decref(b.scal_t), json_decref(b.refs);
  json_decref(b.multi), json_decref(b.exprs), json_decref(b.arch);
  return rc;
}
