/* json.c: the quantizers' result files: the common header (src/jsonio/head.h) and per
 * quantizer its totals; arrays are indexed as check.h's (element variants mode * 3 + rule:
 * rne-sat, rne-nan, rne-inf, rna-sat, ..., rz-inf; scale roundings floor, ceil, nearest
 * for MX, rne, up, down for NVFP4); "first" keys are hex strings (check.h), null for none. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/results.h"
#include "src/kinds/quant/quant.h"

static json_t *q_u64s(const uint64_t *v, int n) {
  json_t *a = json_array();
  for (int i = 0; i < n; i++) json_array_append_new(a, json_integer((json_int_t)v[i]));
  return a;
}
static json_t *q_keys(const uint64_t *v, int n) {
  json_t *a = json_array();
  char b[24];
  for (int i = 0; i < n; i++) {
    snprintf(b, sizeof b, "0x%014llx", (unsigned long long)v[i]);
    json_array_append_new(a, v[i] == UINT64_MAX ? json_null() : json_string(b));
  }
  return a;
}

static int q_get_u64s(json_t *a, uint64_t *v, int n);
static int q_get_keys(json_t *a, uint64_t *v, int n);

json_t *q_run_json(const struct q_run *q) {
  const struct q_stats *t = &q->st;
  json_t *cls = json_array(), *o;
  for (int v = 0; v < QV_N; v++) json_array_append_new(cls, q_u64s(t->cls[v], QCL_N));
  char f[16], to[16];
  snprintf(f, sizeof f, "0x%08x", q->from), snprintf(to, sizeof to, "0x%08x", q->to);
  o = json_pack("{s:s, s:s, s:s, s:s, s:f, s:I, s:I, s:o, s:o, s:o, s:f}", "quantizer", q->name, "path", q->path, "from",
                f, "to", to, "seconds", q->seconds, "pairs", (json_int_t)t->pairs, "nan_any", (json_int_t)t->nan_any,
                "wrong", q_u64s(t->wrong, QV_N), "classes", cls, "first", q_keys(t->first, QV_N), "max_rel_error", t->err);
  const struct q_sres *s = &t->s;
  uint64_t sc[8] = {s->amax, s->finite, s->sub, s->zero_seen, s->zero_code, s->nonfin, s->nonfin_nan, s->sub_flush};
  json_object_set_new(o, "scale", json_pack("{s:o, s:o, s:o, s:o}", "counts", q_u64s(sc, 8), "wrong",
                                            q_u64s(s->swrong, QS_N), "subnormal", q_u64s(s->ssub, QS_N), "first",
                                            q_keys(s->sfirst, QS_N)));
  if (q->impl == QI_BLOCK) {
    const struct q_bstats *b = &q->bs;
    json_t *w = json_array(), *fi = json_array(), *g = json_array(), *wa = json_array();
    for (int k = 0; k < QS_N; k++) {
      uint64_t gv[QV_N], wv[QV_N];
      for (int v = 0; v < QV_N; v++) gv[v] = b->first_got[k][v], wv[v] = b->first_want[k][v];
      json_array_append_new(w, q_u64s(b->wrong[k], QV_N)), json_array_append_new(fi, q_keys(b->first[k], QV_N));
      json_array_append_new(g, q_u64s(gv, QV_N)), json_array_append_new(wa, q_u64s(wv, QV_N));
    }
    json_object_set_new(o, "block", json_pack("{s:I, s:o, s:o, s:o, s:o, s:o}", "pairs", (json_int_t)b->pairs, "undefined",
                                              q_u64s(b->undef, QS_N), "wrong", w, "first", fi, "first_got", g,
                                              "first_want", wa));
  }
  return o;
}

/* user-block's part: 0, or -1 */
static int q_block_read(json_t *o, struct q_bstats *b) {
  json_t *p = json_object_get(o, "pairs"), *w = json_object_get(o, "wrong"), *fi = json_object_get(o, "first");
  json_t *g = json_object_get(o, "first_got"), *wa = json_object_get(o, "first_want");
  if (!json_is_integer(p) || q_get_u64s(json_object_get(o, "undefined"), b->undef, QS_N) || json_array_size(w) != QS_N ||
      json_array_size(fi) != QS_N || json_array_size(g) != QS_N || json_array_size(wa) != QS_N)
    return -1;
  b->pairs = (uint64_t)json_integer_value(p);
  for (int k = 0; k < QS_N; k++) {
    uint64_t gv[QV_N], wv[QV_N];
    if (q_get_u64s(json_array_get(w, (size_t)k), b->wrong[k], QV_N) || q_get_keys(json_array_get(fi, (size_t)k), b->first[k], QV_N) ||
        q_get_u64s(json_array_get(g, (size_t)k), gv, QV_N) || q_get_u64s(json_array_get(wa, (size_t)k), wv, QV_N))
      return -1;
    for (int v = 0; v < QV_N; v++) b->first_got[k][v] = (uint32_t)gv[v], b->first_want[k][v] = (uint32_t)wv[v];
  }
  return 0;
}

int q_write(const char *path, const struct kind_result *r, char *err, size_t errlen) {
  json_t *root = result_header_json(&r->ri, "quant"), *res = json_array();
  result_range_json(root, &r->ri);
  for (int i = 0; i < r->nv; i++) json_array_append_new(res, q_run_json(&r->run[i]));
  json_object_set_new(root, "results", res);
  if (r->source[0]) json_object_set_new(root, "source", json_string(r->source));
  json_object_set_new(root, "tensor_scale", json_real(r->g));
  return result_write_free(path, root, NULL, err, errlen);
}

static int q_get_u64s(json_t *a, uint64_t *v, int n) {
  if (json_array_size(a) != (size_t)n) return -1;
  for (int i = 0; i < n; i++) {
    json_t *e = json_array_get(a, (size_t)i);
    if (!json_is_integer(e) || json_integer_value(e) < 0) return -1;
    v[i] = (uint64_t)json_integer_value(e);
  }
  return 0;
}
static int q_get_keys(json_t *a, uint64_t *v, int n) {
  if (json_array_size(a) != (size_t)n) return -1;
  for (int i = 0; i < n; i++) {
    json_t *e = json_array_get(a, (size_t)i);
    const char *s = json_string_value(e);
    char *end;
    if (json_is_null(e)) v[i] = UINT64_MAX;
    else if (!s || (v[i] = strtoull(s, &end, 16), *end)) return -1;
  }
  return 0;
}

/* one quantizer: 0, or -1 */
static int q_run_read(json_t *o, struct q_run *q) {
  const char *name = json_string_value(json_object_get(o, "quantizer")), *p = json_string_value(json_object_get(o, "path"));
  const char *f = json_string_value(json_object_get(o, "from")), *t = json_string_value(json_object_get(o, "to"));
  json_t *sc = json_object_get(o, "scale"), *cls = json_object_get(o, "classes");
  uint64_t c8[8], v[2];
  if (!name || !p || !f || !t || !json_is_object(sc) || json_array_size(cls) != QV_N) return -1;
  int fam, src, impl, found = 0;
  for (fam = 0; fam < QM_NFAM && !found; fam++)
    for (src = 0; src < QX_NSRC && !found; src++)
      for (impl = 0; impl < QI_N && !found; impl++) {
        char b[64];
        snprintf(b, sizeof b, "%s.%s.%s", q_fam_names[fam], q_src_names[src], q_impl_name(fam, impl));
        if (!strcmp(b, name)) q->fam = fam, q->src = src, q->impl = impl, found = 1;
      }
  if (!found) return -1;
  snprintf(q->name, sizeof q->name, "%s", name), snprintf(q->path, sizeof q->path, "%s", p);
  q->from = (uint32_t)strtoul(f, NULL, 16), q->to = (uint32_t)strtoul(t, NULL, 16);
  q->seconds = json_number_value(json_object_get(o, "seconds"));
  q->st.err = json_number_value(json_object_get(o, "max_rel_error"));
  json_t *pa = json_pack("[O,O]", json_object_get(o, "pairs"), json_object_get(o, "nan_any"));
  int bad = !pa || q_get_u64s(pa, v, 2) || q_get_u64s(json_object_get(o, "wrong"), q->st.wrong, QV_N) ||
            q_get_keys(json_object_get(o, "first"), q->st.first, QV_N) ||
            q_get_u64s(json_object_get(sc, "counts"), c8, 8) || q_get_u64s(json_object_get(sc, "wrong"), q->st.s.swrong, QS_N) ||
            q_get_u64s(json_object_get(sc, "subnormal"), q->st.s.ssub, QS_N) ||
            q_get_keys(json_object_get(sc, "first"), q->st.s.sfirst, QS_N);
  json_decref(pa);
  for (int k = 0; k < QV_N && !bad; k++) bad = q_get_u64s(json_array_get(cls, (size_t)k), q->st.cls[k], QCL_N);
  q_bstats_clear(&q->bs);
  if (!bad && q->impl == QI_BLOCK) bad = q_block_read(json_object_get(o, "block"), &q->bs);
  if (bad) return -1;
  q->st.pairs = v[0], q->st.nan_any = v[1];
  struct q_sres *s = &q->st.s;
  s->amax = c8[0], s->finite = c8[1], s->sub = c8[2], s->zero_seen = c8[3], s->zero_code = c8[4];
  s->nonfin = c8[5], s->nonfin_nan = c8[6], s->sub_flush = c8[7];
  return 0;
}

int q_read(json_t *root, const char *path, struct kind_result **out, char *err, size_t errlen) {
  struct kind_result *r = calloc(1, sizeof *r);
  if (!r) return EXIT_IO;
  int rc = run_info_read(root, path, &r->ri, err, errlen);
  json_t *res = json_object_get(root, "results");
  int bad = !rc && (json_array_size(res) < 1 || json_array_size(res) > Q_MAXVAR);
  for (size_t i = 0; !rc && !bad && i < json_array_size(res); i++) bad = q_run_read(json_array_get(res, i), &r->run[r->nv++]);
  if (bad) {
    snprintf(err, errlen, "%s: missing or invalid field 'results'", path);
    rc = EXIT_CORRUPT;
  }
  json_t *g = json_object_get(root, "tensor_scale");
  r->g = g ? (float)json_number_value(g) : 1.0f, r->Ng = 1, r->Eg = 0;
  const char *src = json_string_value(json_object_get(root, "source"));
  if (src) snprintf(r->source, sizeof r->source, "%s", src);
  if (rc) {
    free(r);
    return rc;
  }
  *out = r;
  return 0;
}
