/* kind.c: the 16-bit kind's entry in the table of kinds: the catalogue's HALF_VARIANT
 * lines (PTX half-precision forms), each over all 2^16 inputs of its format on the GPU,
 * against the binary32 references rounded to the format (half.c). No ranges, shards or
 * resumption: 2^16 inputs take milliseconds. Its outputs travel whole in arch records. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/kind.h"
#include "src/engine/results.h"
#include "src/kinds/half/half_kind.h"
#include "src/report/report.h"


static int owns(const char *name) {
  if (!strcmp(name, "half")) return 1;
  return half_find(name) != NULL;
}

static void list(FILE *f) {
  fprintf(f, "\nhalf precision (family half; all 2^16 inputs of the format; GPU only):\n");
  for (int i = 0; i < HALF_NFN; i++) {
    const struct half_variant *v = &half_variants[i];
    fprintf(f, "  %-24s %-8s documented %s %s: %s\n", v->name, v->fmt->name, v->doc_abs ? "abs" : "rel",
            v->doc_abs ? v->doc_abs : v->doc_rel, v->description);
  }
}

static void release(struct kind_result *r) {
  if (r) json_decref(r->results);
  free(r);
}
static struct run_info *info(struct kind_result *r) { return &r->ri; }

static int begin(struct run_request *rq, struct kind_result **out) {
  if (rq->resume || rq->shard_n || rq->source || rq->function) {
    errorf("--resume, --shard and --source do not apply to half-precision variants (2^16 inputs each)");
    return EXIT_USAGE;
  }
  int rc = gpu_only_backend(rq->sc, "half-precision variants are GPU instructions");
  if (rc) return rc;
  struct kind_result *r = calloc(1, sizeof *r);
  if (!r) return EXIT_IO;
  for (int i = 0; i < rq->nnames; i++)
    for (int k = 0; k < HALF_NFN; k++) {
      int take = !strcmp(rq->names[i], "half") || !strcmp(rq->names[i], half_variants[k].name);
      for (int j = 0; j < r->nv && take; j++) take = r->v[j] != &half_variants[k];
      if (take) r->v[r->nv++] = &half_variants[k];
    }
  if ((rc = run_info_gpu(&r->ri, "half-precision variants"))) {
    release(r);
    return rc;
  }
  r->ri.from = 0, r->ri.to = HALF_INPUTS - 1;
  r->device = first_device(rq->sc);
  *out = r;
  return 0;
}

/* Every variant over every input of its format (the range does not apply). */
static int scan(struct kind_result *r, uint32_t from, uint32_t to, uint32_t cov[][2], int *ncov) {
  (void)from, (void)to;
  uint16_t *out = malloc(sizeof(uint16_t) * HALF_INPUTS);
  char err[512];
  int rc = out ? 0 : EXIT_IO, nrun = 0;
  const double t0 = now_s();
  for (int i = 0; i < r->nv && !rc; i++) {
    int e = gpu_half_eval(r->device, half_index(r->v[i]), out, err, sizeof err);
    if (e > 0) noticef("%s skipped: %s", r->v[i]->name, err); /* this GPU lacks the instruction */
    else if (e < 0) errorf("%s: %s", r->v[i]->name, err), rc = EXIT_NOGPU;
    else half_measure(r->v[i], out, &r->st[i]), r->ran[i] = 1, nrun++;
  }
  r->wall = now_s() - t0;
  free(out);
  if (!nrun && !rc) {
    errorf("no half-precision variant runs on %s", r->ri.ginfo.name);
    rc = EXIT_USAGE;
  }
  cov[0][0] = 0, cov[0][1] = HALF_INPUTS - 1, *ncov = 1;
  return rc;
}

static void print(FILE *f, const struct kind_result *r) {
  fprintf(f, "%-20s %-8s %-20s %-22s %-22s %6s %5s %4s %4s  %s\n", "variant", "format", "max ulp", "max abs",
          "max rel", "cr", "flush", "nonf", "spec", "verdict");
  for (int i = 0; i < r->nv; i++)
    if (r->ran[i]) half_print_row(f, r->v[i], &r->st[i]);
}

static int status(const struct kind_result *r) {
  for (int i = 0; i < r->nv; i++)
    if (r->ran[i] && !strcmp(half_verdict(r->v[i], &r->st[i], 0), "VIOLATED")) return EXIT_FAIL;
  return EXIT_OK;
}

static int write_file(const char *path, const struct kind_result *r, char *err, size_t errlen) {
  json_t *res = json_array();
  for (int i = 0; i < r->nv; i++)
    if (r->ran[i]) json_array_append_new(res, half_variant_json(r->v[i], &r->st[i], NULL));
  return result_write_free(path, result_root(&r->ri, "half", 0, r->wall), res, err, errlen);
}

static int read_file(json_t *root, const char *path, struct kind_result **out, char *err, size_t errlen) {
  struct kind_result *r = calloc(1, sizeof *r);
  if (!r) return EXIT_IO;
  json_t *res = json_object_get(root, "results");
  const char *ver = json_string_value(json_object_get(root, "version"));
  if (!ver || !json_is_array(res) || !json_is_object(json_object_get(root, "device"))) {
    snprintf(err, errlen, "%s: not a half-precision result of this ulpcert (fields 'version', 'device', 'results')",
             path);
    free(r);
    return EXIT_CORRUPT;
  }
  snprintf(r->ri.version, sizeof r->ri.version, "%s", ver);
  r->ri.complete = 1;
  r->results = json_incref(res);
  r->ri.gpu = 1;
  json_t *dev = json_object_get(root, "device");
  snprintf(r->ri.device, sizeof r->ri.device, "%s", json_string_value(json_object_get(dev, "name")) ?: "");
  snprintf(r->ri.cc, sizeof r->ri.cc, "%s", json_string_value(json_object_get(dev, "compute_capability")) ?: "");
  *out = r;
  return 0;
}

const struct kind kind_half = {
    .name = "half",
    .title = "half-precision",
    .unit = "inputs",
    .run_help =
        "Half-precision variants (family half: tanh.approx.f16/.bf16, ex2.approx.f16,\n"
        "ex2.approx.ftz.bf16) run on the GPU over all 2^16 inputs of their format, in a\n"
        "command of their own; exit status 1 when a documented bound is exceeded over all\n"
        "inputs (the verdict over normal results is printed too). No range, shard or resume.\n",
    .owns = owns,
    .list = list,
    .begin = begin,
    .scan = scan,
    .status = status,
    .read = read_file,
    .info = info,
    .write = write_file,
    .print = print,
    .release = release,
    .report = half_report,
    .arch_record = half_arch_record,
    .arch_compare = half_arch_compare,
    .arch_gpu_only = 1,
};
