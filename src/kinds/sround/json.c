/* json.c: the stochastic rounding kind's result files: the common header and, per
 * variant, its counts (sround.h's struct sr_stats). */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/results.h"
#include "src/kinds/sround/sround.h"

json_t *sr_run_json(const struct sr_run *q) {
  const struct sr_stats *s = &q->st;
  json_t *o = json_pack("{s:s, s:i, s:I, s:I, s:f, s:I, s:I, s:I, s:I, s:I, s:I, s:f, s:f, s:I, s:I, s:I}", "variant",
                       q->v.name, "k", q->v.k, "from", (json_int_t)q->from, "to", (json_int_t)q->to, "seconds",
                       q->seconds, "inputs", (json_int_t)s->inputs, "deterministic", (json_int_t)s->det,
                       "deterministic_wrong", (json_int_t)s->det_wrong, "not_neighbour", (json_int_t)s->not_nbr,
                       "k_form", (json_int_t)s->kform, "count_equal", (json_int_t)s->cnt_eq, "max_bias", s->max_bias,
                       "sum_bias", s->sum_bias, "first", s->first == UINT64_MAX ? (json_int_t)-1 : (json_int_t)s->first,
                       "first_count", (json_int_t)s->first_cnt, "first_t", (json_int_t)s->first_t);
  json_object_set_new(o, "first_deterministic", json_boolean(s->first_det));
  return o;
}

int sround_write(const char *path, const struct kind_result *r, char *err, size_t errlen) {
  json_t *root = result_header_json(&r->ri, "sround"), *res = json_array();
  result_range_json(root, &r->ri);
  for (int i = 0; i < r->nv; i++) json_array_append_new(res, sr_run_json(&r->run[i]));
  return result_write_free(path, root, res, err, errlen);
}

static int sr_entry(json_t *o, struct sr_run *q) {
  const char *name = json_string_value(json_object_get(o, "variant"));
  int n = 0;
  for (; name && n < SR_MAXVAR; n++) {
    sr_variant(n, &q->v);
    if (!strcmp(q->v.name, name)) break;
  }
  if (!name || n == SR_MAXVAR) return -1;
  json_int_t from, to, in, det, dw, nn, kf, ce, fi, fc, ft;
  double sec, mb, sb;
  if (json_unpack(o, "{s:I, s:I, s:F, s:I, s:I, s:I, s:I, s:I, s:I, s:F, s:F, s:I, s:I, s:I}", "from", &from, "to", &to,
                  "seconds", &sec, "inputs", &in, "deterministic", &det, "deterministic_wrong", &dw, "not_neighbour",
                  &nn, "k_form", &kf, "count_equal", &ce, "max_bias", &mb, "sum_bias", &sb, "first", &fi,
                  "first_count", &fc, "first_t", &ft))
    return -1;
  q->from = (uint32_t)from, q->to = (uint32_t)to, q->seconds = sec;
  q->st = (struct sr_stats){(uint64_t)in, (uint64_t)det, (uint64_t)dw, (uint64_t)nn, (uint64_t)kf, (uint64_t)ce, mb, sb,
                            fi < 0 ? UINT64_MAX : (uint64_t)fi, (uint64_t)fc, (uint64_t)ft,
                            (uint64_t)json_is_true(json_object_get(o, "first_deterministic"))};
  return 0;
}

int sround_read(json_t *root, const char *path, struct kind_result **out, char *err, size_t errlen) {
  struct kind_result *r = calloc(1, sizeof *r);
  if (!r) return EXIT_IO;
  int rc = run_info_read(root, path, &r->ri, err, errlen);
  json_t *res = json_object_get(root, "results");
  int bad = !rc && (json_array_size(res) < 1 || json_array_size(res) > SR_MAXVAR);
  for (size_t i = 0; !rc && !bad && i < json_array_size(res); i++) bad = sr_entry(json_array_get(res, i), &r->run[r->nv++]);
  if (bad) {
    snprintf(err, errlen, "%s: missing or invalid field 'results'", path);
    rc = EXIT_CORRUPT;
  }
  if (rc) {
    free(r);
    return rc;
  }
  *out = r;
  return 0;
}
