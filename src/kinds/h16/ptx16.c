/* ptx16.c: the PTX half-precision MUFU forms (family half), tanh.approx and ex2.approx on
 * binary16 and bfloat16, over all 2^16 inputs of their format.
 *
 * Every input of these formats is a binary32 number, so the reference is the one of the
 * binary32 engine: (y, t) with y = RN53(f(x)) and t = sign(y - f(x)) (reference.h).
 * RN_p(f(x)) follows from it exactly for p <= 24 (half_round), and the measures are the
 * engine's (stats_add_special, metrics.h) with the ulp of the narrow format. */
#include "src/kinds/h16/ptx16.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "reference/formats/format.h"
#include "reference/reference.h"
#include "src/common.h"
#include "src/catalogue/registry.h"
#include "src/measure/metrics.h"

/* the two formats' lines of reference/formats/format.h (emax = bias: IEEE formats) */
#define HALF_FMT(id, token, name, ebits, mbits, bias, ...) {name, (mbits) + 1, 1 - (bias), (bias), id}
const struct half_fmt half_binary16 = LOWP_FMT_F16(HALF_FMT), half_bfloat16 = LOWP_FMT_BF16(HALF_FMT);
#undef HALF_FMT

const struct half_variant half_variants[HALF_NFN] = {
#define HALF_VARIANT(nm, dfn, fm, rf, cc, dabs, drel, src, desc) {nm, nm, &fm, rf, dabs, drel, src, desc},
#include "src/catalogue/catalogue_list.h"
};

int half_index(const struct half_variant *v) { return (int)(v - half_variants); }

const struct half_variant *half_find(const char *name) {
  for (int i = 0; i < HALF_NFN; i++)
    if (!strcmp(half_variants[i].name, name)) return &half_variants[i];
  return NULL;
}

double half_decode(const struct half_fmt *f, uint16_t bits) { return lowp_decode(lowp_format(f->id), bits); }

double half_ulp(const struct half_fmt *f, double y) { return lowp_ulp(lowp_format(f->id), y); }

/* RN_p(z) from y = RN53(z), t = sign(y - z): format.h's lowp_round_pair (its proof
 * there), but for a NaN y, which gives the quiet NaN with only the top fraction bit set
 * (0x7e00, 0x7fc0), this kind's expected NaN. */
uint16_t half_round(const struct half_fmt *f, double y, int t) {
  const struct lowp_fmt lf = lowp_format(f->id);
  if (isnan(y)) return (uint16_t)(lowp_infcode(lf) | (1u << (lf.mbits - 1)));
  return (uint16_t)lowp_round_pair(lf, y, t);
}

static int is_nan16(const struct half_fmt *f, uint16_t b) { return lowp_is_nan(lowp_format(f->id), b); }

static void add_special(struct half_stats *s, uint16_t x, uint16_t out, uint16_t rn) {
  s->special_mismatches++;
  if (s->n_special < 8) s->special[s->n_special++] = (struct half_sample){x, out, rn};
}

/* The per-input measures, as stats_add_special defines them for binary32 (docs/definitions.md), with the format's ulp. Inputs in increasing bit pattern order, so that
 * a strict > keeps the lowest input on ties. */
void half_measure(const struct half_variant *v, const uint16_t *out, struct half_stats *s) {
  const struct half_fmt *f = v->fmt;
  const struct reference *ref = ref_find(v->ref);
  memset(s, 0, sizeof *s);
  s->max_ulp = s->max_rel = s->max_abs = s->max_rel_n = s->max_abs_n = -1;
  const double tiny = ldexp(1.0, f->emin);
  for (uint32_t i = 0; i < HALF_INPUTS; i++) {
    const uint16_t x = (uint16_t)i, o = out[i];
    double y;
    int t;
    ref_eval(ref, f2u((float)half_decode(f, x)), &y, &t);
    const uint16_t rn = half_round(f, y, t);
    const double od = half_decode(f, o);
    s->inputs++;
    s->digest += mix64(((uint64_t)x << 16) | o);
    if (isnan(y) || isinf(y)) { /* NaN expected, or the exact infinity */
      if (isnan(y) ? is_nan16(f, o) : o == rn) s->correctly_rounded++, s->faithful++;
      else add_special(s, x, o, rn);
      continue;
    }
    if (o == rn) s->correctly_rounded++;
    if (!isfinite(od)) {
      if (o == rn) s->faithful++; /* correctly rounded overflow */
      else s->nonfinite++, s->above_1ulp++;
      continue;
    }
    if (od == 0) {
      if ((rn & 0x7fff) != 0) s->flushed++;
      else if (o != rn) add_special(s, x, o, rn); /* zero of the wrong sign */
    }
    double d = fabs(od - y), e = d / half_ulp(f, y);
    if (e < 1.0) s->faithful++;
    else s->above_1ulp++;
    if (e > s->max_ulp) s->max_ulp = e, s->max_ulp_input = x, s->max_ulp_output = o, s->max_ulp_ref = y;
    if (d > s->max_abs) s->max_abs = d, s->max_abs_input = x, s->max_abs_output = o, s->max_abs_ref = y;
    if (y != 0 && d / fabs(y) > s->max_rel)
      s->max_rel = d / fabs(y), s->max_rel_input = x, s->max_rel_output = o, s->max_rel_ref = y;
    if (fabs(half_decode(f, rn)) >= tiny) {
      if (d > s->max_abs_n) s->max_abs_n = d, s->max_abs_n_input = x;
      if (d / fabs(y) > s->max_rel_n) s->max_rel_n = d / fabs(y), s->max_rel_n_input = x;
    }
  }
}

const char *half_verdict(const struct half_variant *v, const struct half_stats *s, int normal) {
  enum verdict a = claim_verdict(v->doc_abs, CLAIM_DOCUMENTED, normal ? s->max_abs_n : s->max_abs, NULL, 0);
  enum verdict r = claim_verdict(v->doc_rel, CLAIM_DOCUMENTED, normal ? s->max_rel_n : s->max_rel, NULL, 0);
  if (!a && !r) return "no documented bound";
  return verdict_name(a == VERDICT_VIOLATED || r == VERDICT_VIOLATED ? VERDICT_VIOLATED : VERDICT_HOLDS);
}

static json_t *hex16(uint16_t b) {
  char s[8];
  snprintf(s, sizeof s, "0x%04x", b);
  return json_string(s);
}

static json_t *num(double d) { return d >= 0 ? json_real(d) : json_null(); }

/* One variant's object. With out, every output as 4 hex digits per input (256 KiB):
 * small enough for a record, and a compare then names every changed input. */
json_t *half_variant_json(const struct half_variant *v, const struct half_stats *s, const uint16_t *out) {
  json_t *sp = json_array();
  for (int i = 0; i < s->n_special; i++)
    json_array_append_new(sp, json_pack("{s:o, s:o, s:o}", "input", hex16(s->special[i].input), "output",
                                        hex16(s->special[i].output), "expected", hex16(s->special[i].expected)));
  char dg[24];
  snprintf(dg, sizeof dg, "0x%016llx", (unsigned long long)s->digest);
  json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:o}", "variant", v->name,
                        "instruction", v->ptx, "format", v->fmt->name, "reference", v->ref, "inputs", (int)s->inputs,
                        "correctly_rounded", (int)s->correctly_rounded, "faithful", (int)s->faithful, "above_1ulp",
                        (int)s->above_1ulp, "nonfinite", (int)s->nonfinite, "flushed", (int)s->flushed,
                        "special_mismatches", (int)s->special_mismatches, "special_first", sp);
  /* each maximum with its input, output and reference (null when nothing was measured) */
  const struct {
    const char *k;
    double m, ref;
    uint16_t in, out;
  } mx[3] = {{"max_ulp", s->max_ulp, s->max_ulp_ref, s->max_ulp_input, s->max_ulp_output},
             {"max_rel", s->max_rel, s->max_rel_ref, s->max_rel_input, s->max_rel_output},
             {"max_abs", s->max_abs, s->max_abs_ref, s->max_abs_input, s->max_abs_output}};
  for (int i = 0; i < 3; i++) {
    char k[32];
    json_object_set_new(o, mx[i].k, num(mx[i].m));
    snprintf(k, sizeof k, "%s_input", mx[i].k);
    json_object_set_new(o, k, mx[i].m >= 0 ? hex16(mx[i].in) : json_null());
    snprintf(k, sizeof k, "%s_output", mx[i].k);
    json_object_set_new(o, k, mx[i].m >= 0 ? hex16(mx[i].out) : json_null());
    snprintf(k, sizeof k, "%s_reference", mx[i].k);
    json_object_set_new(o, k, mx[i].m >= 0 ? json_real(mx[i].ref) : json_null());
  }
  json_object_set_new(o, "max_rel_normal", num(s->max_rel_n));
  json_object_set_new(o, "max_rel_normal_input", s->max_rel_n >= 0 ? hex16(s->max_rel_n_input) : json_null());
  json_object_set_new(o, "max_abs_normal", num(s->max_abs_n));
  json_object_set_new(o, "max_abs_normal_input", s->max_abs_n >= 0 ? hex16(s->max_abs_n_input) : json_null());
  json_object_set_new(o, "digest", json_string(dg));
  json_object_set_new(o, "verdict", json_string(half_verdict(v, s, 0)));
  json_object_set_new(o, "verdict_normal_results", json_string(half_verdict(v, s, 1)));
  json_object_set_new(o, "documented", json_pack("{s:o, s:o, s:s}", "max_abs",
                                                 v->doc_abs ? json_string(v->doc_abs) : json_null(), "max_rel",
                                                 v->doc_rel ? json_string(v->doc_rel) : json_null(), "source",
                                                 v->source));
  if (out) {
    char *h = malloc(4 * HALF_INPUTS + 1);
    if (h) {
      for (uint32_t i = 0; i < HALF_INPUTS; i++) snprintf(h + 4 * i, 5, "%04x", out[i]);
      json_object_set_new(o, "outputs", json_string(h));
      free(h);
    }
  }
  return o;
}

void half_print_row(FILE *f, const struct half_variant *v, const struct half_stats *s) {
  char ab[40] = "-", rl[40] = "-";
  if (s->max_abs >= 0) snprintf(ab, sizeof ab, "%.4e at 0x%04x", s->max_abs, s->max_abs_input);
  if (s->max_rel >= 0) snprintf(rl, sizeof rl, "%.4e at 0x%04x", s->max_rel, s->max_rel_input);
  fprintf(f, "%-20s %-8s %9.5f at 0x%04x  %-22s %-22s %6u %5u %4u %4u  %s\n", v->name, v->fmt->name,
          s->max_ulp < 0 ? 0.0 : s->max_ulp, s->max_ulp_input, ab, rl, s->correctly_rounded, s->flushed,
          s->nonfinite, s->special_mismatches, half_verdict(v, s, 0));
  if (strcmp(half_verdict(v, s, 0), half_verdict(v, s, 1)))
    fprintf(f, "%-20s over normal results: max abs %.4e, max rel %.4e: %s\n", "", s->max_abs_n, s->max_rel_n,
            half_verdict(v, s, 1));
}

/* outputs of a record's variant; 0, or -1 when the field is not 2^16 hex groups */
int half_parse_outputs(json_t *o, uint16_t *out) {
  const char *h = json_string_value(json_object_get(o, "outputs"));
  if (!h || strlen(h) != 4 * HALF_INPUTS) return -1;
  for (uint32_t i = 0; i < HALF_INPUTS; i++) {
    char g[5] = {h[4 * i], h[4 * i + 1], h[4 * i + 2], h[4 * i + 3], 0}, *end;
    out[i] = (uint16_t)strtoul(g, &end, 16);
    if (*end) return -1;
  }
  return 0;
}

