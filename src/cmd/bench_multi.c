/* bench_multi.c: `ulpcert bench --multi-gpu LIST`: runs of whole families and of the
 * whole arch record on one GPU and on every GPU of the host, in the same process, with
 * the speed-up and a check that both computed the same statistics. A name of LIST is a
 * family of any kind (pow, dw, ...) or "record" (every kind's part of an arch record).
 * Families run with the partners of `ulpcert run` (and of arch records). */
#include <fcntl.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "src/cmd/bench_multi.h"
#include "src/cmd/cmd.h"
#include "src/common.h"
#include "src/engine/device.h"
#include "src/engine/kind.h"
#include "src/jsonio/json_io.h"

/* Compute limits of the pipelines on an H100 SXM (132 multiprocessors at 1.98 GHz: 33.4
 * T 32-bit instructions and 16.7 T binary64 operations a second; 3.35 TB/s), per family
 * of a sweep over all 2^32 x against 33 partners (141.7 G pairs) or all 2^32 high words
 * against 32 (137.4 G): the derivations are in README.md, "Speed". */
static const struct {
  const char *family;
  double seconds;
} limits[] = {{"pow", 12.0}, {"dw", 31.0}};

static double limit_of(const char *name) {
  for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++)
    if (!strcmp(limits[i].family, name)) return limits[i].seconds;
  return 0;
}

/* a result document without what differs between two runs of the same work (the
 * conversions' variants carry their own "seconds") */
static void strip_run(json_t *d) {
  if (json_is_object(d)) {
    json_object_del(d, "timing"), json_object_del(d, "command"), json_object_del(d, "date");
    json_object_del(d, "device"), json_object_del(d, "devices"), json_object_del(d, "seconds");
    const char *k;
    json_t *v;
    json_object_foreach(d, k, v) strip_run(v);
  } else if (json_is_array(d)) {
    size_t i;
    json_t *v;
    json_array_foreach(d, i, v) strip_run(v);
  }
}

/* The scan options for the first nd GPUs. */
static struct scan_cli on_devices(const struct scan_cli *base, int nd) {
  struct scan_cli sc = *base;
  sc.o.ndevices = nd, sc.o.progress = 0, sc.json = NULL, sc.cache_dir = sc.o.cache_dir = NULL; /* both runs cold */
  for (int i = 0; i < nd; i++) sc.o.devices[i] = i;
  return sc;
}

/* Family 'name' over the range on the first nd GPUs: its wall time, and its results as
 * JSON (stripped of timings) into *doc. 0 or an exit code. */
static int time_family(const char *name, const struct scan_cli *base, int nd, double *wall, json_t **doc) {
  const struct kind *k = kind_of_name(name);
  if (!k) {
    errorf("--multi-gpu: '%s' is no family (see 'ulpcert list') and not 'record'", name);
    return EXIT_USAGE;
  }
  struct scan_cli sc = on_devices(base, nd);
  char *names[1] = {(char *)name};
  struct run_request rq = {.nnames = 1, .names = names, .sc = &sc, .partners = ARCH_PARTNERS, .seed = ARCH_SEED,
                           .ranks = 1, .rank = 0};
  struct kind_result *r = NULL;
  int rc = k->begin(&rq, &r);
  if (rc) return rc;
  uint32_t cov[RESULT_MAXCOV][2];
  int ncov;
  const double t0 = now_s();
  rc = k->scan(r, sc.o.from, sc.o.to, cov, &ncov);
  *wall = now_s() - t0;
  char path[] = "/tmp/ulpcert-bench-multi-XXXXXX", err[1024];
  int fd = rc ? -1 : mkstemp(path);
  if (fd >= 0) close(fd);
  k->info(r)->complete = 1;
  if (!rc && (fd < 0 || k->write(path, r, err, sizeof err) || json_read_path(path, doc, err, sizeof err))) rc = EXIT_IO;
  if (fd >= 0) unlink(path);
  if (!rc) strip_run(*doc);
  k->release(r);
  return rc;
}

/* The whole arch record on the first nd GPUs: its wall time, document (stripped) and each
 * kind's seconds (kinds that run on one device run at once on several: their seconds
 * overlap). */
static int time_record(const struct scan_cli *base, int nd, double *wall, json_t **doc, json_t *seconds) {
  struct scan_cli sc = on_devices(base, nd);
  struct run_info ri;
  run_info_init(&ri, 0, NULL);
  int rc = choose_backend(&sc, &ri);
  if (rc >= 0) return rc;
  ri.from = sc.o.from, ri.to = sc.o.to;
  struct arch_ctx a = {&sc, &ri, NULL, NULL, json_object(), 0, 0, 0, seconds, 0};
  /* the kinds' lines about what they recorded are not the bench's */
  fflush(stdout);
  const int out = dup(1), null = open("/dev/null", O_WRONLY);
  if (null >= 0) dup2(null, 1), close(null);
  const double t0 = now_s();
  rc = arch_record_parts(&a, NULL);
  *wall = now_s() - t0;
  fflush(stdout);
  if (out >= 0) dup2(out, 1), close(out);
  if (rc) {
    json_decref(a.record);
    return rc;
  }
  strip_run(a.record);
  *doc = a.record;
  return 0;
}

/* The GPU counts of the runs: 1, 2, 4, ... and ndev itself (1 twice on one GPU or the
 * CPU: the second run checks that a run computes the same statistics again). Their number. */
static int device_counts(int ndev, int counts[16]) {
  int n = 0;
  for (int c = 1; (c < ndev || (ndev == 1 && !n)) && n < 15; c *= 2) counts[n++] = c;
  counts[n++] = ndev;
  return n;
}

int bench_multi(const char *list, const struct scan_cli *sc, int ndev, json_t *rows) {
  char buf[512];
  snprintf(buf, sizeof buf, "%s", list);
  const uint64_t span = (uint64_t)sc->o.to - sc->o.from + 1;
  int counts[16];
  const int nc = device_counts(ndev, counts);
  /* Every GPU's context before the first timed run: otherwise the first run (one GPU)
   * pays for opening its device and the others do not (the runs share one process). */
  if (sc->backend) {
    char why[256];
    const double t0 = now_s();
    if (gpu_open_contexts(ndev, why, sizeof why)) {
      errorf("--multi-gpu: %s", why);
      return EXIT_NOGPU;
    }
    printf("\n(contexts of %d GPU%s opened before the runs: %.2f s, not in the times below)\n", ndev, ndev > 1 ? "s" : "",
           now_s() - t0);
  }
  printf("\n| %-30s | %4s | %9s | %8s | %9s | %s |\n", "run (1 GPU, 2, 4, ..., all)", "GPUs", "wall s", "speed-up",
         "limit s", "same statistics as 1 GPU");
  printf("| --- | --- | --- | --- | --- | --- |\n");
  const int old_quiet = g_quiet;
  g_quiet = 1;
  int rc = 0;
  for (char *save, *t = strtok_r(buf, ",", &save); t && !rc; t = strtok_r(NULL, ",", &save)) {
    const int rec = !strcmp(t, "record");
    /* the limit is an H100's over all 2^32 inputs: scaled to the range, on a GPU */
    const double lim = sc->backend ? limit_of(t) * (double)span / 4294967296.0 : 0.0;
    char what[64], limit[32] = "-";
    snprintf(what, sizeof what, "%s%s", rec ? "arch record, every kind" : t, rec ? "" : " family");
    if (lim > 0) snprintf(limit, sizeof limit, "%.3g", lim);
    double w1 = 0;
    json_t *d1 = NULL;
    for (int j = 0; j < nc && !rc; j++) {
      double w = 0;
      json_t *d = NULL;
      json_t *ks = rec ? json_object() : NULL;
      rc = rec ? time_record(sc, counts[j], &w, &d, ks) : time_family(t, sc, counts[j], &w, &d);
      if (rc) {
        json_decref(ks);
        break;
      }
      if (!j) w1 = w, d1 = json_incref(d);
      const int same = json_equal(d1, d);
      char sp[16] = "";
      if (j) snprintf(sp, sizeof sp, "%.2fx", w > 0 ? w1 / w : 0.0);
      printf("| %-30s | %4d | %9.2f | %8s | %9s | %s |\n", what, counts[j], w, sp, j ? "" : limit,
             j ? (same ? "yes" : "NO") : "");
      fflush(stdout);
      json_t *row = json_pack("{s:s, s:i, s:f, s:f, s:f, s:b}", "run", what, "devices", counts[j], "wall_s", w,
                              "speedup", j && w > 0 ? w1 / w : 1.0, "limit_s", lim, "same_statistics", same);
      if (ks) json_object_set_new(row, "kinds_s", ks);
      json_array_append_new(rows, row);
      if (!same)
        errorf("%s: the runs on 1 and %d GPUs computed different statistics", what, counts[j]), rc = EXIT_FAIL;
      json_decref(d);
    }
    json_decref(d1);
  }
  g_quiet = old_quiet;
  /* below the table, each record run's seconds per kind (its row's kinds_s) */
  size_t i;
  json_t *row;
  int head = 0;
  json_array_foreach(rows, i, row) {
    json_t *ks = json_object_get(row, "kinds_s"), *v;
    if (!ks) continue;
    if (!head++)
      printf("\nEach kind's part of the record, seconds (the kinds that run on one device run at once on several):\n");
    const int n = (int)json_integer_value(json_object_get(row, "devices"));
    if (sc->backend) printf("  %d GPU%s:", n, n == 1 ? "" : "s");
    else printf("  the CPU:");
    const char *key;
    json_object_foreach(ks, key, v) printf(" %s %.2f", key, json_real_value(v));
    printf("\n");
  }
  return rc;
}
