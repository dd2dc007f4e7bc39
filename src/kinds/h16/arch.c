/* arch.c: the 16-bit function kind's part of arch records: every output of every variant
 * (65,536 x 4 hex digits per array; an array equal to one recorded before it is stored as
 * {"same_as": label}: the h2 lanes and the fast-math build mostly repeat the scalar
 * default one), so that a compare names every input whose output changed, with both
 * outputs, and how the statistics moved. Labels: the variant's name for its scalar or low
 * lane outputs, name + ":high" for an h2 form's high lane. */
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/h16/h16_kind.h"

#define NARR (2 * H16FN_NV)

struct arrays { /* the arrays of a record, by label */
  int n;
  char label[NARR][64];
  uint16_t *a[NARR];
};

static void arrays_free(struct arrays *s) {
  for (int i = 0; i < s->n; i++) free(s->a[i]);
  s->n = 0;
}

static const uint16_t *arrays_get(const struct arrays *s, const char *label) {
  for (int i = 0; i < s->n; i++)
    if (!strcmp(s->label[i], label)) return s->a[i];
  return NULL;
}

/* out as hex, or a reference to the equal array recorded before; kept under label */
static json_t *array_json(struct arrays *s, const char *label, const uint16_t *out) {
  json_t *j = NULL;
  for (int i = 0; i < s->n && !j; i++)
    if (!memcmp(s->a[i], out, sizeof(uint16_t) * H16FN_INPUTS)) j = json_pack("{s:s}", "same_as", s->label[i]);
  if (!j) {
    char *h = malloc(4 * H16FN_INPUTS + 1);
    if (!h) return json_null();
    for (uint32_t x = 0; x < H16FN_INPUTS; x++) snprintf(h + 4 * x, 5, "%04x", out[x]);
    j = json_string(h);
    free(h);
  }
  if (s->n < NARR && (s->a[s->n] = malloc(sizeof(uint16_t) * H16FN_INPUTS))) {
    memcpy(s->a[s->n], out, sizeof(uint16_t) * H16FN_INPUTS);
    snprintf(s->label[s->n++], sizeof s->label[0], "%s", label);
  }
  return j;
}

/* a record's array (hex, or same_as an earlier label) into out, kept under label: 0 or -1 */
static int array_read(struct arrays *s, const char *label, json_t *j, uint16_t *out) {
  const char *h = json_string_value(j), *same = json_string_value(json_object_get(j, "same_as"));
  const uint16_t *prev = same ? arrays_get(s, same) : NULL;
  if (prev) memcpy(out, prev, sizeof(uint16_t) * H16FN_INPUTS);
  else if (!h || strlen(h) != 4 * H16FN_INPUTS) return -1;
  else
    for (uint32_t x = 0; x < H16FN_INPUTS; x++) {
      char g[5] = {h[4 * x], h[4 * x + 1], h[4 * x + 2], h[4 * x + 3], 0}, *end;
      out[x] = (uint16_t)strtoul(g, &end, 16);
      if (*end) return -1;
    }
  if (s->n < NARR && (s->a[s->n] = malloc(sizeof(uint16_t) * H16FN_INPUTS))) {
    memcpy(s->a[s->n], out, sizeof(uint16_t) * H16FN_INPUTS);
    snprintf(s->label[s->n++], sizeof s->label[0], "%s", label);
  }
  return 0;
}

/* Every variant of line 'line': evaluated, measured; outputs in o[fast][0..2]. */
static int eval_line(int dev, int line, uint16_t *exp, double *y, struct h16fn_stats *st, uint16_t *o[2][3]) {
  char err[512];
  int want[H16FN_NV] = {0}, rc = 0;
  for (int k = 0; k < 4; k++) want[4 * line + k] = 1;
  const struct h16fn_variant *v = &h16fn_variants[4 * line];
  if (h16fn_expected(v->ref, v->fmt, exp, y, err, sizeof err)) {
    errorf("%s", err);
    return EXIT_DEPEND;
  }
  for (int fast = 0; fast < 2 && !rc; fast++) rc = h16fn_run_line(dev, line, fast, exp, y, want, st, o[fast]);
  return rc;
}

struct work {
  uint16_t *buf, *exp, *o[2][3];
  double *y;
  struct h16fn_stats st[H16FN_NV];
};

static int work_init(struct work *w) {
  w->buf = malloc(sizeof(uint16_t) * H16FN_INPUTS * 7);
  w->y = malloc(sizeof(double) * H16FN_INPUTS);
  if (!w->buf || !w->y) return EXIT_IO;
  w->exp = w->buf + 6 * H16FN_INPUTS;
  for (int k = 0; k < 6; k++) w->o[k / 3][k % 3] = w->buf + k * H16FN_INPUTS;
  return 0;
}

int h16fn_arch_record(struct arch_ctx *a) {
  if (!a->ri->gpu) return 0;
  const int dev = a->sc->o.ndevices > 0 ? a->sc->o.devices[0] : 0;
  struct work *w = calloc(1, sizeof *w);
  struct arrays *s = calloc(1, sizeof *s);
  json_t *part = json_array();
  int rc = w && s ? work_init(w) : EXIT_IO;
  for (int line = 0; line < H16FN_NL && !rc; line++) {
    if ((rc = eval_line(dev, line, w->exp, w->y, w->st, w->o))) break;
    for (int k = 0; k < 4; k++) {
      const struct h16fn_variant *v = &h16fn_variants[4 * line + k];
      uint16_t *const *o = w->o[v->fast];
      char hl[80];
      json_t *e = h16fn_stats_json(v, &w->st[4 * line + k]);
      json_object_set_new(e, "outputs", array_json(s, v->name, v->h2 ? o[1] : o[0]));
      snprintf(hl, sizeof hl, "%s:high", v->name);
      if (v->h2) json_object_set_new(e, "outputs_high", array_json(s, hl, o[2]));
      json_array_append_new(part, e);
    }
  }
  if (!rc) {
    printf("recorded %zu 16-bit function variants (%d distinct output arrays)\n", json_array_size(part), s->n);
    a->recorded = (int)json_array_size(part);
    json_object_set_new(a->record, "h16", part);
  } else {
    errorf("16-bit functions not recorded");
    json_decref(part);
  }
  if (s) arrays_free(s);
  if (w) free(w->buf), free(w->y);
  free(w), free(s);
  return rc;
}

/* a lane of a variant against the baseline's: identical, or the inputs that differ */
static int compare_lane(const struct h16fn_variant *v, const char *lane, const uint16_t *then, const uint16_t *now) {
  uint32_t nd = 0;
  for (uint32_t x = 0; x < H16FN_INPUTS; x++) nd += then[x] != now[x];
  if (!nd) return 0;
  printf("%-30s DIFFERS on %u of %u inputs%s%s\n", v->name, nd, H16FN_INPUTS, lane[0] ? " in the lane " : "", lane);
  for (uint32_t x = 0, shown = 0; x < H16FN_INPUTS && shown < 8; x++)
    if (then[x] != now[x]) {
      printf("  input 0x%04x (%a): baseline 0x%04x (%a), now 0x%04x (%a)\n", x, f16_decode(v->fmt, (uint16_t)x),
             then[x], f16_decode(v->fmt, then[x]), now[x], f16_decode(v->fmt, now[x]));
      shown++;
    }
  return 1;
}

/* one baseline entry: its arrays against this GPU's outputs of the same variant */
static int compare_entry(struct arrays *s, json_t *e, struct work *w, int *done_line, int dev, int *differ) {
  const struct h16fn_variant *v = h16fn_find(json_string_value(json_object_get(e, "variant")) ?: "");
  uint16_t *then = malloc(sizeof(uint16_t) * 2 * H16FN_INPUTS);
  char hl[80];
  int rc = v && then ? 0 : EXIT_CORRUPT;
  if (!rc) snprintf(hl, sizeof hl, "%s:high", v->name);
  if (!rc && (array_read(s, v->name, json_object_get(e, "outputs"), then) ||
              (v->h2 && array_read(s, hl, json_object_get(e, "outputs_high"), then + H16FN_INPUTS))))
    rc = EXIT_CORRUPT;
  if (!rc && *done_line != v->line) rc = eval_line(dev, v->line, w->exp, w->y, w->st, w->o), *done_line = v->line;
  if (!rc) {
    uint16_t *const *o = w->o[v->fast];
    int d = compare_lane(v, v->h2 ? "low" : "", then, v->h2 ? o[1] : o[0]);
    if (v->h2) d |= compare_lane(v, "high", then + H16FN_INPUTS, o[2]);
    if (!d) printf("%-30s identical (%u inputs%s)\n", v->name, H16FN_INPUTS, v->h2 ? ", both lanes" : "");
    else {
      const struct h16fn_stats *st = &w->st[h16fn_index(v)];
      printf("  now: exact %u of %u, max %d ulps from CR, %s; baseline: exact %lld, %s\n", st->exact, st->inputs,
             st->max_steps, h16fn_verdict(v, st), json_integer_value(json_object_get(e, "exact")),
             json_string_value(json_object_get(e, "verdict")) ?: "-");
      *differ = 1;
    }
  }
  free(then);
  return rc;
}

int h16fn_arch_compare(struct arch_ctx *ac) {
  json_t *arr = json_object_get(ac->base, "h16");
  if (!json_array_size(arr)) return 0;
  if (!ac->ri->gpu) {
    printf("%zu 16-bit function variants not compared: they run on a GPU only\n", json_array_size(arr));
    return 0;
  }
  struct work *w = calloc(1, sizeof *w);
  struct arrays *s = calloc(1, sizeof *s);
  int rc = w && s ? work_init(w) : EXIT_IO, done_line = -1;
  size_t k;
  json_t *e;
  json_array_foreach(arr, k, e) {
    if (rc) break;
    rc = compare_entry(s, e, w, &done_line, ac->sc->o.ndevices > 0 ? ac->sc->o.devices[0] : 0, &ac->differ);
    if (rc == EXIT_CORRUPT) errorf("%s: h16[%zu] is not a 16-bit function variant with its outputs", ac->base_path, k);
  }
  if (s) arrays_free(s);
  if (w) free(w->buf), free(w->y);
  free(w), free(s);
  return rc;
}
