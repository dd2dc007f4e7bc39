/* ptx16_kind.c: the 16-bit function kind's entries for the catalogue's HALF_VARIANT lines
 * (the PTX half-precision forms, family half), each over all 2^16 inputs of its format on
 * the GPU, against the binary32 references rounded to the format (ptx16.c). They run in a
 * command of their own (kind.c sends a run or file of them here). No ranges, shards or
 * resumption: 2^16 inputs take milliseconds. Their outputs travel whole in arch records. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/kind.h"
#include "src/engine/results.h"
#include "src/kinds/h16/h16_kind.h"
#include "src/report/report.h"

int ptx16_owns(const char *name) { return !strcmp(name, "half") || half_find(name) != NULL; }

void ptx16_list(FILE *f) {
  fprintf(f, "\nhalf precision (family half; all 2^16 inputs of the format; GPU only):\n");
  for (int i = 0; i < HALF_NFN; i++) {
    const struct half_variant *v = &half_variants[i];
    fprintf(f, "  %-24s %-8s documented %s %s: %s\n", v->name, v->fmt->name, v->doc_abs ? "abs" : "rel",
            v->doc_abs ? v->doc_abs : v->doc_rel, v->description);
  }
}

int ptx16_begin(struct run_request *rq, struct kind_result **out) {
  if (rq->resume || rq->shard_n || rq->source || rq->function) {
    errorf("--resume, --shard and --source do not apply to half-precision variants (2^16 inputs each)");
    return EXIT_USAGE;
  }
  int rc = gpu_only_backend(rq->sc, "half-precision variants are GPU instructions");
  if (rc) return rc;
  struct kind_result *r = calloc(1, sizeof *r);
  struct ptx16_part *p = calloc(1, sizeof *p);
  if (!r || !p) {
    free(r), free(p);
    return EXIT_IO;
  }
  r->ptx = p;
  for (int i = 0; i < rq->nnames; i++)
    for (int k = 0; k < HALF_NFN; k++) {
      int take = !strcmp(rq->names[i], "half") || !strcmp(rq->names[i], half_variants[k].name);
      for (int j = 0; j < p->nv && take; j++) take = p->v[j] != &half_variants[k];
      if (take) p->v[p->nv++] = &half_variants[k];
    }
  if ((rc = run_info_gpu(&r->ri, "half-precision variants"))) {
    free(p), free(r);
    return rc;
  }
  r->ri.from = 0, r->ri.to = HALF_INPUTS - 1;
  r->device = first_device(rq->sc);
  *out = r;
  return 0;
}

/* Every form over every input of its format (the range does not apply). */
int ptx16_scan(struct kind_result *r) {
  struct ptx16_part *p = r->ptx;
  uint16_t *out = malloc(sizeof(uint16_t) * HALF_INPUTS);
  char err[512];
  int rc = out ? 0 : EXIT_IO, nrun = 0;
  const double t0 = now_s();
  for (int i = 0; i < p->nv && !rc; i++) {
    int e = gpu_half_eval(r->device, half_index(p->v[i]), out, err, sizeof err);
    if (e > 0) noticef("%s skipped: %s", p->v[i]->name, err); /* this GPU lacks the instruction */
    else if (e < 0) errorf("%s: %s", p->v[i]->name, err), rc = EXIT_NOGPU;
    else half_measure(p->v[i], out, &p->st[i]), p->ran[i] = 1, nrun++;
  }
  r->wall = now_s() - t0;
  free(out);
  if (!nrun && !rc) {
    errorf("no half-precision variant runs on %s", r->ri.ginfo.name);
    rc = EXIT_USAGE;
  }
  return rc;
}

void ptx16_print(FILE *f, const struct kind_result *r) {
  const struct ptx16_part *p = r->ptx;
  fprintf(f, "%-20s %-8s %-20s %-22s %-22s %6s %5s %4s %4s  %s\n", "variant", "format", "max ulp", "max abs",
          "max rel", "cr", "flush", "nonf", "spec", "verdict");
  for (int i = 0; i < p->nv; i++)
    if (p->ran[i]) half_print_row(f, p->v[i], &p->st[i]);
}

int ptx16_status(const struct kind_result *r) {
  const struct ptx16_part *p = r->ptx;
  for (int i = 0; i < p->nv; i++)
    if (p->ran[i] && !strcmp(half_verdict(p->v[i], &p->st[i], 0), "VIOLATED")) return EXIT_FAIL;
  return EXIT_OK;
}

/* A result file of the kind h16 whose variants are the PTX forms (ptx16_read tells them
 * apart by their names). */
int ptx16_write(const char *path, const struct kind_result *r, char *err, size_t errlen) {
  const struct ptx16_part *p = r->ptx;
  json_t *res = json_array();
  for (int i = 0; i < p->nv; i++)
    if (p->ran[i]) json_array_append_new(res, half_variant_json(p->v[i], &p->st[i], NULL));
  return result_write_free(path, result_root(&r->ri, "h16", 0, r->wall), res, err, errlen);
}

/* Is root a result of the PTX forms: of the kind "half" (files written before the forms
 * joined the 16-bit function kind), or with results that are all PTX forms? */
static int is_ptx16(json_t *root) {
  const char *k = json_string_value(json_object_get(root, "kind"));
  if (k && !strcmp(k, "half")) return 1;
  json_t *res = json_object_get(root, "results"), *o;
  size_t i;
  if (!json_array_size(res)) return 0;
  json_array_foreach(res, i, o) if (!half_find(json_string_value(json_object_get(o, "variant")) ?: "")) return 0;
  return 1;
}

int ptx16_read(json_t *root, const char *path, struct kind_result **out, int *rc, char *err, size_t errlen) {
  if (!is_ptx16(root)) return 0;
  struct kind_result *r = calloc(1, sizeof *r);
  struct ptx16_part *p = calloc(1, sizeof *p);
  *rc = 0;
  if (!r || !p) {
    free(r), free(p);
    *rc = EXIT_IO;
    return 1;
  }
  json_t *res = json_object_get(root, "results");
  const char *ver = json_string_value(json_object_get(root, "version"));
  if (!ver || !json_is_array(res) || !json_is_object(json_object_get(root, "device"))) {
    snprintf(err, errlen, "%s: not a half-precision result of this ulpcert (fields 'version', 'device', 'results')",
             path);
    free(r), free(p);
    *rc = EXIT_CORRUPT;
    return 1;
  }
  r->ptx = p;
  snprintf(r->ri.version, sizeof r->ri.version, "%s", ver);
  r->ri.complete = 1;
  r->results = json_incref(res);
  r->ri.gpu = 1;
  json_t *dev = json_object_get(root, "device");
  snprintf(r->ri.device, sizeof r->ri.device, "%s", json_string_value(json_object_get(dev, "name")) ?: "");
  snprintf(r->ri.cc, sizeof r->ri.cc, "%s", json_string_value(json_object_get(dev, "compute_capability")) ?: "");
  *out = r;
  return 1;
}
