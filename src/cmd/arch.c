/* arch.c: `ulpcert arch record` and `ulpcert arch compare`: what a GPU computes,
 * recorded without storing 16 GiB of outputs, and where another GPU differs.
 *
 * A record is a result JSON of every variant the backend runs, over all inputs, with
 * per-bin digests (2^20 inputs a bin) and per-bin output moments m0 = sum out and
 * m1 = sum (i + 1) out (mod 2^61 - 1, i the index in the bin). Compare first evaluates
 * the same variants on the present device for their per-bin digests and moments only
 * (no reference, no MPFR); a variant whose bins all match is identical. The others are
 * scanned in full, for their error statistics. A bin whose digest differs is evaluated again; if
 * exactly one input k of it changed, dm0 = now_k - then_k and dm1 = (k + 1) dm0 give k
 * and the recorded output, and the digest of the bin confirms it; otherwise the bin
 * holds several changes.
 *
 * record --reuse BASELINE evaluates the outputs only, like compare, and takes a variant's
 * error statistics from the baseline where its outputs match in every bin: the statistics
 * are a function of the outputs (the references and the metrics being those of the same
 * ulpcert version), so only variants that compute something else need the references. */
#include "src/cmd/arch.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "src/engine/options.h"
#include "src/common.h"
#include "src/kinds/half/half.h"
#include <jansson.h>

static uint64_t modp_sub(uint64_t a, uint64_t b) { return a >= b ? a - b : a + MOD_P - b; }

static uint64_t modp_pow(uint64_t a, uint64_t e) {
  uint64_t r = 1;
  while (e) {
    if (e & 1) r = modp_mul(r, a);
    a = modp_mul(a, a);
    e >>= 1;
  }
  return r;
}

int arch_locate(const struct stats *then, const struct stats *now, uint32_t bin, const uint32_t *now_out,
                uint32_t *input, uint32_t *then_out) {
  uint64_t d0 = modp_sub(now->bin_m0[bin], then->bin_m0[bin]);
  uint64_t d1 = modp_sub(now->bin_m1[bin], then->bin_m1[bin]);
  if (d0 == 0) return 0;
  uint64_t k1 = modp_mul(d1, modp_pow(d0, MOD_P - 2)); /* (k + 1) by Fermat's inverse */
  if (k1 == 0 || k1 > (1u << BIN_LOG2)) return 0;
  uint32_t k = (uint32_t)(k1 - 1), x = (bin << BIN_LOG2) | k;
  /* dm0 as an integer in (-2^32, 2^32) */
  int64_t delta = d0 < (1ull << 33) ? (int64_t)d0 : -(int64_t)(MOD_P - d0);
  int64_t old = (int64_t)now_out[k] - delta;
  if (old < 0 || old > 0xffffffffll) return 0;
  /* confirm with the digest: replacing that one output must give the recorded bin */
  uint64_t dg = now->bin_digest[bin] - mix64(((uint64_t)x << 32) | now_out[k]) + mix64(((uint64_t)x << 32) | (uint64_t)old);
  if (dg != then->bin_digest[bin]) return 0;
  *input = x;
  *then_out = (uint32_t)old;
  return 1;
}

/* outputs of bin k differ: by digest, moments or count */
static int bin_differs(const struct stats *a, const struct stats *b, uint32_t k) {
  return a->bin_digest[k] != b->bin_digest[k] || a->bin_inputs[k] != b->bin_inputs[k] ||
         a->bin_m0[k] != b->bin_m0[k] || a->bin_m1[k] != b->bin_m1[k];
}

static int outputs_differ(const struct stats *a, const struct stats *b) {
  for (uint32_t k = 0; k < NBINS; k++)
    if (bin_differs(a, b, k)) return 1;
  return 0;
}

static void usage_arch(FILE *f) {
  fprintf(f,
          "usage: ulpcert arch record [--out FILE] [--reuse RECORD.json] [options of run]\n"
          "       ulpcert arch compare BASELINE.json [--allow-diff] [options of run]\n"
          "\n"
          "record: runs every variant the backend can run over all inputs (or --from/--to)\n"
          "and writes their results with per-bin output digests and moments, by default to\n"
          "reports/arch/<sm>-<gpu>.json (reports/arch/cpu.json for the CPU backend), gzip-compressed\n"
          "when FILE ends in .gz (every reader takes either).\n"
          "--reuse RECORD.json: evaluate the outputs only, and take the error statistics of\n"
          "each variant whose outputs match RECORD's in every bin from RECORD (the record\n"
          "says so per variant); the others are scanned in full. Minutes instead of the\n"
          "references' hours on a GPU that computes what a recorded one did.\n"
          "compare: runs the baseline's variants here over its range, first for their\n"
          "outputs' digests only (no references: fast), and prints, per variant, identical,\n"
          "or how many inputs differ (only those variants are then scanned in full), the\n"
          "first differing inputs with both outputs (bins of 2^20 inputs whose digest\n"
          "differs are evaluated again; one changed input in a bin is located exactly,\n"
          "several are reported as such), and how the\n"
          "error statistics moved. Exit status 1 when something differs, unless --allow-diff.\n");
}

struct arch_args {
  const char *out, *reuse;
  int allow;
};

static int arch_extra(int c, const char *arg, void *p) {
  struct arch_args *a = p;
  if (c == 4001) a->out = arg;
  else if (c == 4002) a->allow = 1;
  else if (c == 4003) a->reuse = arg;
  else return EXIT_USAGE;
  return -1;
}

static void default_path(char *out, size_t n, const struct run_info *ri) {
  char name[300] = "cpu", safe[300];
  if (ri->gpu) snprintf(name, sizeof name, "sm%d%d-%s", ri->ginfo.cc_major, ri->ginfo.cc_minor, ri->ginfo.name);
  file_safe_name(safe, sizeof safe, name);
  snprintf(out, n, "reports/arch/%s.json", safe);
}

int cmd_arch(int argc, char **argv) {
  if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
    usage_arch(argc < 2 ? stderr : stdout);
    return argc < 2 ? EXIT_USAGE : EXIT_OK;
  }
  int record = !strcmp(argv[1], "record");
  if (!record && strcmp(argv[1], "compare")) {
    errorf("arch: 'record' or 'compare', not '%s'", argv[1]);
    return EXIT_USAGE;
  }
  struct scan_cli sc;
  struct arch_args aa = {NULL, NULL, 0};
  static const struct option more[] = {{"out", required_argument, 0, 4001}, {"allow-diff", no_argument, 0, 4002},
                                       {"reuse", required_argument, 0, 4003}, {0, 0, 0, 0}};
  int rc = parse_scan_options(argc - 1, argv + 1, &sc, arch_extra, &aa, more, usage_arch);
  if (rc >= 0) return rc;
  int npos = argc - 1 - optind;
  char **pos = argv + 1 + optind;
  if (record ? npos != 0 : npos != 1) {
    errorf(record ? "arch record takes no file (use --out)" : "arch compare takes one baseline file");
    return EXIT_USAGE;
  }
  if (!record && aa.reuse) {
    errorf("--reuse is an option of arch record");
    return EXIT_USAGE;
  }
  struct result_file base;
  memset(&base, 0, sizeof base);
  char err[1024];
  const char *base_path = record ? aa.reuse : pos[0];
  char base_desc[600] = "";
  if (base_path) {
    if ((rc = result_read_json(base_path, &base, err, sizeof err))) {
      errorf("%s", err);
      return rc;
    }
    if (strcmp(base.version, ULPCERT_VERSION)) {
      errorf("%s was recorded by ulpcert %s; this is %s: record the baseline again with this version", base_path,
             base.version, ULPCERT_VERSION);
      result_file_free(&base);
      return EXIT_CORRUPT;
    }
    for (int i = 0; i < base.nv; i++)
      if (!base.v[i].st->has_moments) {
        errorf("%s: results[%s] has no moments: not a record of `ulpcert arch record`", base_path,
               base.v[i].name);
        result_file_free(&base);
        return EXIT_CORRUPT;
      }
    snprintf(base_desc, sizeof base_desc, "%s (%s, driver %s)", base_path, base.device,
             base.driver[0] ? base.driver : "none");
    if (!record) sc.o.from = base.from, sc.o.to = base.to;
    else if (sc.o.from != base.from || sc.o.to != base.to) {
      errorf("--reuse: %s covers 0x%08x..0x%08x, this record 0x%08x..0x%08x", base_path, base.from, base.to,
             sc.o.from, sc.o.to);
      rc = EXIT_USAGE;
      goto done;
    }
  }
  struct run_info ri;
  run_info_init(&ri, 0, NULL);
  snprintf(ri.command, sizeof ri.command, "%s", g_command_line);
  if ((rc = choose_backend(&sc, &ri)) >= 0) goto done;
  rc = 0;
  ri.from = sc.o.from, ri.to = sc.o.to;
  sc.o.moments = 1;
  const struct variant *vs[SCAN_MAXV];
  int nv = 0;
  if (record) {
    for (int i = 0; i < n_variants; i++) {
      if (variants[i].kind != VK_F32_UNARY || !variant_has_backend(&variants[i], sc.backend)) continue;
      if (nv == SCAN_MAXV) {
        errorf("more than %d variants to record: raise SCAN_MAXV (src/scan.h)", SCAN_MAXV);
        rc = EXIT_USAGE;
        goto done;
      }
      vs[nv++] = &variants[i];
    }
  } else {
    for (int i = 0; i < base.nv; i++) {
      const struct variant *v = variant_find(base.v[i].name);
      if (!v || !variant_has_backend(v, sc.backend)) {
        errorf("%s: variant %s is not one this ulpcert runs on the %s backend", pos[0], base.v[i].name,
               sc.backend ? "gpu" : "cpu");
        rc = EXIT_USAGE;
        goto done;
      }
      vs[nv++] = v;
    }
  }
  struct stats *st[SCAN_MAXV];
  for (int i = 0; i < nv; i++) {
    st[i] = malloc(sizeof(struct stats));
    if (!st[i]) return EXIT_IO;
  }
  /* compare, and record --reuse: first only the outputs (digests and moments per bin, no
   * reference); the error statistics only for the variants whose outputs differ */
  int differs[SCAN_MAXV] = {0}, ndiff = 0, nreused = 0;
  if (base_path) {
    sc.o.outputs_only = 1;
    if ((rc = run_grouped(vs, nv, &sc, &ri, st, NULL))) goto free_st;
    sc.o.outputs_only = 0;
    const struct variant *dv[SCAN_MAXV];
    struct stats *dst[SCAN_MAXV];
    for (int i = 0; i < nv; i++) {
      const struct stats *a = NULL;
      for (int j = 0; j < base.nv && !a; j++)
        if (!strcmp(base.v[j].name, vs[i]->name)) a = base.v[j].st;
      differs[i] = !a || outputs_differ(a, st[i]);
      /* reuse only statistics measured over the absolute-error range and bound clauses this build uses */
      int same_range = a && d2u(a->abs_lo) == d2u(st[i]->abs_lo) && d2u(a->abs_hi) == d2u(st[i]->abs_hi) &&
                       stats_clauses_same(a, st[i]);
      if (record && !differs[i] && !same_range) differs[i] = 1;
      if (differs[i]) dv[ndiff] = vs[i], dst[ndiff++] = st[i];
      else if (record) {
        memcpy(st[i], a, sizeof *st[i]);
        st[i]->stats_from = base_desc;
        nreused++;
      }
    }
    if (ndiff && (rc = run_grouped(dv, ndiff, &sc, &ri, dst, NULL))) goto free_st;
  } else if ((rc = run_grouped(vs, nv, &sc, &ri, st, NULL))) {
    goto free_st;
  }
  int dev = sc.o.ndevices > 0 ? sc.o.devices[0] : 0;
  if (record) {
    char path[4200];
    /* the half-precision forms: all 2^16 outputs each, measured here (seconds); on a
     * failure the binary32 record is still written, and the exit status says it */
    int half_rc = 0;
    if (ri.gpu && !(ri.half = half_record_json(dev, err, sizeof err))) {
      errorf("half-precision variants not recorded: %s", err);
      half_rc = EXIT_NOGPU;
    }
    if (aa.out) snprintf(path, sizeof path, "%s", aa.out);
    else {
      default_path(path, sizeof path, &ri);
      mkdir("reports", 0777);
      mkdir("reports/arch", 0777);
    }
    rc = result_write_json(path, &ri, vs, st, nv, err, sizeof err);
    if (rc) errorf("%s", err);
    else {
      rc = half_rc;
      printf("recorded %d variants over 0x%08x..0x%08x", nv, ri.from, ri.to);
      if (ri.half) printf(" and %zu half-precision variants", json_array_size(ri.half));
      printf(" on %s into %s\n", ri.gpu ? ri.ginfo.name : "the CPU", path);
      if (base_path)
        printf("statistics of %d variant%s taken from %s (outputs identical in every bin), %d measured\n", nreused,
               nreused == 1 ? "" : "s", base_path, nv - nreused);
    }
    goto free_st;
  }
  /* compare */
  int differ = 0;
  uint32_t *buf = malloc((size_t)4 << BIN_LOG2);
  printf("compare with %s (%s%s%s) on %s\n", pos[0], base.device, base.cc[0] ? ", compute capability " : "",
         base.cc, ri.gpu ? ri.ginfo.name : "the CPU");
  if (base.driver[0]) printf("  baseline driver %s, toolkit %s\n", base.driver, base.toolkit);
  for (int i = 0; i < nv && buf; i++) {
    const struct stats *a = base.v[i].st, *b = st[i];
    if (!differs[i]) {
      printf("%-16s identical (%llu inputs)\n", vs[i]->name, (unsigned long long)b->inputs);
      continue;
    }
    uint32_t nbins = 0, first_bins[8], nfirst = 0;
    for (uint32_t k = 0; k < NBINS; k++)
      if (bin_differs(a, b, k)) {
        if (nfirst < 8) first_bins[nfirst++] = k;
        nbins++;
      }
    if (!nbins) {
      printf("%-16s identical (%llu inputs)\n", vs[i]->name, (unsigned long long)b->inputs);
      continue;
    }
    differ = 1;
    printf("%-16s DIFFERS in %u bin%s of 2^20 inputs\n", vs[i]->name, nbins, nbins == 1 ? "" : "s");
    for (uint32_t j = 0; j < nfirst; j++) {
      uint32_t bin = first_bins[j], lo = bin << BIN_LOG2;
      if ((rc = scan_eval(vs[i], &sc.o, lo, 1u << BIN_LOG2, buf, err, sizeof err))) {
        errorf("%s", err);
        break;
      }
      uint32_t x, old;
      if (arch_locate(a, b, bin, buf, &x, &old))
        printf("  input 0x%08x (%a): baseline 0x%08x (%a), now 0x%08x (%a)\n", x, (double)u2f(x), old,
               (double)u2f(old), buf[x & ((1u << BIN_LOG2) - 1)], (double)u2f(buf[x & ((1u << BIN_LOG2) - 1)]));
      else
        printf("  inputs 0x%08x..0x%08x: several outputs differ\n", lo, lo + (1u << BIN_LOG2) - 1);
    }
    printf("  max ulp %.5f at 0x%08x -> %.5f at 0x%08x; max rel %.4e -> %.4e; correctly rounded %llu -> %llu\n",
           a->max_ulp, a->max_ulp_input, b->max_ulp, b->max_ulp_input, a->max_rel, b->max_rel,
           (unsigned long long)a->correctly_rounded, (unsigned long long)b->correctly_rounded);
    if (a->max_abs >= 0 || b->max_abs >= 0) printf("  max abs %.4e -> %.4e\n", a->max_abs, b->max_abs);
    for (int k = 0; k < b->n_clauses && k < a->n_clauses; k++) {
      if (!clause_same(&a->clause[k], &b->clause[k])) continue;
      char m0[48], m1[48];
      bound_value_str(b->clause[k].measure, a->cl[k].max, m0, sizeof m0);
      bound_value_str(b->clause[k].measure, b->cl[k].max, m1, sizeof m1);
      printf("  %s: max %s -> %s, inputs over %llu -> %llu (%s -> %s)\n",
             k < vs[i]->n_clauses ? vs[i]->clause_text[k] : bound_measure_name(b->clause[k].measure), m0, m1,
             (unsigned long long)a->cl[k].over, (unsigned long long)b->cl[k].over,
             verdict_name(clauses_verdict(&a->cl[k], 1)), verdict_name(clauses_verdict(&b->cl[k], 1)));
    }
  }
  free(buf);
  if (!rc) rc = half_compare(pos[0], ri.gpu ? dev : -1, &differ);
  if (!rc && differ && !aa.allow) rc = EXIT_FAIL;
free_st:
  for (int i = 0; i < nv; i++) free(st[i]);
  json_decref(ri.half);
done:
  result_file_free(&base);
  return rc;
}
