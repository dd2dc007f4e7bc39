/* ptx16_arch.c: the PTX half-precision forms' part of arch records ("half"): every output of every variant
 * this GPU runs (65,536 x 4 hex digits each), so that a compare names every changed input
 * with both outputs and how the statistics moved. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/h16/h16_kind.h"

static json_t *record_json(int device, char *err, size_t errlen) {
  json_t *a = json_array();
  uint16_t *out = malloc(sizeof(uint16_t) * HALF_INPUTS);
  if (!a || !out) {
    snprintf(err, errlen, "out of host memory");
    json_decref(a);
    free(out);
    return NULL;
  }
  for (int i = 0; i < HALF_NFN; i++) {
    struct half_stats s;
    int r = gpu_half_eval(device, i, out, err, errlen);
    if (r > 0) continue; /* not on this architecture */
    if (r < 0) {
      json_decref(a);
      a = NULL;
      break;
    }
    half_measure(&half_variants[i], out, &s);
    json_array_append_new(a, half_variant_json(&half_variants[i], &s, out));
  }
  free(out);
  return a;
}

int half_arch_record(struct arch_ctx *a) {
  if (!a->ri->gpu) return 0;
  char err[512];
  int dev = a->sc->o.ndevices > 0 ? a->sc->o.devices[0] : 0;
  json_t *h = record_json(dev, err, sizeof err);
  /* on a failure the rest of the record is still written, and the exit status says it */
  if (!h) {
    errorf("half-precision variants not recorded: %s", err);
    return EXIT_NOGPU;
  }
  printf("recorded %zu half-precision variants\n", json_array_size(h));
  a->recorded = (int)json_array_size(h);
  json_object_set_new(a->record, "half", h);
  return 0;
}

int half_arch_compare(struct arch_ctx *ac) {
  const char *path = ac->base_path;
  const int device = ac->ri->gpu ? (ac->sc->o.ndevices > 0 ? ac->sc->o.devices[0] : 0) : -1;
  int *differ = &ac->differ;
  json_t *arr = json_object_get(ac->base, "half");
  int rc = 0;
  if (device < 0 && json_array_size(arr)) {
    printf("%zu half-precision variants not compared: they run on a GPU only\n", json_array_size(arr));
    return 0;
  }
  uint16_t *then = malloc(sizeof(uint16_t) * HALF_INPUTS), *now = malloc(sizeof(uint16_t) * HALF_INPUTS);
  if (!then || !now) rc = EXIT_IO;
  size_t k;
  json_t *o;
  json_array_foreach(arr, k, o) {
    if (rc) break;
    const char *name = json_string_value(json_object_get(o, "variant"));
    const struct half_variant *v = NULL;
    for (int i = 0; i < HALF_NFN && name; i++)
      if (!strcmp(name, half_variants[i].name)) v = &half_variants[i];
    if (!v || half_parse_outputs(o, then)) {
      errorf("%s: half[%zu] is not a half-precision variant with its outputs", path, k);
      rc = EXIT_CORRUPT;
      break;
    }
    char err[512];
    int r = gpu_half_eval(device, half_index(v), now, err, sizeof err);
    if (r > 0) {
      printf("%-16s not run here: %s\n", v->name, err);
      *differ = 1;
      continue;
    }
    if (r < 0) {
      errorf("%s: %s", v->name, err);
      rc = EXIT_NOGPU;
      break;
    }
    uint32_t nd = 0;
    for (uint32_t i = 0; i < HALF_INPUTS; i++) nd += then[i] != now[i];
    if (!nd) {
      printf("%-16s identical (%u inputs)\n", v->name, HALF_INPUTS);
      continue;
    }
    *differ = 1;
    printf("%-16s DIFFERS on %u of %u inputs\n", v->name, nd, HALF_INPUTS);
    for (uint32_t i = 0, shown = 0; i < HALF_INPUTS && shown < 8; i++)
      if (then[i] != now[i]) {
        printf("  input 0x%04x (%a): baseline 0x%04x (%a), now 0x%04x (%a)\n", i, half_decode(v->fmt, (uint16_t)i),
               then[i], half_decode(v->fmt, then[i]), now[i], half_decode(v->fmt, now[i]));
        shown++;
      }
    struct half_stats a, b;
    half_measure(v, then, &a);
    half_measure(v, now, &b);
    printf("  max ulp %s at 0x%04x -> %s at 0x%04x; max rel %.4e -> %.4e; max abs %.4e -> %.4e; "
           "correctly rounded %u -> %u\n",
           NUM(a.max_ulp, 5), a.max_ulp_input, NUM(b.max_ulp, 5), b.max_ulp_input, a.max_rel, b.max_rel, a.max_abs, b.max_abs,
           a.correctly_rounded, b.correctly_rounded);
  }
  free(then);
  free(now);
  return rc;
}
