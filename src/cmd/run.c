/* run.c: `ulpcert run NAME...`: the names' kind (every name of one kind) runs them
 * through the driver (src/engine/driver.h): ranges, shards, resumption, interruption,
 * the result file. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "src/catalogue/registry.h"
#include "src/cmd/cmd.h"
#include "src/common.h"
#include "src/user/claimnum.h"
#include "src/engine/driver.h"
#include "src/engine/par.h"

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
          "  --backend gpu|cpu  where variants run (default: gpu if a usable GPU is present); a\n"
          "                     family runs its variants of that backend, and a host library's\n"
          "                     variant named on its own (expf.host) also runs with gpu: its\n"
          "                     outputs computed on the host, references and reduction on the device\n"
          "  --from X           first input: a bit pattern 0xHHHHHHHH (default 0x00000000) or a\n"
          "                     value (1.0, -0x1p-3, 1e-5, inf, -0), rounded to binary32 upward\n"
          "  --to X             last input, inclusive (default 0xffffffff); a value rounds downward.\n"
          "                     The range is of bit patterns; with two values, the values between\n"
          "                     them (both negative: -2.0 to -1.0 runs 0xbf800000..0xc0000000; one\n"
          "                     on each side of zero is two runs). A bare integer (12345) is refused\n"
          "                     as ambiguous; 0 is both +0 and 0x00000000\n"
          "  --threads N        host threads (default: all cores), those evaluating a --source\n"
          "                     function's batches included\n"
          "  --chunk N          magnitudes per chunk, power of two (default 2^22); results do not depend on it\n"
          "  --json FILE        write the results as JSON (atomically; gzip when FILE ends in .gz)\n"
          "  --cache DIR        reference cache folder (default $ULPCERT_CACHE or ~/.cache/ulpcert)\n"
          "  --no-cache         neither read nor write the reference cache\n"
          "  --no-fast-path     reference values from the shortcuts and MPFR only: no polynomial\n"
          "                     table, no ball evaluator, nothing computed on the device\n"
          "                     (slower; same results)\n"
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
          "                     through NVRTC on the GPU, C through $ULPCERT_CC on the CPU, run in a\n"
          "                     separate process: a crash, exit, trap, hang (a batch of 2^20 inputs\n"
          "                     over $ULPCERT_USER_TIMEOUT s, default 60) or a changed floating-point\n"
          "                     state is reported with its input, exit status 8; on the GPU a kernel\n"
          "                     launch over a chunk has the same limit, then the run ends with the\n"
          "                     chunk's inputs named, exit status 8, no result) against\n"
          "                     reference REF, instead of named variants. REF is a reference name or\n"
          "                     an expression in x: --ref 'x/(1+exp(-x))' (+ - * /, ^ or pow(a, b) with\n"
          "                     a constant integer or rational exponent, max(a, b), min(a, b),\n"
          "                     parentheses, pi, e, decimal and hex numbers, and the references as\n"
          "                     functions), correctly rounded by the fast path's table from the\n"
          "                     expression's Taylor series and its tails' exact anchors (every\n"
          "                     magnitude; on the device with the GPU backend),\n"
          "                     then exact MPFR operations or Arb balls of growing precision on the\n"
          "                     host; inputs where none decides are counted and listed as\n"
          "                     undecidable, not measured.\n"
          "  --ref-odd          the expression is odd: check the symmetry of the outputs\n"
          "  --ref-increasing   the expression is increasing: check the outputs' monotonicity\n"
          "  --bound ULP        fail (exit status 1) when a variant's max ulp error is above ULP:\n"
          "                     a check for scripts and CI, as certify makes of a claim\n"
          "  --tensor-scale G   NVFP4 quantizers: the per-tensor FP32 decode scale G (elements decode\n"
          "                     as e * S * G; docs/quantizers.md)\n"
          "  --help             this text\n"
          "\n"
          "References (--ref, and the variants' own): %s.\n"
          "Families: %s.\n"
          "\n"
          "SIGINT or SIGTERM stops after the current chunk; with --json the partial result is\n"
          "written with \"complete\": false and the covered ranges, for --resume.\n",
          ref_names(), family_names());
  for (int k = 0; kinds[k]; k++)
    if (kinds[k]->run_help) fprintf(f, "\n%s", kinds[k]->run_help);
}

static int run_extra_opt(int c, const char *arg, void *p) {
  struct run_request *x = p;
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
  if (c == 2013) { x->tensor_scale = arg; return -1; }
  if (c == 2004) { x->function = arg; return -1; }
  if (c == 2005) { x->ref = arg; return -1; }
  if (c == 2008) { x->swap = 1; return -1; }
  if (c == 2009) { x->pairs = arg; return -1; }
  if (c == 2010) { x->ref_odd = 1; return -1; }
  if (c == 2011) { x->ref_increasing = 1; return -1; }
  if (c == 2012) { /* the numbers of claims (claimnum.h), compared exactly */
    size_t len;
    char why[256];
    if (claimnum_scan(arg, strlen(arg), &len, why, sizeof why) || len != strlen(arg)) {
      errorf("--bound: '%s' is not a number of ulps (2, 0.5, 1e3, 0x1p-1, 1/2, 2^-1): %s", arg,
             why[0] ? why : "characters after the number");
      return EXIT_USAGE;
    }
    x->bound = arg;
    return -1;
  }
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

/* The kind of the names: every one of the same kind; with --source and no names, the
 * kind of float f(float) functions. NULL after a message. */
static const struct kind *names_kind(int n, char **names, int source) {
  if (!n && !source) {
    errorf("run needs at least one variant or family (see 'ulpcert list')");
    return NULL;
  }
  const struct kind *k = n ? NULL : kind_for_claims();
  for (int i = 0; i < n; i++) {
    const struct kind *ki = kind_of_name(names[i]);
    if (!ki) {
      const char *near = name_suggest(names[i]);
      if (near) errorf("unknown variant or family '%s': did you mean %s? ('ulpcert list' lists them all)", names[i], near);
      else errorf("unknown variant or family '%s' (see 'ulpcert list'; families: %s)", names[i], family_names());
      return NULL;
    }
    if (k && ki != k) {
      errorf("%s variants (%s) and %s variants (%s) run in separate commands", k->title, names[0], ki->title, names[i]);
      return NULL;
    }
    k = ki;
  }
  return k;
}

int cmd_run(int argc, char **argv) {
  struct scan_cli sc;
  struct run_request rq = {.sc = &sc, .partners = 9, .seed = 1, .ranks = par_size(), .rank = par_rank()};
  static const struct option more[] = {{"resume", required_argument, 0, 2001},
                                       {"shard", required_argument, 0, 2002},
                                       {"source", required_argument, 0, 2003},
                                       {"function", required_argument, 0, 2004},
                                       {"ref", required_argument, 0, 2005},
                                       {"partners", required_argument, 0, 2006},
                                       {"seed", required_argument, 0, 2007},
                                       {"swap", no_argument, 0, 2008},
                                       {"pairs", required_argument, 0, 2009},
                                       {"ref-odd", no_argument, 0, 2010},
                                       {"ref-increasing", no_argument, 0, 2011},
                                       {"bound", required_argument, 0, 2012},
                                       {"tensor-scale", required_argument, 0, 2013},
                                       {0, 0, 0, 0}};
  int rc = parse_scan_options(argc, argv, &sc, run_extra_opt, &rq, more, usage_run);
  if (rc >= 0) return rc;
  rq.nnames = argc - optind, rq.names = argv + optind;
  const struct kind *k = names_kind(rq.nnames, rq.names, rq.source || rq.function);
  if (!k) return EXIT_USAGE;
  if (!rq.source && !rq.function && (rq.ref || rq.ref_odd || rq.ref_increasing)) {
    /* a catalogue variant has its own reference: an option that would not apply is refused */
    errorf("%s applies to --source FILE --function NAME only (the variants named have their own references)",
           rq.ref ? "--ref" : rq.ref_odd ? "--ref-odd" : "--ref-increasing");
    return EXIT_USAGE;
  }
  if (rq.bound && k != kind_for_claims()) {
    errorf("--bound applies to %s functions, not to %s variants (they are checked against their own bounds)",
           kind_for_claims()->title, k->title);
    return EXIT_USAGE;
  }
  if (rq.rank > 0) g_quiet = 1;
  return drive_run(k, &rq);
}
