/* result.c: the 16-bit arithmetic kind's statistics as JSON (written and read back, so
 * that shards merge), merged, and printed. */
#include <stdlib.h>
#include <string.h>

#include "src/kinds/arith16/h16a_kind.h"

const char *const h16a_class_names[H16_NCLS] = H16_CLASS_NAMES;
const char *const h16a_third_names[H16A_NTHIRD] = H16A_THIRD_NAMES;
static const char *const post_names[] = {"none", "sat", "relu"};

const char *h16a_verdict(const struct h16a_stats *s) { return s->acc.exact == s->acc.pairs ? "HOLDS" : "VIOLATED"; }

static json_t *hex(unsigned v, int digits) {
  char b[16];
  snprintf(b, sizeof b, "0x%0*x", digits, v);
  return json_string(b);
}

static json_t *sample_json(const struct h16a_sample *e) {
  return json_pack("{s:o, s:o, s:o, s:o, s:o, s:s, s:o}", "a", hex(e->i >> 16, 4), "b", hex(e->i & 0xffff, 4), "c",
                   hex(e->c, 4), "output", hex(e->out, 4), "expected", hex(e->expected, 4), "class",
                   h16a_class_names[e->cls], "error_ulps", e->err >= 0 ? json_real(e->err) : json_null());
}

json_t *h16a_stats_json(const struct h16a_variant *v, const struct h16a_stats *s) {
  const struct h16a_acc *a = &s->acc;
  json_t *cls = json_object(), *first = json_object(), *list = json_array();
  for (int k = 0; k < H16_NCLS; k++) {
    json_object_set_new(cls, h16a_class_names[k], json_integer((json_int_t)a->cls[k]));
    json_object_set_new(first, h16a_class_names[k], a->first[k] != 0xffffffffu ? hex(a->first[k], 8) : json_null());
  }
  for (int k = 0; k < s->nlist; k++) json_array_append_new(list, sample_json(&s->list[k]));
  char dg[24];
  snprintf(dg, sizeof dg, "0x%016llx", (unsigned long long)a->digest);
  return json_pack("{s:s, s:s, s:s, s:s, s:s, s:i, s:I, s:I, s:o, s:o, s:o, s:o, s:o, s:s, s:s, s:s, s:s, s:f}",
                   "variant", v->name, "operation", v->op, "format",
                   v->fmt == FMT16_BFLOAT16 ? "bfloat16" : "binary16", "third_operand", h16a_third_names[v->third],
                   "clamp", post_names[v->post], "min_cc", v->min_cc, "pairs", (json_int_t)a->pairs, "exact",
                   (json_int_t)a->exact, "mismatches", cls, "first_by_class", first, "first_mismatches", list,
                   "max_error_ulps", a->max_err >= 0 ? json_real(a->max_err) : json_null(), "max_error_at",
                   a->max_err >= 0 ? hex(a->max_err_at, 8) : json_null(), "digest", dg, "verdict", h16a_verdict(s),
                   "documented", v->documented, "source", v->source, "seconds", s->seconds);
}

static int hex_field(json_t *o, const char *k, uint32_t *out) {
  const char *s = json_string_value(json_object_get(o, k));
  char *end;
  if (!s) return -1;
  *out = (uint32_t)strtoul(s, &end, 16);
  return *end ? -1 : 0;
}

static int sample_read(json_t *e, int fmt, struct h16a_sample *x) {
  uint32_t a, b, c, o, ex;
  const char *cl = json_string_value(json_object_get(e, "class"));
  if (hex_field(e, "a", &a) || hex_field(e, "b", &b) || hex_field(e, "c", &c) || hex_field(e, "output", &o) ||
      hex_field(e, "expected", &ex) || !cl)
    return -1;
  x->i = (a << 16) | (b & 0xffff), x->c = (uint16_t)c, x->out = (uint16_t)o, x->expected = (uint16_t)ex;
  x->cls = -1;
  for (int k = 0; k < H16_NCLS; k++)
    if (!strcmp(cl, h16a_class_names[k])) x->cls = k;
  json_t *er = json_object_get(e, "error_ulps");
  x->err = json_is_number(er) ? json_number_value(er) : -1;
  (void)fmt;
  return x->cls < 0 ? -1 : 0;
}

int h16a_stats_read(json_t *o, const struct h16a_variant **v, struct h16a_stats *s) {
  const char *name = json_string_value(json_object_get(o, "variant"));
  json_t *cls = json_object_get(o, "mismatches"), *first = json_object_get(o, "first_by_class"),
         *list = json_object_get(o, "first_mismatches"), *me = json_object_get(o, "max_error_ulps");
  memset(s, 0, sizeof *s);
  h16a_acc_init(&s->acc);
  if (!name || !(*v = h16a_find(name)) || !json_is_object(cls) || !json_is_object(first) || !json_is_array(list) ||
      json_array_size(list) > H16A_LIST)
    return -1;
  s->acc.pairs = (uint64_t)json_integer_value(json_object_get(o, "pairs"));
  s->acc.exact = (uint64_t)json_integer_value(json_object_get(o, "exact"));
  for (int k = 0; k < H16_NCLS; k++) {
    s->acc.cls[k] = (uint64_t)json_integer_value(json_object_get(cls, h16a_class_names[k]));
    if (json_is_string(json_object_get(first, h16a_class_names[k])) &&
        hex_field(first, h16a_class_names[k], &s->acc.first[k]))
      return -1;
  }
  if (json_is_number(me)) {
    s->acc.max_err = json_number_value(me);
    if (hex_field(o, "max_error_at", &s->acc.max_err_at)) return -1;
  }
  uint32_t dg_hi, dg_lo;
  const char *dg = json_string_value(json_object_get(o, "digest"));
  if (!dg || strlen(dg) != 18 || sscanf(dg + 2, "%8x%8x", &dg_hi, &dg_lo) != 2) return -1;
  s->acc.digest = ((uint64_t)dg_hi << 32) | dg_lo;
  size_t k;
  json_t *e;
  json_array_foreach(list, k, e) if (sample_read(e, (*v)->fmt, &s->list[s->nlist++])) return -1;
  s->seconds = json_number_value(json_object_get(o, "seconds"));
  return 0;
}

void h16a_stats_merge(struct h16a_stats *a, const struct h16a_stats *b) {
  struct h16a_sample all[2 * H16A_LIST];
  int n = 0, i = 0, j = 0;
  while ((i < a->nlist || j < b->nlist) && n < H16A_LIST) /* both lists are in pair order */
    all[n++] = j >= b->nlist || (i < a->nlist && a->list[i].i < b->list[j].i) ? a->list[i++] : b->list[j++];
  memcpy(a->list, all, sizeof all[0] * (size_t)n);
  a->nlist = n;
  h16a_merge(&a->acc, &b->acc);
  a->seconds += b->seconds;
}

void h16a_print(FILE *f, const struct kind_result *r) {
  fprintf(f, "%-26s %-8s %11s %11s %9s %9s %9s %9s %9s %9s  %-19s %-8s %7s\n", "variant", "format", "pairs", "exact",
          "nan", "overflow", "zero_sign", "subnormal", "rounding", "max err", "first mismatch", "verdict", "seconds");
  for (int i = 0; i < r->nv; i++) {
    if (!r->ran[i]) continue;
    const struct h16a_stats *s = &r->st[i];
    char first[40] = "-";
    if (s->nlist)
      snprintf(first, sizeof first, "(0x%04x, 0x%04x)", s->list[0].i >> 16, s->list[0].i & 0xffff);
    fprintf(f, "%-26s %-8s %11llu %11llu", r->v[i]->name, r->v[i]->fmt == FMT16_BFLOAT16 ? "bfloat16" : "binary16",
            (unsigned long long)s->acc.pairs, (unsigned long long)s->acc.exact);
    for (int k = 0; k < H16_NCLS; k++) fprintf(f, " %9llu", (unsigned long long)s->acc.cls[k]);
    fprintf(f, " %9.4f  %-19s %-8s %7.3f\n", s->acc.max_err, first, h16a_verdict(s), s->seconds);
  }
}
