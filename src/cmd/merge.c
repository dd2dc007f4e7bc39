/* shards.c: `ulpcert merge`, shard slices (--shard K/N) and the ranges left to do
 * by --resume. Statistics merge exactly (metrics.h), so the merge of shards, or of an
 * interrupted run and its resumption, is the single run's result bit for bit. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "src/engine/options.h"
#include "src/common.h"
#include "src/kinds/ff/ff.h"

/* Relative cost of an input whose reference needs MPFR, against one that does not
 * (measured: about 1 us for MPFR against about 15 ns per input otherwise). */
#define MPFR_WEIGHT 64

/* cost of inputs [a, b) (bit patterns, b <= 2^32) for reference r */
static uint64_t cost(const struct reference *r, uint64_t a, uint64_t b) {
  if (b <= a) return 0;
  uint64_t c = b - a;
  if (r && r->mpfr_hi > r->mpfr_lo) {
    for (int h = 0; h < 2; h++) {
      uint64_t lo = (uint64_t)r->mpfr_lo + (h ? SIGN32 : 0), hi = (uint64_t)r->mpfr_hi + (h ? SIGN32 : 0);
      uint64_t l = a > lo ? a : lo, u = b < hi ? b : hi;
      if (u > l) c += (uint64_t)(MPFR_WEIGHT - 1) * (u - l);
    }
  }
  return c;
}

int shard_range(const struct reference *r, uint32_t from, uint32_t to, int k, int n, uint32_t *lo, uint32_t *hi) {
  uint64_t total = cost(r, from, (uint64_t)to + 1);
  /* boundary j: the least x with cost(from, x) >= j * total / n */
  uint64_t b[2];
  for (int e = 0; e < 2; e++) {
    int j = k + e;
    if (j == 0) { b[e] = from; continue; }
    if (j == n) { b[e] = (uint64_t)to + 1; continue; }
    uint64_t want = (total * (uint64_t)j + n - 1) / (uint64_t)n, l = from, u = (uint64_t)to + 1;
    while (l < u) {
      uint64_t mid = l + (u - l) / 2;
      if (cost(r, from, mid) >= want) u = mid;
      else l = mid + 1;
    }
    b[e] = l;
  }
  if (b[1] <= b[0]) return -1; /* empty slice */
  *lo = (uint32_t)b[0];
  *hi = (uint32_t)(b[1] - 1);
  return 0;
}

int uncovered_ranges(uint32_t from, uint32_t to, int ncov, uint32_t cov[][2], uint32_t out[][2], int max) {
  /* sort covered ranges by start (few of them) */
  uint32_t c[RESULT_MAXCOV][2];
  int n = ncov < RESULT_MAXCOV ? ncov : RESULT_MAXCOV;
  memcpy(c, cov, sizeof(uint32_t[2]) * (size_t)n);
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && c[j - 1][0] > c[j][0]; j--) {
      uint32_t t0 = c[j][0], t1 = c[j][1];
      c[j][0] = c[j - 1][0], c[j][1] = c[j - 1][1], c[j - 1][0] = t0, c[j - 1][1] = t1;
    }
  int k = 0;
  uint64_t next = from; /* first input not yet known covered */
  for (int i = 0; i < n && next <= to; i++) {
    if (c[i][1] < next) continue;
    if (c[i][0] > next) {
      if (k == max) return -1;
      out[k][0] = (uint32_t)next;
      out[k][1] = c[i][0] - 1 < to ? c[i][0] - 1 : to;
      k++;
    }
    if ((uint64_t)c[i][1] + 1 > next) next = (uint64_t)c[i][1] + 1;
  }
  if (next <= to) {
    if (k == max) return -1;
    out[k][0] = (uint32_t)next, out[k][1] = to, k++;
  }
  return k;
}

int tile_check(struct cov_range *rg, int nr, char *const *paths) {
  if (nr == 0) {
    errorf("the files cover no inputs");
    return EXIT_USAGE;
  }
  for (int i = 1; i < nr; i++)
    for (int j = i; j > 0 && rg[j - 1].lo > rg[j].lo; j--) {
      struct cov_range t = rg[j];
      rg[j] = rg[j - 1], rg[j - 1] = t;
    }
  for (int i = 1; i < nr; i++) {
    if (rg[i].lo <= rg[i - 1].hi) {
      errorf("%s and %s overlap: 0x%08x..0x%08x and 0x%08x..0x%08x", paths[rg[i - 1].file], paths[rg[i].file],
             rg[i - 1].lo, rg[i - 1].hi, rg[i].lo, rg[i].hi);
      return EXIT_USAGE;
    }
    if (rg[i].lo != rg[i - 1].hi + 1) {
      errorf("gap between %s and %s: inputs 0x%08x..0x%08x are in neither", paths[rg[i - 1].file],
             paths[rg[i].file], rg[i - 1].hi + 1, rg[i].lo - 1);
      return EXIT_USAGE;
    }
  }
  return 0;
}

void run_info_device(struct run_info *ri, const char *backend, const char *device, const char *driver,
                     const char *cc, const char *toolkit) {
  ri->gpu = !strcmp(backend, "gpu");
  snprintf(ri->ginfo.name, sizeof ri->ginfo.name, "%s", device);
  snprintf(ri->ginfo.driver_release, sizeof ri->ginfo.driver_release, "%s", driver);
  sscanf(cc, "%d.%d", &ri->ginfo.cc_major, &ri->ginfo.cc_minor);
  int tk_major = 0, tk_minor = 0;
  sscanf(toolkit, "%d.%d", &tk_major, &tk_minor);
  ri->ginfo.runtime_version = tk_major * 1000 + tk_minor * 10;
  ri->ginfo.driver_version = ri->ginfo.runtime_version;
}

static void usage_merge(FILE *f) {
  fprintf(f,
          "usage: ulpcert merge A.json B.json... [--json OUT] [--quiet]\n"
          "\n"
          "Combines results of disjoint ranges (shards from `run --shard K/N`, or any runs\n"
          "of the same variants) into the result of one run over their union: the same\n"
          "numbers, the same argmax with the same tie rule, the same histograms and bins.\n"
          "Refuses files that overlap, leave a gap, come from another ulpcert version or\n"
          "hold other variants, and says which. Float-float results (run ff|eft|dw|sum2)\n"
          "merge the same way and must also share the partner count and the seed; binary32\n"
          "and float-float results do not mix. Inputs may be gzip-compressed; OUT is when\n"
          "it ends in .gz.\n");
}

int cmd_merge(int argc, char **argv) {
  static const struct option opts[] = {{"json", required_argument, 0, 'j'},
                                       {"quiet", no_argument, 0, 'q'},
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  const char *out = NULL;
  int c;
  optind = 1;
  opterr = 0;
  while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
    if (c == 'h') { usage_merge(stdout); return EXIT_OK; }
    if (c == 'j') out = optarg;
    else if (c == 'q') g_quiet = 1;
    else {
      errorf("option '%s' is unknown or needs a value (see --help)", argv[optind - 1]);
      return EXIT_USAGE;
    }
  }
  int nf = argc - optind;
  if (nf < 1) {
    errorf("merge needs at least one result file");
    return EXIT_USAGE;
  }
  /* float-float results have their own statistics (ff.c) */
  for (int i = 0; i < nf; i++)
    if (ff_file_is_ff(argv[optind + i])) return ff_merge(nf, argv + optind, out);
  struct result_file *rf = calloc((size_t)nf, sizeof *rf);
  if (!rf) return EXIT_IO;
  char err[1024];
  int rc = 0;
  for (int i = 0; i < nf && !rc; i++) {
    rc = result_read_json(argv[optind + i], &rf[i], err, sizeof err);
    if (rc) errorf("%s", err);
  }
  /* same version and variants; no overlap, no gap */
  struct cov_range *rg = NULL;
  int nr = 0;
  if (!rc) rg = calloc((size_t)nf * RESULT_MAXCOV, sizeof *rg);
  for (int i = 0; i < nf && !rc; i++) {
    const char *fi = argv[optind + i];
    if (strcmp(rf[i].version, ULPCERT_VERSION)) {
      errorf("%s comes from ulpcert %s; this is %s", fi, rf[i].version, ULPCERT_VERSION);
      rc = EXIT_CORRUPT;
      break;
    }
    if (rf[i].nv != rf[0].nv) {
      errorf("%s has %d variants, %s has %d", fi, rf[i].nv, argv[optind], rf[0].nv);
      rc = EXIT_USAGE;
      break;
    }
    for (int v = 0; v < rf[i].nv; v++)
      if (strcmp(rf[i].v[v].name, rf[0].v[v].name)) {
        errorf("%s holds variant %s where %s holds %s", fi, rf[i].v[v].name, argv[optind], rf[0].v[v].name);
        rc = EXIT_USAGE;
        break;
      }
    for (int k = 0; k < rf[i].ncov && !rc; k++) rg[nr++] = (struct cov_range){rf[i].cov[k][0], rf[i].cov[k][1], i};
  }
  if (!rc) rc = tile_check(rg, nr, argv + optind);
  if (!rc) {
    struct run_info ri;
    memset(&ri, 0, sizeof ri);
    snprintf(ri.command, sizeof ri.command, "%s", g_command_line);
    ri.complete = 1;
    for (int i = 0; i < nf; i++) ri.complete &= rf[i].complete;
    ri.from = rg[0].lo;
    ri.to = rg[nr - 1].hi;
    run_info_device(&ri, rf[0].backend, rf[0].device, rf[0].driver, rf[0].cc, rf[0].toolkit);
    for (int i = 1; i < nf; i++)
      for (int v = 0; v < rf[0].nv; v++) stats_merge(rf[0].v[v].st, rf[i].v[v].st);
    const struct variant **vs = calloc((size_t)rf[0].nv, sizeof *vs);
    struct stats **st = calloc((size_t)rf[0].nv, sizeof *st);
    struct variant *tmp = calloc((size_t)rf[0].nv, sizeof *tmp);
    for (int v = 0; v < rf[0].nv; v++) {
      const struct variant *known = variant_find(rf[0].v[v].name);
      if (known) tmp[v] = *known;
      else tmp[v] = (struct variant){.name = rf[0].v[v].name, .family = rf[0].v[v].family,
                                      .ref_name = rf[0].v[v].reference, .gpu_fn = GPU_NONE};
      vs[v] = &tmp[v];
      st[v] = rf[0].v[v].st;
    }
    result_print(stdout, &ri, vs, st, rf[0].nv);
    /* records (arch record) by ranges: their half-precision part covers its whole
     * domain in each, and must be the same in each that has one */
    for (int i = 0; i < nf && !rc; i++) {
      json_t *root = NULL;
      if (json_read_path(argv[optind + i], &root, err, sizeof err)) root = NULL; /* read above already */
      json_t *h = json_object_get(root, "half");
      if (h && ri.half && !json_equal(h, ri.half)) {
        errorf("%s and another record hold different half-precision outputs", argv[optind + i]);
        rc = EXIT_USAGE;
      } else if (h && !ri.half) ri.half = json_incref(h);
      json_decref(root);
    }
    if (out && !rc) {
      rc = result_write_json(out, &ri, vs, st, rf[0].nv, err, sizeof err);
      if (rc) errorf("%s", err);
    }
    free(vs), free(st), free(tmp);
    json_decref(ri.half);
  }
  for (int i = 0; i < nf; i++) result_file_free(&rf[i]);
  free(rf);
  free(rg);
  return rc;
}
