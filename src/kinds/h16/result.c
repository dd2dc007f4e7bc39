/* result.c: the 16-bit function kind's evaluation of a line on the device, its variants'
 * statistics as JSON, and the printed table. */
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/h16/h16_kind.h"

const char *const h16fn_class_names[H16_NCLS] = H16_CLASS_NAMES;

int h16fn_run_line(int device, int line, int fast, const uint16_t *exp, const double *y, const int *want,
                   struct h16fn_stats *st, uint16_t *out[3]) {
  uint16_t *own = out ? NULL : malloc(3 * sizeof(uint16_t) * H16FN_INPUTS);
  uint16_t *sc = out ? out[0] : own, *lo = out ? out[1] : own + H16FN_INPUTS,
           *hi = out ? out[2] : own + 2 * H16FN_INPUTS;
  char err[512];
  if (!sc) return EXIT_IO;
  int rc = gpu_h16fn_eval(device, line, fast, sc, lo, hi, err, sizeof err);
  if (rc) errorf("%s: %s", h16fn_variants[4 * line].name, err), rc = EXIT_NOGPU;
  for (int h2 = 0; h2 < 2 && !rc; h2++) {
    const int v = 4 * line + 2 * fast + h2;
    const uint16_t *const o[2] = {h2 ? lo : sc, hi};
    if (want[v]) h16fn_measure(&h16fn_variants[v], exp, y, o, sc, &st[v]);
  }
  free(own);
  return rc;
}

static json_t *hex16(unsigned b) {
  char s[8];
  snprintf(s, sizeof s, "0x%04x", b & 0xffff);
  return json_string(s);
}

static json_t *lanes_json(const struct h16fn_stats *s) {
  return json_pack("{s:i, s:i, s:o, s:o}", "low_differs_from_scalar", (int)s->lane_diff[0],
                   "high_differs_from_scalar", (int)s->lane_diff[1], "first_low",
                   s->lane_first[0] >= 0 ? hex16((unsigned)s->lane_first[0]) : json_null(), "first_high",
                   s->lane_first[1] >= 0 ? hex16((unsigned)s->lane_first[1]) : json_null());
}

json_t *h16fn_stats_json(const struct h16fn_variant *v, const struct h16fn_stats *s) {
  json_t *cls = json_object(), *list = json_array();
  for (int k = 0; k < H16_NCLS; k++) json_object_set_new(cls, h16fn_class_names[k], json_integer(s->cls[k]));
  for (int k = 0; k < s->nlist; k++) {
    const struct h16fn_sample *e = &s->list[k];
    json_array_append_new(list, json_pack("{s:o, s:o, s:o, s:s, s:s}", "input", hex16(e->input), "output",
                                          hex16(e->output), "expected", hex16(e->expected), "class",
                                          h16fn_class_names[e->cls], "lane", !v->h2 ? "scalar" : e->lane ? "high" : "low"));
  }
  char dg[24];
  snprintf(dg, sizeof dg, "0x%016llx", (unsigned long long)s->digest);
  json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:i, s:i, s:o, s:o, s:i, s:o, s:o, s:o, s:i, s:s, s:s, s:s, s:s}",
                        "variant", v->name, "function", v->fn, "form", v->h2 ? "h2" : "scalar", "build",
                        v->fast ? "fastmath" : "default", "format", h16fn_fmt_name(v->fmt), "reference", v->ref,
                        "inputs", (int)s->inputs, "exact", (int)s->exact, "mismatches", cls, "first_mismatches", list,
                        "max_ulps_from_cr", (int)s->max_steps, "max_ulps_from_cr_input", hex16(s->max_steps_input),
                        "max_error_ulps", s->max_err >= 0 ? json_real(s->max_err) : json_null(), "max_error_input",
                        s->max_err >= 0 ? hex16(s->max_err_input) : json_null(), "documented_ulps", v->documented,
                        "documented_note", "maximum observed, not guaranteed (CUDA Programming Guide 5.5)", "source",
                        v->source, "verdict", h16fn_verdict(v, s), "digest", dg);
  if (v->h2) json_object_set_new(o, "lanes", lanes_json(s));
  return o;
}

void h16fn_print(FILE *f, const struct kind_result *r) {
  fprintf(f, "%-30s %-8s %6s %6s %5s %8s %9s %9s %8s %8s %9s  %-5s %s\n", "variant", "format", "inputs", "exact",
          "nan", "overflow", "zero_sign", "subnormal", "rounding", "max ulps", "max err", "doc", "verdict");
  for (int i = 0; i < H16FN_NV; i++) {
    if (!r->ran[i]) continue;
    const struct h16fn_variant *v = &h16fn_variants[i];
    const struct h16fn_stats *s = &r->st[i];
    fprintf(f, "%-30s %-8s %6u %6u %5u %8u %9u %9u %8u %8d %9.4f  %-5d %s", v->name, h16fn_fmt_name(v->fmt),
            s->inputs, s->exact, s->cls[0], s->cls[1], s->cls[2], s->cls[3], s->cls[4], s->max_steps, s->max_err,
            v->documented, h16fn_verdict(v, s));
    if (v->h2 && (s->lane_diff[0] || s->lane_diff[1]))
      fprintf(f, "  (lanes differ from the scalar form: low %u, high %u)", s->lane_diff[0], s->lane_diff[1]);
    fprintf(f, "\n");
  }
}
