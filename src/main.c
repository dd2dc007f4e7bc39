/* main.c: the command line. Each subcommand parses its own options (getopt_long)
 * and answers --help. */
#include <errno.h>
#include <getopt.h>
#include <mpfr.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/reference/refcache.h"
#include "src/cmd/arch.h"
#include "src/engine/options.h"
#include "src/kinds/ff/ff.h"
#include "src/kinds/half/half.h"
#include "src/engine/par.h"
#include "src/common.h"
#include "src/engine/gpu.h"
#include "src/catalogue/registry.h"
#include "src/kinds/binary32/result.h"
#include "src/engine/scan.h"

static void usage_main(FILE *f) {
  fprintf(f,
          "usage: ulpcert COMMAND [OPTIONS]\n"
          "\n"
          "Exhaustive verification of binary32 math functions against correctly rounded\n"
          "MPFR references, on the GPU (CUDA) or the CPU.\n"
          "\n"
          "commands:\n"
          "  list            the variants, their family, backends, reference and claimed bounds\n"
          "  run NAME...     evaluate variants or families over a range of inputs and reduce the errors\n"
          "  bench           per-stage timings, speed-up over the naive pass, scaling\n"
          "  refcheck NAME   compare a reference's proved shortcuts with MPFR over a range\n"
          "  merge FILE...   combine results of disjoint ranges (shards) into one\n"
          "  selftest        mutants with planted defects through the real engine\n"
          "  report FILE...  accuracy tables (Markdown, CSV) and gnuplot plots from results\n"
          "  certify FILE... check (and --update) 'maxulperr = X' claims in source comments\n"
          "  arch record     record what this GPU computes (digests, error statistics)\n"
          "  arch compare F  compare this GPU with a record: identical, or where it differs\n"
          "\n"
          "  ulpcert COMMAND --help    options of a command\n"
          "  ulpcert --version         version, toolkit and GPU architectures in this binary\n"
          "\n"
          "exit codes: 0 ok, 1 verification failed, 2 usage, 3 no GPU or CUDA error,\n"
          "            4 I/O error, 5 corrupt file, 6 missing dependency, 130 interrupted\n");
}

static int cmd_list(int argc, char **argv) {
  static const struct option opts[] = {{"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
    if (c == 'h') {
      printf("usage: ulpcert list\n\nLists every variant: name, family, backends, reference, claimed bounds\n"
             "(max ulp, max relative error, max absolute error over a range of x), the kind of\n"
             "claim (measured, documented, proved) and its source, and the documented bounds that\n"
             "hold on part of the inputs or grow with |x| (README, Definitions: bound clauses).\nA family name selects all of its variants in `ulpcert run`.\n");
      return EXIT_OK;
    }
    return EXIT_USAGE;
  }
  if (optind < argc) {
    errorf("list takes no arguments (got '%s')", argv[optind]);
    return EXIT_USAGE;
  }
  printf("%-16s %-6s %-8s %-6s %s\n", "variant", "family", "backends", "ref", "description");
  for (int i = 0; i < n_variants; i++) {
    const struct variant *v = &variants[i];
    char be[16];
    snprintf(be, sizeof be, "%s%s%s", v->gpu_fn != GPU_NONE ? "gpu" : "", v->gpu_fn != GPU_NONE && v->host_fn ? "," : "",
             v->host_fn ? "cpu" : "");
    printf("%-16s %-6s %-8s %-6s %s\n", v->name, v->family, be, v->ref_name, v->description);
    const struct claim *cl[2] = {&v->claim, &v->doc};
    for (int k = 0; k < 2; k++) {
      if (!cl[k]->max_ulp && !cl[k]->max_rel && !cl[k]->max_abs) continue;
      char ab[160] = "";
      if (cl[k]->max_abs)
        snprintf(ab, sizeof ab, "%s%s abs over x in [%.9g, %.9g]", cl[k]->max_ulp || cl[k]->max_rel ? ", " : "",
                 cl[k]->max_abs, v->abs_lo, v->abs_hi);
      printf("%-16s   %s, %s: %s%s%s%s%s%s (%s)\n", "", k ? "documented" : "claimed", claim_kind_name(cl[k]->kind),
             cl[k]->max_ulp ? cl[k]->max_ulp : "",
             cl[k]->max_ulp ? " ulp" : "", cl[k]->max_ulp && cl[k]->max_rel ? ", " : "",
             cl[k]->max_rel ? cl[k]->max_rel : "", cl[k]->max_rel ? " rel" : "", ab, cl[k]->source);
    }
    for (int k = 0; k < v->n_clauses; k++)
      printf("%-16s   documented: %s (%s)\n", "", v->clause_text[k], v->clause_source[k]);
  }
  ff_list(stdout);
  half_list(stdout);
  return EXIT_OK;
}

static void usage_run(FILE *f) {
  fprintf(f,
          "usage: ulpcert run VARIANT|FAMILY... [options]\n"
          "\n"
          "Evaluates every input bit pattern in [--from, --to] through each variant, compares\n"
          "each output with the correctly rounded MPFR reference, and prints per variant: max\n"
          "ulp error and where, max relative error, correctly rounded / faithful counts,\n"
          "non-finite, flushed and special-value mismatches, symmetry and monotonicity\n"
          "violations, and the verdict against the claimed bound.\n"
          "\n"
          "options:\n"
          "  --backend gpu|cpu  where variants run (default: gpu if a usable GPU is present)\n"
          "  --from 0xHHHHHHHH  first input bit pattern (default 0x00000000)\n"
          "  --to 0xHHHHHHHH    last input bit pattern, inclusive (default 0xffffffff)\n"
          "  --threads N        host threads (default: all cores)\n"
          "  --chunk N          magnitudes per chunk, power of two (default 2^22); results do not depend on it\n"
          "  --json FILE        write the results as JSON (atomically; gzip when FILE ends in .gz)\n"
          "  --cache DIR        reference cache folder (default $ULPCERT_CACHE or ~/.cache/ulpcert)\n"
          "  --no-cache         neither read nor write the reference cache\n"
          "  --devices all|0,1  GPU backend: the devices to use (default all visible); chunks go\n"
          "                     to them in turn, results are identical to one device\n"
          "  --reduce gpu|host  GPU backend: where the common path of the error reduction runs\n"
          "                     (default gpu; both give identical results, host is the reference)\n"
          "  --quiet            no notices or progress bar\n"
          "  --shard K/N        run slice K (0-based) of N slices of the range, balanced by cost;\n"
          "                     combine the slices' JSON files with `ulpcert merge`\n"
          "  --resume FILE      continue an interrupted run (its partial JSON, same command)\n"
          "  --source FILE --function NAME --ref REF\n"
          "                     evaluate the user function NAME of FILE (float NAME(float); CUDA C\n"
          "                     through NVRTC on the GPU, C through $ULPCERT_CC on the CPU) against\n"
          "                     reference REF, instead of named variants\n"
          "  --help             this text\n"
          "\n"
          "Float-float variants (families ff, eft, dw, sum2; see `ulpcert list`) run over every\n"
          "high word of the first operand in [--from, --to] and a partner set for the second:\n"
          "  --partners N       seeded random partners besides the 23 adversarial ones (default 9)\n"
          "  --seed S           seed of the low words and random partners (default 1; recorded)\n"
          "They are checked exactly (no reference rounding) and report inexact counts, max\n"
          "relative error in u^2 = 2^-48 and the verdict against the published bound; exit\n"
          "status 1 when a bound is exceeded in its hypothesis domain. Float-float and binary32\n"
          "function variants are run by separate commands. --shard (slices of equal numbers of\n"
          "high words), --resume, merge and interruption work as for binary32 variants; --chunk\n"
          "counts high words, every variant completing a chunk before the next one starts (on\n"
          "the GPU at least 2^26), and an interruption keeps the chunks done. --source does\n"
          "not apply.\n"
          "\n"
          "Half-precision variants (family half: tanh.approx.f16/.bf16, ex2.approx.f16,\n"
          "ex2.approx.ftz.bf16) run on the GPU over all 2^16 inputs of their format, in a\n"
          "command of their own; exit status 1 when a documented bound is exceeded over all\n"
          "inputs (the verdict over normal results is printed too). No range, shard or resume.\n"
          "\n"
          "SIGINT or SIGTERM stops after the current chunk; with --json the partial result is\n"
          "written with \"complete\": false and the covered ranges, for --resume.\n");
}

struct run_extra {
  const char *resume;
  int shard_k, shard_n;
  const char *source, *function, *ref;
  uint32_t partners;
  uint64_t seed;
  int seed_given;
};

static int run_extra_opt(int c, const char *arg, void *p) {
  struct run_extra *x = p;
  if (c == 2001) {
    x->resume = arg;
    return -1;
  }
  if (c == 2002) {
    int k, n;
    char tail;
    if (sscanf(arg, "%d/%d%c", &k, &n, &tail) != 2 || n < 1 || n > 65536 || k < 0 || k >= n) {
      errorf("--shard: '%s' is not K/N with 0 <= K < N", arg);
      return EXIT_USAGE;
    }
    x->shard_k = k, x->shard_n = n;
    return -1;
  }
  if (c == 2003) { x->source = arg; return -1; }
  if (c == 2004) { x->function = arg; return -1; }
  if (c == 2005) { x->ref = arg; return -1; }
  if (c == 2006 || c == 2007) {
    uint64_t k;
    if (parse_count(arg, &k) || (c == 2006 && k > 4096)) {
      errorf("--%s: '%s' is not %s", c == 2006 ? "partners" : "seed", arg,
             c == 2006 ? "a count from 0 to 4096" : "an unsigned integer");
      return EXIT_USAGE;
    }
    if (c == 2006) x->partners = (uint32_t)k;
    else x->seed = k, x->seed_given = 1;
    return -1;
  }
  return EXIT_USAGE;
}

static void on_signal(int sig) {
  (void)sig;
  g_scan_stop = 1;
}

static int cmd_run(int argc, char **argv, int full_argc, char **full_argv) {
  struct scan_cli sc;
  struct run_extra rx = {NULL, 0, 0, NULL, NULL, NULL, 9, 1, 0};
  static const struct option more[] = {{"resume", required_argument, 0, 2001},
                                       {"shard", required_argument, 0, 2002},
                                       {"source", required_argument, 0, 2003},
                                       {"function", required_argument, 0, 2004},
                                       {"ref", required_argument, 0, 2005},
                                       {"partners", required_argument, 0, 2006},
                                       {"seed", required_argument, 0, 2007},
                                       {0, 0, 0, 0}};
  int rc = parse_scan_options(argc, argv, &sc, run_extra_opt, &rx, more, usage_run);
  if (rc >= 0) return rc;
  /* float-float names go to their own engine */
  int nff = 0;
  for (int i = optind; i < argc; i++) nff += ff_is_name(argv[i]);
  if (nff && nff < argc - optind) {
    errorf("float-float variants (ff, eft, dw, sum2) and binary32 function variants run in separate commands");
    return EXIT_USAGE;
  }
  int nhalf = 0;
  for (int i = optind; i < argc; i++) nhalf += half_is_name(argv[i]);
  if (nhalf) {
    if (nhalf < argc - optind) {
      errorf("half-precision variants (family half) and other variants run in separate commands");
      return EXIT_USAGE;
    }
    if (rx.resume || rx.shard_n || rx.source) {
      errorf("--resume, --shard and --source do not apply to half-precision variants (2^16 inputs each)");
      return EXIT_USAGE;
    }
    return half_run(argc, argv, optind, &sc);
  }
  if (rx.resume && rx.shard_n) {
    errorf("--resume and --shard do not go together (resume the shard's own file)");
    return EXIT_USAGE;
  }
  if (nff) {
    if (rx.source) {
      errorf("--source does not apply to float-float variants");
      return EXIT_USAGE;
    }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    const struct ff_opts fo = {rx.partners, rx.seed, rx.seed_given, rx.shard_k, rx.shard_n, rx.resume};
    return ff_run(argc, argv, optind, &sc, &fo);
  }
  static struct variant user_v;
  static char user_name[256];
  if (rx.source || rx.function) {
    if (!rx.source || !rx.function || !rx.ref || optind < argc) {
      errorf("--source FILE --function NAME --ref REF go together, without variant names");
      return EXIT_USAGE;
    }
    const struct reference *ref = ref_find(rx.ref);
    if (!ref) {
      errorf("unknown reference '%s' (known: %s)", rx.ref, ref_names());
      return EXIT_USAGE;
    }
    struct run_info tmp;
    memset(&tmp, 0, sizeof tmp);
    if ((rc = choose_backend(&sc, &tmp)) >= 0) return rc;
    char log[16384];
    const char *names[1] = {rx.function};
    const struct reference *refs[1] = {ref};
    rc = user_variants(rx.source, 1, names, refs, sc.backend, &tmp.ginfo, &user_v, &user_name, log, sizeof log);
    if (rc) {
      errorf("%s: cannot compile %s for the %s backend:\n%s", rx.source, rx.function, sc.backend ? "gpu" : "cpu", log);
      return rc;
    }
    user_v.name = user_name;
    sc.backend = tmp.gpu;
  }
  if (optind >= argc && !rx.source) {
    errorf("run needs at least one variant or family (see 'ulpcert list')");
    return EXIT_USAGE;
  }
  const int ranks = par_size(), rank = par_rank();
  if (ranks > 1 && (rx.resume || rx.shard_n)) {
    errorf("under MPI the ranks split the range themselves: no --shard or --resume");
    return EXIT_USAGE;
  }
  if (rank > 0) g_quiet = 1;
  struct run_info ri;
  run_info_init(&ri, full_argc, full_argv);
  snprintf(ri.command, sizeof ri.command, "%s", g_command_line);
  ri.from = sc.o.from;
  ri.to = sc.o.to;
  /* names are checked before the GPU is probed, so that typos fail fast */
  const struct variant *vs[SCAN_MAXV];
  int nv = 0;
  for (int i = optind; i < argc && !rx.source; i++)
    if (variant_resolve(argv[i], 0, vs, SCAN_MAXV, &nv) < 0) {
      errorf("unknown variant or family '%s' (see 'ulpcert list')", argv[i]);
      return EXIT_USAGE;
    }
  struct result_file prev;
  memset(&prev, 0, sizeof prev);
  char err[1024];
  if (rx.resume && (rc = result_read_json(rx.resume, &prev, err, sizeof err))) {
    errorf("--resume: %s", err);
    return rc;
  }
  if ((rc = choose_backend(&sc, &ri)) >= 0) goto done_prev;
  if (rx.source) vs[0] = &user_v, nv = 1;
  else if ((rc = resolve_names(argc - optind, argv + optind, sc.backend, vs, &nv)) >= 0) goto done_prev;
  rc = 0;
  int ngroups = 0;
  for (int i = 0; i < nv; i++) {
    int seen = 0;
    for (int j = 0; j < i; j++) seen |= vs[j]->ref == vs[i]->ref;
    ngroups += !seen;
  }
  /* the ranges to scan */
  uint32_t todo[RESULT_MAXCOV][2];
  int ntodo = 1;
  todo[0][0] = sc.o.from, todo[0][1] = sc.o.to;
  if (rx.shard_n) {
    if (shard_range(vs[0]->ref, sc.o.from, sc.o.to, rx.shard_k, rx.shard_n, &todo[0][0], &todo[0][1])) {
      errorf("--shard %d/%d: the range has too few inputs for %d shards", rx.shard_k, rx.shard_n, rx.shard_n);
      rc = EXIT_USAGE;
      goto done_prev;
    }
    ri.from = todo[0][0], ri.to = todo[0][1];
    noticef("shard %d/%d: inputs 0x%08x..0x%08x", rx.shard_k, rx.shard_n, todo[0][0], todo[0][1]);
  }
  if (ranks > 1) { /* MPI: this rank's slice, balanced by cost; rank 0 merges */
    if (shard_range(vs[0]->ref, sc.o.from, sc.o.to, rank, ranks, &todo[0][0], &todo[0][1])) ntodo = 0;
  }
  if (rx.resume) {
    if (strcmp(prev.version, ULPCERT_VERSION) || prev.from != sc.o.from || prev.to != sc.o.to || prev.nv != nv) {
      errorf("--resume: %s is not a run of this command (version %s, inputs 0x%08x..0x%08x, %d variants)",
             rx.resume, prev.version, prev.from, prev.to, prev.nv);
      rc = EXIT_USAGE;
      goto done_prev;
    }
    for (int i = 0; i < nv; i++)
      if (strcmp(prev.v[i].name, vs[i]->name)) {
        errorf("--resume: %s holds variant %s where this run has %s", rx.resume, prev.v[i].name, vs[i]->name);
        rc = EXIT_USAGE;
        goto done_prev;
      }
    ntodo = uncovered_ranges(sc.o.from, sc.o.to, prev.ncov, prev.cov, todo, RESULT_MAXCOV);
    if (ntodo < 0) {
      errorf("--resume: %s has too many covered pieces", rx.resume);
      rc = EXIT_CORRUPT;
      goto done_prev;
    }
    noticef("resuming %s: %d range%s left", rx.resume, ntodo, ntodo == 1 ? "" : "s");
  }
  struct stats *st[SCAN_MAXV], *part[SCAN_MAXV];
  for (int i = 0; i < nv; i++) {
    st[i] = malloc(sizeof(struct stats));
    part[i] = malloc(sizeof(struct stats));
    if (!st[i] || !part[i]) {
      errorf("out of memory");
      rc = EXIT_IO;
      goto done_prev;
    }
    if (rx.resume) *st[i] = *prev.v[i].st;
    else stats_init(st[i]);
  }
  /* covered so far */
  if (rx.resume) {
    ri.ncov = prev.ncov;
    memcpy(ri.cov, prev.cov, sizeof ri.cov);
  }
  signal(SIGINT, on_signal);
  signal(SIGTERM, on_signal);
  for (int r = 0; r < ntodo && !rc; r++) {
    sc.o.from = todo[r][0], sc.o.to = todo[r][1];
    int64_t done_mag = -1;
    rc = run_grouped(vs, nv, &sc, &ri, part, &done_mag);
    if (rc && rc != EXIT_INTERRUPT) break;
    if (rc == EXIT_INTERRUPT && ngroups > 1) {
      errorf("interrupted; a partial result is kept only for runs of one reference function");
      break;
    }
    for (int i = 0; i < nv; i++) stats_merge(st[i], part[i]);
    if (rx.resume || rc == EXIT_INTERRUPT || ntodo > 1 || rx.shard_n) {
      uint32_t cv[2][2];
      int k = rc == EXIT_INTERRUPT ? scan_covered(todo[r][0], todo[r][1], done_mag, cv)
                                   : (cv[0][0] = todo[r][0], cv[0][1] = todo[r][1], 1);
      for (int j = 0; j < k && ri.ncov < RESULT_MAXCOV; j++) ri.cov[ri.ncov][0] = cv[j][0], ri.cov[ri.ncov][1] = cv[j][1], ri.ncov++;
    }
  }
  if (rx.resume) ri.from = prev.from, ri.to = prev.to;
  if (ranks > 1) {
    rc = par_agree(rc);
    if (!rc && par_reduce_stats(st, nv)) rc = EXIT_IO;
    ri.times.wall = par_max(ri.times.wall);
    ri.times.mpfr_calls = (uint64_t)par_sum((double)ri.times.mpfr_calls);
    if (rank > 0) {
      for (int i = 0; i < nv; i++) free(st[i]), free(part[i]);
      goto done_prev;
    }
    if (rc) errorf("a rank failed (exit code %d)", rc);
  }
  if (!rc || (rc == EXIT_INTERRUPT && ngroups == 1 && ranks == 1)) {
    ri.complete = rc == 0;
    if (rc) noticef("interrupted: %s", sc.json ? "writing the partial result (resume with --resume)" : "no --json, nothing kept");
    else result_print(stdout, &ri, vs, st, nv);
    fflush(stdout);
    if (sc.json) {
      int w = result_write_json(sc.json, &ri, vs, st, nv, err, sizeof err);
      if (w) {
        errorf("%s", err);
        if (!rc) rc = w;
      }
    }
    if (!rc)
      noticef("%.2f s wall (reference %.2f s, eval %.2f s, reduce %.2f s; %llu MPFR calls, cache %s)", ri.times.wall,
              ri.times.reference, ri.times.eval, ri.times.reduce, (unsigned long long)ri.times.mpfr_calls,
              ri.times.cache ? ri.times.cache : "off");
  }
  for (int i = 0; i < nv; i++) free(st[i]), free(part[i]);
done_prev:
  if (rx.resume) result_file_free(&prev);
  return rc;
}



static int real_main(int argc, char **argv);

int main(int argc, char **argv) {
  par_init(&argc, &argv);
  int rc = real_main(argc, argv);
  par_finalize();
  return rc;
}

static int real_main(int argc, char **argv) {
  /* the command line as typed (getopt_long permutes argv) */
  size_t off = 0;
  for (int i = 0; i < argc && off < sizeof g_command_line - 1; i++)
    off += (size_t)snprintf(g_command_line + off, sizeof g_command_line - off, "%s%s", i ? " " : "", argv[i]);
  /* a file-size limit must surface as a write error (EFBIG), not kill the process */
  signal(SIGXFSZ, SIG_IGN);
  char cat_err[512];
  if (registry_init(cat_err, sizeof cat_err)) {
    errorf("internal: the catalogue is inconsistent: %s", cat_err);
    return EXIT_USAGE;
  }
  if (argc < 2) {
    usage_main(stderr);
    return EXIT_USAGE;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
    usage_main(stdout);
    return EXIT_OK;
  }
  if (!strcmp(cmd, "--version")) {
    printf("ulpcert %s\n%s\nMPFR %s, GMP %s\n", ULPCERT_VERSION, gpu_build_info(), mpfr_get_version(), gmp_version);
    return EXIT_OK;
  }
  if (!strcmp(cmd, "list")) return cmd_list(argc - 1, argv + 1);
  if (!strcmp(cmd, "run")) return cmd_run(argc - 1, argv + 1, argc, argv);
  if (!strcmp(cmd, "bench")) return cmd_bench(argc - 1, argv + 1, argc, argv);
  if (!strcmp(cmd, "refcheck")) return cmd_refcheck(argc - 1, argv + 1);
  if (!strcmp(cmd, "merge")) return cmd_merge(argc - 1, argv + 1);
  if (!strcmp(cmd, "selftest")) return cmd_selftest(argc - 1, argv + 1);
  if (!strcmp(cmd, "report")) return cmd_report(argc - 1, argv + 1);
  if (!strcmp(cmd, "certify")) return cmd_certify(argc - 1, argv + 1);
  if (!strcmp(cmd, "arch")) return cmd_arch(argc - 1, argv + 1);
  errorf("unknown command '%s' (see 'ulpcert --help')", cmd);
  return EXIT_USAGE;
}
