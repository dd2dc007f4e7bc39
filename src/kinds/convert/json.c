/* json.c: a conversion variant's result as JSON and as a printed row. Inputs and outputs
 * are bit patterns in hexadecimal (a source code, or binary32 bits), as wide as their
 * format. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/convert/conv_kind.h"

static const char *const class_names[CL_N] = CONV_CLASS_NAMES;

/* hex digits of a code of format f as results write it */
static int digits(int f) { return f == LOWP_F32 || f == LOWP_TF32 ? 8 : f == LOWP_F16 || f == LOWP_BF16 ? 4 : 2; }
int conv_out_digits(const struct conv_def *d) { return digits(d->dst); }

static json_t *hexn(uint32_t v, int nd) {
  char b[16];
  snprintf(b, sizeof b, "0x%0*x", nd, v);
  return json_string(b);
}

/* the static description of the variant: what it converts, under which documented rules */
static json_t *describe(const struct conv_variant *v) {
  const struct conv_def *d = v->d;
  return json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:b, s:b, s:s}", "variant", v->name,
                   "conversion", d->name, "family", d->family, "flavour", conv_flavour_name(v->flav), "api", d->api,
                   "source", lowp_name(d->src), "target", lowp_name(d->dst), "mode", lowp_mode_name(d->sem.mode),
                   "overflow", lowp_ovf_name(d->sem.ovf), "nan", lowp_nanres_name(d->sem.nan), "relu", d->sem.relu,
                   "x2_form", d->x2, "documented", d->doc);
}

/* every mismatch with the documented result, when there are few enough */
static json_t *mismatch_list(const struct conv_run *cr) {
  const struct conv_def *d = cr->v->d;
  const struct conv_stats *s = &cr->st;
  if (s->mismatches > CONV_LIST) return json_null();
  const struct conv_kparams kp = conv_kparams_of(d);
  json_t *a = json_array();
  for (uint32_t i = 0; i < s->nlist; i++) {
    const uint32_t x = s->list[i][0], xv = kp.src_f32 ? x : lowp_to_f32(kp.sf, x);
    const uint32_t want = lowp_round(kp.df, kp.sem, xv).code;
    json_array_append_new(a, json_pack("[o, o, o]", hexn(x, digits(d->src)), hexn(s->list[i][1], digits(d->dst)),
                                       hexn(want, digits(d->dst))));
  }
  return a;
}

static json_t *classes(const struct conv_run *cr) {
  const struct conv_def *d = cr->v->d;
  json_t *o = json_object();
  for (int c = 0; c < CL_N; c++)
    json_object_set_new(o, class_names[c],
                        cr->st.cls[c] ? json_pack("{s:I, s:o, s:o}", "count", (json_int_t)cr->st.cls[c], "first",
                                                  hexn(cr->st.first[c], digits(d->src)), "output",
                                                  hexn(cr->st.first_out[c], digits(d->dst)))
                                      : json_pack("{s:I}", "count", (json_int_t)0));
  return o;
}

/* with record: the digest of every bin of 2^24 binary32 inputs, or every output of a
 * small domain (and the x2 lanes where they disagree with it) */
static void add_record(json_t *o, const struct conv_run *cr) {
  const struct conv_def *d = cr->v->d;
  if (d->src == LOWP_F32) {
    json_t *b = json_array();
    for (int i = 0; i < CONV_BINS; i++) {
      char h[24];
      snprintf(h, sizeof h, "%016llx", (unsigned long long)cr->st.bins[i]);
      json_array_append_new(b, json_string(h));
    }
    json_object_set_new(o, "bins", b);
    return;
  }
  const int nd = digits(d->dst);
  const uint32_t n = cr->to + 1;
  /* the x2 lanes only where they differ from the scalar outputs somewhere */
  for (int k = 0; k < (d->x2 && cr->st.lane_bad ? 3 : 1) && cr->out; k++) {
    const uint32_t *v = k == 0 ? cr->out : k == 1 ? cr->lo : cr->hi;
    char *buf = malloc((size_t)n * nd + 1);
    if (!buf) continue;
    for (uint32_t i = 0; i < n; i++) snprintf(buf + (size_t)i * nd, (size_t)nd + 1, "%0*x", nd, v[i]);
    json_object_set_new(o, k == 0 ? "outputs" : k == 1 ? "x2_lo" : "x2_hi", json_string(buf));
    free(buf);
  }
}

json_t *conv_run_json(const struct conv_run *cr, int record) {
  const struct conv_def *d = cr->v->d;
  const struct conv_stats *s = &cr->st;
  json_t *o = describe(cr->v);
  json_object_set_new(o, "ran", json_boolean(cr->ran));
  if (!cr->ran) {
    json_object_set_new(o, "why", json_string(cr->why));
    return o;
  }
  char dg[24], arch[16] = "host";
  snprintf(dg, sizeof dg, "0x%016llx", (unsigned long long)s->digest);
  if (cr->arch) snprintf(arch, sizeof arch, "sm_%d", cr->arch / 10);
  json_object_set_new(o, "path", json_string(cr->path));
  json_object_set_new(o, "compiled_for", json_string(arch));
  json_object_set_new(o, "range", json_pack("[o, o]", hexn(cr->from, digits(d->src)), hexn(cr->to, digits(d->src))));
  json_object_set_new(o, "inputs", json_integer((json_int_t)s->inputs));
  json_object_set_new(o, "exact", json_integer((json_int_t)s->exact));
  json_object_set_new(o, "nan_other_encoding", json_integer((json_int_t)s->nan_other));
  json_object_set_new(o, "mismatches", json_integer((json_int_t)s->mismatches));
  json_object_set_new(o, "classes", classes(cr));
  json_object_set_new(o, "mismatch_list", mismatch_list(cr));
  json_object_set_new(o, "x2", d->x2 ? json_pack("{s:I, s:I, s:o}", "lanes", (json_int_t)s->lanes, "mismatches",
                                                 (json_int_t)s->lane_bad, "first",
                                                 s->lane_bad ? hexn(s->lane_first, digits(d->src)) : json_null())
                                     : json_null());
  json_object_set_new(o, "err_inputs", json_integer((json_int_t)s->err_n));
  json_object_set_new(o, "max_err", s->err_n ? json_real(conv_max_err(s)) : json_null());
  json_object_set_new(o, "max_err_input", s->err_n ? hexn(conv_max_err_input(s), digits(d->src)) : json_null());
  json_object_set_new(o, "max_err_output", s->err_n ? hexn(s->err_out, digits(d->dst)) : json_null());
  json_object_set_new(o, "digest", json_string(dg));
  json_object_set_new(o, "seconds", json_real(cr->seconds));
  json_object_set_new(o, "verdict", json_string(conv_verdict(s)));
  if (record) add_record(o, cr);
  return o;
}

int conv_parse_outputs(json_t *o, uint32_t n, uint32_t *out) {
  const char *h = json_string_value(o);
  if (!h || strlen(h) % n || !strlen(h)) return -1;
  const size_t nd = strlen(h) / n;
  if (nd > 8) return -1;
  for (uint32_t i = 0; i < n; i++) {
    char b[9] = {0}, *e;
    memcpy(b, h + (size_t)i * nd, nd);
    out[i] = (uint32_t)strtoul(b, &e, 16);
    if (*e) return -1;
  }
  return 0;
}

/* "nan 3 (first 0x7f800001)" for each class with mismatches, or "-" */
static void class_text(char *buf, size_t n, const struct conv_run *cr) {
  size_t k = 0;
  buf[0] = 0;
  for (int c = 0; c < CL_N && k < n; c++)
    if (cr->st.cls[c])
      k += (size_t)snprintf(buf + k, n - k, "%s%s %llu (0x%0*x)", k ? ", " : "", class_names[c],
                            (unsigned long long)cr->st.cls[c], digits(cr->v->d->src), cr->st.first[c]);
  if (!k) k = (size_t)snprintf(buf, n, "-");
  if (cr->st.nan_other && k < n)
    snprintf(buf + k, n - k, " (and %llu NaNs of another encoding, accepted)", (unsigned long long)cr->st.nan_other);
}

void conv_print_row(FILE *f, const struct conv_run *cr) {
  if (!cr->ran) {
    fprintf(f, "%-38s not run: %s\n", cr->v->name, cr->why);
    return;
  }
  const struct conv_stats *s = &cr->st;
  char cls[512], err[32] = "-", x2[24] = "-";
  class_text(cls, sizeof cls, cr);
  if (s->err_n) snprintf(err, sizeof err, "%.6g", conv_max_err(s));
  if (cr->v->d->x2) snprintf(x2, sizeof x2, "%llu", (unsigned long long)s->lane_bad);
  fprintf(f, "%-38s %-8s %10llu %10llu %10llu %-9s %-6s %-8s %s\n", cr->v->name, cr->path,
          (unsigned long long)s->inputs, (unsigned long long)s->exact, (unsigned long long)s->mismatches, err, x2,
          conv_verdict(s), cls);
}
