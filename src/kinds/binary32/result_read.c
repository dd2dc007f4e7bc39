/* result_read.c: read a result JSON back into struct stats, checking every field
 * (merge, resume and report build on it). Errors name the file and the field. */
#include <errno.h>
#include <float.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "src/common.h"
#include "src/jsonio/json_io.h"
#include "src/kinds/binary32/binary32.h"

struct rctx {
  const char *path;
  char *err;
  size_t errlen;
  int failed;
};

static void fail(struct rctx *c, const char *fmt, ...) {
  if (c->failed) return;
  c->failed = 1;
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  snprintf(c->err, c->errlen, "%s: %s", c->path, msg);
}

static json_t *need(struct rctx *c, json_t *obj, const char *key, const char *where) {
  json_t *v = json_object_get(obj, key);
  if (!v) fail(c, "missing field '%s%s'", where, key);
  return v;
}

static uint64_t get_u64(struct rctx *c, json_t *obj, const char *key, const char *where) {
  json_t *v = need(c, obj, key, where);
  if (!v) return 0;
  if (!json_is_integer(v) || json_integer_value(v) < 0) {
    fail(c, "field '%s%s' is not a non-negative integer", where, key);
    return 0;
  }
  return (uint64_t)json_integer_value(v);
}

static int parse_hex(const char *s, uint64_t max, uint64_t *out) {
  if (!s || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || !s[2]) return -1;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s + 2, &end, 16);
  if (errno || *end || v > max) return -1;
  *out = v;
  return 0;
}

static uint32_t hexfield(struct rctx *c, json_t *v, const char *name, const char *where) {
  uint64_t u = 0;
  if (!v || !json_is_string(v) || parse_hex(json_string_value(v), 0xffffffffu, &u))
    fail(c, "field '%s%s' is not a bit pattern \"0xHHHHHHHH\"", where, name);
  return (uint32_t)u;
}

static uint32_t get_hex32(struct rctx *c, json_t *obj, const char *key, const char *where) {
  json_t *v = need(c, obj, key, where);
  return v ? hexfield(c, v, key, where) : 0;
}

/* number, or null meaning "none" (-1) */
static double get_num_or_null(struct rctx *c, json_t *obj, const char *key, const char *where) {
  json_t *v = need(c, obj, key, where);
  if (!v || json_is_null(v)) return -1.0;
  if (!json_is_number(v)) {
    fail(c, "field '%s%s' is not a number", where, key);
    return 0;
  }
  return json_number_value(v);
}

static void get_samples(struct rctx *c, json_t *obj, const char *key, const char *other, struct sample *out, int *n,
                        const char *where) {
  json_t *a = need(c, obj, key, where);
  *n = 0;
  if (!a) return;
  if (!json_is_array(a) || json_array_size(a) > LIST_MAX) {
    fail(c, "field '%s%s' is not a list of at most %d samples", where, key, LIST_MAX);
    return;
  }
  for (size_t i = 0; i < json_array_size(a); i++) {
    json_t *e = json_array_get(a, i);
    out[i].input = get_hex32(c, e, "input", where);
    out[i].output = get_hex32(c, e, "output", where);
    out[i].other = get_hex32(c, e, other, where);
    out[i].partner = json_object_get(e, "partner") ? get_hex32(c, e, "partner", where) : 0;
    (*n)++;
  }
}

/* "undecidable" (a count) and "undecidable_first" (hex inputs): optional, absent from
 * results of references that always decide */
static void get_undecidable(struct rctx *c, json_t *r, struct stats *s, const char *where) {
  json_t *u = json_object_get(r, "undecidable"), *a = json_object_get(r, "undecidable_first");
  s->undecidable = u ? get_u64(c, r, "undecidable", where) : 0;
  s->n_undec = 0;
  if (!a) return;
  if (!json_is_array(a) || json_array_size(a) > LIST_MAX) {
    fail(c, "field '%sundecidable_first' is not a list of at most %d inputs", where, LIST_MAX);
    return;
  }
  for (size_t i = 0; i < json_array_size(a); i++) {
    json_t *e = json_array_get(a, i);
    uint32_t v;
    if (!json_is_string(e) || parse_u32(json_string_value(e), &v)) {
      fail(c, "field '%sundecidable_first' has a bad entry at %zu", where, i);
      return;
    }
    s->undec[s->n_undec++] = (struct sample){.input = v};
  }
  if (s->undecidable < (uint64_t)s->n_undec) fail(c, "%sundecidable lists more inputs than it counts", where);
}

/* "nonfinite_first": the lowest inputs of the non-finite outputs, min(nonfinite, LIST_MAX)
 * of them in increasing order (by (input, partner)), each output NaN or infinite and not
 * the expected (correctly rounded) one. Absent: not listed (a kind that keeps no list, or a file written
 * before the list existed), which a merge or a resume carries on (nonfinite_unlisted). */
static void get_nonfinite(struct rctx *c, json_t *r, struct stats *s, const char *where) {
  s->n_nonfinite = 0;
  s->nonfinite_unlisted = 0;
  if (!json_object_get(r, "nonfinite_first")) {
    s->nonfinite_unlisted = s->nonfinite > 0;
    return;
  }
  get_samples(c, r, "nonfinite_first", "expected", s->nonfinite_first, &s->n_nonfinite, where);
  if (c->failed) return;
  const uint64_t want = s->nonfinite < LIST_MAX ? s->nonfinite : LIST_MAX;
  if ((uint64_t)s->n_nonfinite != want) {
    fail(c, "field '%snonfinite_first' lists %d inputs where nonfinite counts %llu (it lists min(count, %d))", where,
         s->n_nonfinite, (unsigned long long)s->nonfinite, LIST_MAX);
    return;
  }
  for (int i = 0; i < s->n_nonfinite; i++) {
    const struct sample *e = &s->nonfinite_first[i];
    const uint64_t key = ((uint64_t)e->input << 32) | e->partner;
    if (i && key <= (((uint64_t)e[-1].input << 32) | e[-1].partner)) {
      fail(c, "field '%snonfinite_first' is not in increasing order of input at entry %d", where, i);
      return;
    }
    if ((e->output & 0x7fffffffu) < 0x7f800000u || e->output == e->other) {
      fail(c, "field '%snonfinite_first' entry %d: output 0x%08x is not a NaN or an infinity other than the expected 0x%08x",
           where, i, e->output, e->other);
      return;
    }
  }
}

static void read_claim(json_t *cl, struct result_claim *out) {
  memset(out, 0, sizeof *out);
  snprintf(out->kind, sizeof out->kind, "none");
  if (!cl || !json_is_object(cl)) return;
  json_t *cu = json_object_get(cl, "max_ulp"), *crl = json_object_get(cl, "max_rel"), *ca = json_object_get(cl, "max_abs");
  json_t *ck = json_object_get(cl, "kind"), *cs = json_object_get(cl, "source");
  snprintf(out->max_ulp, sizeof out->max_ulp, "%s", cu && json_is_string(cu) ? json_string_value(cu) : "");
  snprintf(out->max_rel, sizeof out->max_rel, "%s", crl && json_is_string(crl) ? json_string_value(crl) : "");
  snprintf(out->max_abs, sizeof out->max_abs, "%s", ca && json_is_string(ca) ? json_string_value(ca) : "");
  snprintf(out->kind, sizeof out->kind, "%s", ck && json_is_string(ck) ? json_string_value(ck) : "none");
  snprintf(out->source, sizeof out->source, "%s", cs && json_is_string(cs) ? json_string_value(cs) : "");
}

/* A maximum KEY (null: none, -1) with KEY_input, KEY_output and, where ref is not NULL,
 * KEY_reference. */
static double get_max(struct rctx *c, json_t *o, const char *key, uint32_t *in, uint32_t *out, double *ref,
                      const char *where) {
  char k[64];
  json_t *v = json_object_get(o, key);
  double m = get_num_or_null(c, o, key, where);
  /* what a measure can be: an ulp of at least 2^-149 and a difference below 2^129 between
   * an output and a correctly rounded result: ulps below 2^278; an absolute error is finite
   * and not negative (the exact value of a two-argument function, pow's say, may lie far
   * beyond binary32's range: 1.2e280 for powf.cuda.fastmath in a committed run); null: none */
  const double top = !strcmp(key, "max_ulp") ? 0x1p278 : DBL_MAX;
  if (v && json_is_number(v) && !(m >= 0 && m <= top)) {
    fail(c, "field '%s%s' is %g, outside the range a measure can have ([0, %g]; null: none measured)", where, key, m,
         top);
    return -1;
  }
  if (m < 0) return m;
  snprintf(k, sizeof k, "%s_input", key), *in = get_hex32(c, o, k, where);
  snprintf(k, sizeof k, "%s_output", key), *out = get_hex32(c, o, k, where);
  if (ref) snprintf(k, sizeof k, "%s_reference", key), *ref = get_num_or_null(c, o, k, where);
  return m;
}

static double get_hexa(struct rctx *c, json_t *obj, const char *key, const char *where) {
  json_t *v = need(c, obj, key, where);
  char *end = NULL;
  double d = v && json_is_string(v) ? strtod(json_string_value(v), &end) : NAN;
  if (v && (!end || *end || isnan(d))) fail(c, "field '%s%s' is not a hexadecimal number", where, key);
  return d;
}

/* The bound clauses (ulpcert 0.3.0 on; older files have none). */
static void read_bounds(struct rctx *c, json_t *r, struct result_variant *rv, const char *where) {
  struct stats *s = rv->st;
  json_t *a = json_object_get(r, "bounds");
  s->n_clauses = 0;
  if (!a || c->failed) return;
  if (!json_is_array(a) || json_array_size(a) > CLAUSE_MAX) {
    fail(c, "field '%sbounds' is not a list of at most %d clauses", where, CLAUSE_MAX);
    return;
  }
  for (size_t k = 0; k < json_array_size(a) && !c->failed; k++) {
    json_t *e = json_array_get(a, k), *d = need(c, e, "domain", where), *c1 = need(c, e, "c1", where);
    struct bound_clause *b = &s->clause[k];
    struct clause_acc *q = &s->cl[k];
    json_t *m = json_object_get(e, "measure"), *t = json_object_get(e, "bound"), *src = json_object_get(e, "source");
    b->measure = bound_measure_parse(m && json_is_string(m) ? json_string_value(m) : NULL);
    if (b->measure < 0 || !d || !c1) {
      fail(c, "field '%sbounds[%zu]' is not a bound clause", where, k);
      return;
    }
    b->lo = get_hexa(c, d, "lo", where), b->hi = get_hexa(c, d, "hi", where);
    b->ex_lo = get_hexa(c, d, "exclude_lo", where), b->ex_hi = get_hexa(c, d, "exclude_hi", where);
    b->c0 = get_hexa(c, e, "c0", where);
    uint64_t n1 = get_u64(c, c1, "num", where), d1 = get_u64(c, c1, "den", where);
    if (c->failed || !(b->c0 >= 0) || n1 >= (1u << 27) || d1 < 1 || d1 > 0xffffffffu) {
      fail(c, "field '%sbounds[%zu]' has a bad bound", where, k);
      return;
    }
    b->c1n = (uint32_t)n1, b->c1d = (uint32_t)d1;
    clause_acc_init(q);
    q->inputs = get_u64(c, e, "inputs", where);
    q->over = get_u64(c, e, "over", where);
    q->max = get_max(c, e, "max", &q->max_input, &q->max_output, &q->max_ref, where);
    q->ratio = get_max(c, e, "ratio", &q->ratio_input, &q->ratio_output, NULL, where);
    if (s->pairs && q->max >= 0) q->max_partner = get_hex32(c, e, "max_partner", where);
    if (s->pairs && q->ratio >= 0) q->ratio_partner = get_hex32(c, e, "ratio_partner", where);
    if (!c->failed && (q->over > q->inputs || q->inputs > s->inputs || (q->inputs > 0) != (q->max >= 0) ||
                       (q->inputs > 0) != (q->ratio >= 0)))
      fail(c, "field '%sbounds[%zu]' has inconsistent counts", where, k);
    snprintf(rv->bound_text[k], sizeof rv->bound_text[k], "%s", t && json_is_string(t) ? json_string_value(t) : "");
    snprintf(rv->bound_source[k], sizeof rv->bound_source[k], "%s",
             src && json_is_string(src) ? json_string_value(src) : "");
    s->n_clauses = (int)k + 1;
  }
}

/* The maxima: ulp, relative and (format of ulpcert 0.2.0 on) absolute error over its
 * range. Results of 0.1.0 have no absolute error; they read as "not measured" (max_abs
 * -1) over every input. */
/* A directed rounding (absent: RN; files before it have only RN variants). */
static void read_rounding(struct rctx *c, json_t *r, struct stats *s, const char *where) {
  json_t *rnd = json_object_get(r, "rounding");
  if (rnd && (!json_is_string(rnd) || rounding_parse(json_string_value(rnd)) <= RND_N))
    fail(c, "field '%srounding' is not \"RZ\", \"RU\" or \"RD\"", where);
  else if (rnd) s->rounding = rounding_parse(json_string_value(rnd));
}

static void read_maxima(struct rctx *c, json_t *r, struct stats *s, const char *where) {
  s->max_ulp = get_max(c, r, "max_ulp", &s->max_ulp_input, &s->max_ulp_output, &s->max_ulp_ref, where);
  s->max_rel = get_max(c, r, "max_rel", &s->max_rel_input, &s->max_rel_output, &s->max_rel_ref, where);
  json_t *ar = json_object_get(r, "max_abs_range");
  if (ar && !c->failed) {
    json_t *lo = json_object_get(ar, "lo"), *hi = json_object_get(ar, "hi");
    char *e1 = NULL, *e2 = NULL;
    double l = lo && json_is_string(lo) ? strtod(json_string_value(lo), &e1) : NAN;
    double u = hi && json_is_string(hi) ? strtod(json_string_value(hi), &e2) : NAN;
    if (!e1 || *e1 || !e2 || *e2 || !(l <= u)) fail(c, "field '%smax_abs_range' is not {\"lo\": X, \"hi\": Y} with X <= Y", where);
    else stats_set_abs_range(s, l, u);
  }
  if (json_object_get(r, "max_abs"))
    s->max_abs = get_max(c, r, "max_abs", &s->max_abs_input, &s->max_abs_output, &s->max_abs_ref, where);
  if (s->pairs) { /* two-argument functions: the partner of each maximum */
    if (s->max_ulp >= 0) s->max_ulp_partner = get_hex32(c, r, "max_ulp_partner", where);
    if (s->max_rel >= 0) s->max_rel_partner = get_hex32(c, r, "max_rel_partner", where);
    if (s->max_abs >= 0) s->max_abs_partner = get_hex32(c, r, "max_abs_partner", where);
  }
}

/* The counts, their first samples and the error histogram. */
static void read_counts(struct rctx *c, json_t *r, struct stats *s, const char *where) {
  s->correctly_rounded = get_u64(c, r, "correctly_rounded", where);
  s->faithful = get_u64(c, r, "faithful", where);
  s->above_1ulp = get_u64(c, r, "above_1ulp", where);
  s->nonfinite = get_u64(c, r, "nonfinite", where);
  s->flushed = get_u64(c, r, "flushed", where);
  s->special_mismatches = get_u64(c, r, "special_mismatches", where);
  s->symmetry_checked = get_u64(c, r, "symmetry_checked", where);
  s->symmetry_violations = get_u64(c, r, "symmetry_violations", where);
  s->monotonic_checked = get_u64(c, r, "monotonic_checked", where);
  s->monotonic_violations = get_u64(c, r, "monotonic_violations", where);
  get_samples(c, r, "special_first", "expected", s->special, &s->n_special, where);
  get_samples(c, r, "symmetry_first", "output_neg", s->sym, &s->n_sym, where);
  get_samples(c, r, "monotonic_first", "output_next", s->mono, &s->n_mono, where);
  get_nonfinite(c, r, s, where);
  json_t *h = need(c, r, "histogram", where);
  if (h && (!json_is_array(h) || json_array_size(h) != HIST_N)) fail(c, "field '%shistogram' is not %d bins", where, HIST_N);
  for (size_t i = 0; h && !c->failed && i < HIST_N; i++) s->hist[i] = get_u64(c, json_array_get(h, i), "count", where);
}

/* The bins of the bit-pattern line covered, from bin "first": inputs, max ulp and digest
 * of each (what merge and resume check and combine). */
static void read_bins(struct rctx *c, json_t *r, struct stats *s, const char *where) {
  json_t *b = need(c, r, "bins", where);
  if (!b || c->failed) return;
  uint32_t first = get_hex32(c, b, "first", where) >> BIN_LOG2;
  json_t *in = need(c, b, "inputs", where), *mu = need(c, b, "max_ulp", where), *dg = need(c, b, "digest", where);
  if (get_u64(c, b, "log2_width", where) != BIN_LOG2) fail(c, "field '%sbins.log2_width' is not %d", where, BIN_LOG2);
  if (!c->failed && (!json_is_array(in) || !json_is_array(mu) || !json_is_array(dg) ||
                     json_array_size(in) != json_array_size(mu) || json_array_size(in) != json_array_size(dg) ||
                     first + json_array_size(in) > NBINS))
    fail(c, "field '%sbins' has inconsistent arrays", where);
  for (size_t i = 0; !c->failed && i < json_array_size(in); i++) {
    json_t *ni = json_array_get(in, i), *mi = json_array_get(mu, i), *di = json_array_get(dg, i);
    uint64_t d = 0;
    /* a bin holds 2^BIN_LOG2 inputs; of pairs, that many swept inputs against fewer than 4096 partners each */
    const json_int_t most = s->pairs ? (json_int_t)0xffffffff : (1 << BIN_LOG2);
    if (!json_is_integer(ni) || json_integer_value(ni) < 0 || json_integer_value(ni) > most ||
        !(json_is_null(mi) || json_is_number(mi)) || !json_is_string(di) ||
        parse_hex(json_string_value(di), ~0ull, &d)) {
      fail(c, "field '%sbins' has a bad entry at %zu", where, i);
      break;
    }
    s->bin_inputs[first + i] = (uint32_t)json_integer_value(ni);
    s->bin_max_ulp[first + i] = json_is_null(mi) ? -1.0 : json_number_value(mi);
    s->bin_digest[first + i] = d;
  }
}

/* The moments per bin (mod MOD_P), where the file has them. */
static void read_moments(struct rctx *c, json_t *r, struct stats *s, const char *where) {
  json_t *mo = json_object_get(r, "moments");
  if (!mo || c->failed) return;
  json_t *m0 = json_object_get(mo, "m0"), *m1 = json_object_get(mo, "m1");
  uint32_t first = get_hex32(c, mo, "first", where) >> BIN_LOG2;
  if (!c->failed && (!m0 || !m1 || !json_is_array(m0) || !json_is_array(m1) ||
                     json_array_size(m0) != json_array_size(m1) || first + json_array_size(m0) > NBINS))
    fail(c, "field '%smoments' has inconsistent arrays", where);
  for (size_t i = 0; !c->failed && i < json_array_size(m0); i++) {
    uint64_t a = 0, b = 0;
    json_t *e0 = json_array_get(m0, i), *e1 = json_array_get(m1, i);
    if (!json_is_string(e0) || !json_is_string(e1) || parse_hex(json_string_value(e0), MOD_P - 1, &a) ||
        parse_hex(json_string_value(e1), MOD_P - 1, &b)) {
      fail(c, "field '%smoments' has a bad entry at %zu", where, i);
      break;
    }
    s->bin_m0[first + i] = a;
    s->bin_m1[first + i] = b;
  }
  s->has_moments = !c->failed;
}

/* The max ulp error over the XBINS bins of x in [XBIN_LO, XBIN_HI) (null: no input). */
static void read_xbins(struct rctx *c, json_t *r, struct stats *s, const char *where) {
  json_t *xb = need(c, r, "xbins", where);
  if (!xb || c->failed) return;
  json_t *xm = json_object_get(xb, "max_ulp");
  json_t *lo = json_object_get(xb, "lo"), *hi = json_object_get(xb, "hi");
  if (get_u64(c, xb, "n", where) != XBINS || !xm || !json_is_array(xm) || json_array_size(xm) != XBINS ||
      !lo || !json_is_number(lo) || json_number_value(lo) != XBIN_LO || !hi || !json_is_number(hi) ||
      json_number_value(hi) != XBIN_HI)
    fail(c, "field '%sxbins' is not %d bins over [%g, %g)", where, XBINS, XBIN_LO, XBIN_HI);
  for (int i = 0; !c->failed && i < XBINS; i++) {
    json_t *e = json_array_get(xm, i);
    if (json_is_null(e)) s->xbin_max_ulp[i] = -1.0;
    else if (json_is_number(e) && json_number_value(e) >= 0) s->xbin_max_ulp[i] = json_number_value(e);
    else fail(c, "field '%sxbins.max_ulp' has a bad entry at %d", where, i);
  }
}

/* Internal consistency: the counts must add up. */
static void check_totals(struct rctx *c, const struct stats *s, const char *where) {
  if (c->failed) return;
  uint64_t hs = 0, bs = 0;
  for (int i = 0; i < HIST_N; i++) hs += s->hist[i];
  for (uint32_t i = 0; i < NBINS; i++) bs += s->bin_inputs[i];
  if (bs != s->inputs) fail(c, "%sbins count %llu inputs, not %llu", where, (unsigned long long)bs,
                            (unsigned long long)s->inputs);
  /* each input is in the histogram, or non-finite, or a special mismatch (a zero
   * of the wrong sign is in both the histogram and the mismatches) */
  else if (hs + s->nonfinite > s->inputs || hs + s->nonfinite + s->special_mismatches < s->inputs)
    fail(c, "%shistogram does not add up to the inputs", where);
  else if (s->correctly_rounded > s->inputs || s->faithful > s->inputs || s->above_1ulp > s->inputs)
    fail(c, "%scounts exceed the inputs", where);
}

static int has_control(const char *s) {
  for (; *s; s++)
    if ((unsigned char)*s < 0x20 || *s == 0x7f) return 1;
  return 0;
}

/* One entry of "results": the first failure names the field (fail keeps only it). */
static void read_variant(struct rctx *c, json_t *r, struct result_variant *rv) {
  char where[300];
  json_t *name = json_object_get(r, "variant");
  if (!name || !json_is_string(name)) {
    fail(c, "a result without a 'variant' name");
    return;
  }
  snprintf(rv->name, sizeof rv->name, "%s", json_string_value(name));
  snprintf(where, sizeof where, "results[%s].", rv->name);
  json_t *ref = json_object_get(r, "reference");
  snprintf(rv->reference, sizeof rv->reference, "%s", ref && json_is_string(ref) ? json_string_value(ref) : "");
  json_t *fam = json_object_get(r, "family");
  snprintf(rv->family, sizeof rv->family, "%s", fam && json_is_string(fam) ? json_string_value(fam) : "");
  /* names reach Markdown rows, CSV fields and gnuplot strings: no control characters (a
   * newline would add a row), no '|' in a name (a cell) */
  if (strpbrk(rv->name, "|") || has_control(rv->name) || has_control(rv->family) || has_control(rv->reference)) {
    fail(c, "results: a variant's name, family or reference holds a control character or '|'");
    return;
  }
  if (strlen(rv->name) != strlen(json_string_value(name)) ||
      (ref && json_is_string(ref) && strlen(rv->reference) != strlen(json_string_value(ref)))) {
    fail(c, "%sa name or reference longer than this ulpcert reads", where);
    return;
  }
  json_t *og = json_object_get(r, "origin");
  char *ogs = og && json_is_object(og) ? json_dumps(og, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
  if (og && (!ogs || strlen(ogs) >= sizeof rv->origin)) {
    free(ogs);
    fail(c, "%sorigin is not an object of at most %zu characters", where, sizeof rv->origin - 1);
    return;
  }
  snprintf(rv->origin, sizeof rv->origin, "%s", ogs ? ogs : "");
  free(ogs);
  struct stats *s = rv->st;
  stats_init(s);
  s->inputs = get_u64(c, r, "inputs", where);
  s->pairs = json_is_true(json_object_get(r, "pairs"));
  read_maxima(c, r, s, where);
  read_rounding(c, r, s, where);
  read_counts(c, r, s, where);
  get_undecidable(c, r, s, where);
  read_bins(c, r, s, where);
  read_moments(c, r, s, where);
  read_xbins(c, r, s, where);
  read_claim(json_object_get(r, "claim"), &rv->claim);
  read_claim(json_object_get(r, "documented"), &rv->doc);
  read_bounds(c, r, rv, where);
  check_totals(c, s, where);
}

void result_file_free(struct result_file *rf) {
  for (int i = 0; i < rf->nv; i++) free(rf->v[i].st);
  free(rf->v);
  memset(rf, 0, sizeof *rf);
}

/* (here, beside result_file_free, so that reading a result and running one do not call
 * each other) */
void b32_release(struct kind_result *r) {
  if (!r) return;
  if (r->file.nv) result_file_free(&r->file); /* owns the statistics */
  else
    for (int i = 0; r->st && i < r->nalloc; i++) free(r->st[i]);
  json_decref(r->parts);
  free(r->st), free(r->v), free(r->own), free(r);
}

int result_from_root(json_t *root, const char *path, struct result_file *rf, char *err, size_t errlen) {
  return result_from_root_of(root, path, "binary32", rf, err, errlen);
}

/* Check and convert a result document of binary32 statistics of kind 'kind' (root stays
 * the caller's). */
int result_from_root_of(json_t *root, const char *path, const char *want, struct result_file *rf, char *err,
                        size_t errlen) {
  struct rctx c = {path, err, errlen, 0};
  memset(rf, 0, sizeof *rf);
  json_t *tool = json_object_get(root, "tool");
  const char *kind = result_kind(root);
  json_t *fmt = json_object_get(root, "format");
  if (!json_is_object(root) || !tool || !json_is_string(tool) || strcmp(json_string_value(tool), "ulpcert")) {
    fail(&c, "not an ulpcert result (field 'tool')");
    goto done;
  }
  if (!kind || strcmp(kind, want) || !json_is_integer(fmt) || json_integer_value(fmt) < 1 ||
      json_integer_value(fmt) > ULPCERT_FORMAT) {
    fail(&c, "result format %s, this ulpcert reads %s results of formats 1 to %d (fields 'format', 'kind')",
         fmt && json_is_integer(fmt) ? "other" : "missing", want, ULPCERT_FORMAT);
    goto done;
  }
  if (run_info_read(root, path, &rf->ri, err, errlen)) {
    c.failed = 1;
    goto done;
  }
  json_t *res = need(&c, root, "results", "");
  if (res && !json_is_array(res)) fail(&c, "field 'results' is not a list");
  if (c.failed) goto done;
  rf->nv = (int)json_array_size(res);
  rf->v = calloc(rf->nv ? rf->nv : 1, sizeof *rf->v);
  if (!rf->v) {
    fail(&c, "out of memory");
    goto done;
  }
  for (int i = 0; i < rf->nv && !c.failed; i++) {
    rf->v[i].st = malloc(sizeof(struct stats));
    if (!rf->v[i].st) {
      fail(&c, "out of memory");
      break;
    }
    read_variant(&c, json_array_get(res, i), &rf->v[i]);
  }
done:
  if (c.failed) {
    result_file_free(rf);
    return EXIT_CORRUPT;
  }
  return 0;
}

int result_read_json(const char *path, struct result_file *rf, char *err, size_t errlen) {
  memset(rf, 0, sizeof *rf);
  json_t *root;
  int rc = json_read_path(path, &root, err, errlen);
  if (!rc) rc = result_from_root(root, path, rf, err, errlen);
  json_decref(root);
  return rc;
}

int result_read_stream(FILE *f, const char *path, struct result_file *rf, char *err, size_t errlen) {
  memset(rf, 0, sizeof *rf);
  json_t *root;
  int rc = json_read_stream(f, path, &root, err, errlen);
  if (!rc) rc = result_from_root(root, path, rf, err, errlen);
  json_decref(root);
  return rc;
}

/* A variant of a file that the catalogue lacks (renamed, removed, a user's function):
 * its names as the file gives them, no code, no bounds. */
static void own_variant(struct variant *v, const struct result_variant *rv) {
  *v = (struct variant){.name = rv->name, .family = rv->family, .ref_name = rv->reference, .gpu_fn = GPU_NONE,
                        .abs_lo = -INFINITY, .abs_hi = INFINITY, .origin = rv->origin[0] ? rv->origin : NULL};
}

int b32_read(json_t *root, const char *path, struct kind_result **out, char *err, size_t errlen) {
  struct kind_result *r = calloc(1, sizeof *r);
  if (!r) return EXIT_IO;
  int rc = result_from_root(root, path, &r->file, err, errlen);
  if (rc) {
    free(r);
    return rc;
  }
  int nv = r->file.nv;
  r->nv = nv;
  r->ri = r->file.ri;
  r->v = calloc(nv ? (size_t)nv : 1, sizeof *r->v);
  r->st = calloc(nv ? (size_t)nv : 1, sizeof *r->st);
  r->own = calloc(nv ? (size_t)nv : 1, sizeof *r->own);
  if (!r->v || !r->st || !r->own) {
    b32_release(r);
    return EXIT_IO;
  }
  /* an arch record also holds other kinds' parts, each under the kind's name or one of
   * its aliases (the PTX half-precision forms' "half"): kept under that name, so that
   * records made in ranges merge into a whole one */
  for (int k = 0; kinds[k]; k++)
    for (int i = -1; i < 0 || (kinds[k]->aliases && kinds[k]->aliases[i]); i++) {
      const char *name = i < 0 ? kinds[k]->name : kinds[k]->aliases[i];
      json_t *part = json_object_get(root, name);
      if (!part || !strcmp(name, "binary32")) continue;
      if (!r->parts) r->parts = json_object();
      json_object_set(r->parts, name, part);
    }
  for (int i = 0; i < nv; i++) {
    const struct variant *known = variant_find(r->file.v[i].name);
    if (known) r->own[i] = *known;
    else own_variant(&r->own[i], &r->file.v[i]);
    r->v[i] = &r->own[i];
    r->st[i] = r->file.v[i].st;
  }
  *out = r;
  return 0;
}
