/* file.c: the search kind's result files and printed table. Every double is written as C99's
 * hexadecimal (%a), read back exactly by strtod. */
#include "src/kinds/search/file.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/results.h"

static const char *lib_word[] = {"cuda", "glibc", "llvm", "musl", "sleef", "planted"};

static json_t *hex(double d) {
  char b[40];
  snprintf(b, sizeof b, "%a", d);
  return json_string(b);
}

static json_t *cand_json(const struct sr_cand *c) {
  json_t *o = json_pack("{s:o, s:o, s:o, s:o, s:b}", "x", hex(c->x), "y", hex(c->y), "out", hex(c->out), "estimate",
                        hex(c->est), "checked", c->checked);
  if (c->checked) {
    json_object_set_new(o, "measured", json_boolean(c->measured));
    json_object_set_new(o, "exact", json_string(c->exact));
    json_object_set_new(o, "correctly_rounded", hex(c->cr));
    json_object_set_new(o, "ulp_error", hex(c->ulp_err));
    json_object_set_new(o, "steps", json_integer(c->steps == UINT64_MAX ? -1 : (json_int_t)c->steps));
  }
  return o;
}

static json_t *variant_json(const struct kind_result *r, int i) {
  const struct sr_variant *vs;
  sr_variants(&vs);
  const struct sr_variant *v = &vs[r->v[i]];
  const struct sr_stat *s = &r->st[i];
  char verdict[512];
  sr_verdict(v, s, verdict, sizeof verdict);
  json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:I, s:I, s:I, s:I, s:s}", "variant", v->name, "function",
                        sr_fns[v->fn].name, "library", lib_word[v->lib], "format",
                        sr_fns[v->fn].dom.fmt == SR_F64 ? "binary64" : "binary32", "sampled", (json_int_t)s->sampled,
                        "local", (json_int_t)s->local, "listed", (json_int_t)s->listed, "unmeasured",
                        (json_int_t)s->unmeasured, "verdict", verdict);
  if (v->bound != SR_NO_BOUND)
    json_object_set_new(o, "bound", json_pack("{s:s, s:f, s:s}", "measure",
                                              v->bound == SR_BOUND_STEPS ? "steps" : "ulp", "value", v->bound_value,
                                              "source", v->bound_source));
  json_t *cands = json_array();
  for (int k = 0; k < s->npool; k++) json_array_append_new(cands, cand_json(&s->pool[k]));
  json_object_set_new(o, "candidates", cands);
  int b = sr_best(s);
  if (b >= 0) json_object_set_new(o, "max", cand_json(&s->pool[b]));
  return o;
}

int sr_write(const char *path, const struct kind_result *r, char *err, size_t errlen) {
  json_t *root = result_header_json(&r->ri, "search"), *res = json_array();
  char sd[24];
  result_range_json(root, &r->ri);
  snprintf(sd, sizeof sd, "0x%016llx", (unsigned long long)r->seed);
  json_object_set_new(root, "search", json_pack("{s:s, s:i, s:i, s:i, s:i}", "seed", sd, "block", (int)SR_BLOCK,
                                                "pool", SR_POOL, "local_rounds", r->rounds, "local_batch", r->batch));
  json_t *se = json_object_get(root, "search");
  json_object_set_new(se, "local_search", json_string(r->local_done ? "done" : "pending"));
  if (r->shards > 1) json_object_set_new(se, "shards", json_integer(r->shards));
  if (r->list_path[0]) {
    char ld[24];
    snprintf(ld, sizeof ld, "0x%016llx", (unsigned long long)r->list_digest);
    json_object_set_new(se, "list", json_string(r->list_path));
    if (r->nlist || r->nlist_file != SR_LIST_UNKNOWN) {
      json_object_set_new(se, "list_inputs", json_integer((json_int_t)(r->nlist ? r->nlist : r->nlist_file)));
      json_object_set_new(se, "list_digest", json_string(ld));
    }
  }
  for (int i = 0; i < r->nv; i++) json_array_append_new(res, variant_json(r, i));
  return result_write_free(path, root, res, err, errlen);
}

/* A double written by hex(): 0, or -1 when absent or not a number's text. */
static int get_hex(json_t *o, const char *key, double *d) {
  const char *s = json_string_value(json_object_get(o, key));
  char *end;
  if (!s) return -1;
  *d = strtod(s, &end);
  return *end || end == s ? -1 : 0;
}

static int cand_read(json_t *o, struct sr_cand *c) {
  memset(c, 0, sizeof *c);
  if (get_hex(o, "x", &c->x) || get_hex(o, "y", &c->y) || get_hex(o, "out", &c->out) ||
      get_hex(o, "estimate", &c->est) || !json_is_boolean(json_object_get(o, "checked")))
    return -1;
  c->checked = json_is_true(json_object_get(o, "checked"));
  if (!c->checked) return 0;
  const char *ex = json_string_value(json_object_get(o, "exact"));
  json_t *st = json_object_get(o, "steps");
  if (!ex || !json_is_integer(st) || get_hex(o, "correctly_rounded", &c->cr) || get_hex(o, "ulp_error", &c->ulp_err) ||
      !json_is_boolean(json_object_get(o, "measured")))
    return -1;
  c->measured = json_is_true(json_object_get(o, "measured"));
  snprintf(c->exact, sizeof c->exact, "%s", ex);
  c->steps = json_integer_value(st) < 0 ? UINT64_MAX : (uint64_t)json_integer_value(st);
  return 0;
}

static int variant_read(json_t *o, struct kind_result *r) {
  int k = sr_variant_index(json_string_value(json_object_get(o, "variant")) ? json_string_value(json_object_get(o, "variant")) : "");
  json_t *sa = json_object_get(o, "sampled"), *lo = json_object_get(o, "local"), *un = json_object_get(o, "unmeasured"),
         *cs = json_object_get(o, "candidates");
  if (k < 0 || r->nv >= SR_MAXV || !json_is_integer(sa) || !json_is_integer(lo) || !json_is_integer(un) ||
      !json_is_array(cs) || json_array_size(cs) > SR_POOL)
    return -1;
  struct sr_stat *s = &r->st[r->nv];
  r->v[r->nv++] = k;
  s->sampled = (uint64_t)json_integer_value(sa), s->local = (uint64_t)json_integer_value(lo);
  s->unmeasured = (uint64_t)json_integer_value(un);
  s->listed = (uint64_t)json_integer_value(json_object_get(o, "listed")); /* 0 when absent */
  for (size_t j = 0; j < json_array_size(cs); j++) {
    struct sr_cand c;
    if (cand_read(json_array_get(cs, j), &c)) return -1;
    s->pool[s->npool++] = c;
  }
  return 0;
}

int sr_read(json_t *root, const char *path, struct kind_result **out, char *err, size_t errlen) {
  struct kind_result *r = calloc(1, sizeof *r);
  if (!r) return EXIT_IO;
  int rc = run_info_read(root, path, &r->ri, err, errlen);
  json_t *se = json_object_get(root, "search"), *res = json_object_get(root, "results");
  const char *sd = json_string_value(json_object_get(se, "seed"));
  json_t *ro = json_object_get(se, "local_rounds"), *ba = json_object_get(se, "local_batch");
  int bad = !rc && (!sd || !json_is_integer(ro) || !json_is_integer(ba) || !json_is_array(res) ||
                    json_array_size(res) < 1 || json_integer_value(json_object_get(se, "block")) != SR_BLOCK);
  /* absent: a file written before the field, whose ranges each ended with their local search */
  json_t *lsj = json_object_get(se, "local_search");
  const char *ls = lsj ? json_string_value(lsj) : "done";
  json_t *sh = json_object_get(se, "shards"), *li = json_object_get(se, "list_inputs");
  const char *lp = json_string_value(json_object_get(se, "list")), *ld = json_string_value(json_object_get(se, "list_digest"));
  bad |= !rc && (!ls || (strcmp(ls, "done") && strcmp(ls, "pending")) || (sh && !json_is_integer(sh)) ||
                 (ld && !json_is_integer(li))); /* a list without digest: written before it, unknown */
  if (!rc && !bad) {
    r->local_done = !strcmp(ls, "done");
    r->shards = sh ? (int)json_integer_value(sh) : 0;
    if (lp) {
      snprintf(r->list_path, sizeof r->list_path, "%s", lp);
      r->nlist_file = ld ? (size_t)json_integer_value(li) : SR_LIST_UNKNOWN, r->list_digest = ld ? strtoull(ld, NULL, 16) : 0;
    }
    r->seed = strtoull(sd, NULL, 16);
    r->rounds = (int)json_integer_value(ro), r->batch = (int)json_integer_value(ba);
    for (size_t i = 0; !bad && i < json_array_size(res); i++) bad = variant_read(json_array_get(res, i), r);
  }
  if (bad) {
    snprintf(err, errlen, "%s: missing or invalid search fields ('search', 'results')", path);
    rc = EXIT_CORRUPT;
  }
  if (rc) {
    free(r);
    return rc;
  }
  *out = r;
  return 0;
}

/* The listed inputs of a result: their count (read from a file, or read by --pairs). */
static size_t list_count(const struct kind_result *r) { return r->nlist ? r->nlist : r->nlist_file; }

int sr_same(const struct kind_result *a, const struct kind_result *b, const char *pa, const char *pb, char *err,
            size_t errlen) {
  const char *field = NULL;
  int differ = a->nv != b->nv;
  for (int i = 0; i < a->nv && !differ; i++) differ = a->v[i] != b->v[i];
  if (differ) field = "results' variants (the functions and libraries searched)";
  else if (a->seed != b->seed) field = "search.seed";
  else if (a->rounds != b->rounds || a->batch != b->batch) field = "search.local_rounds and local_batch (the backend's local search)";
  else if (a->list_digest != b->list_digest || list_count(a) != list_count(b)) field = "search.list (the --pairs list's inputs)";
  if (field) {
    snprintf(err, errlen, "%s and %s differ in the field %s", pa, pb, field);
    return EXIT_USAGE;
  }
  return 0;
}

/* b into a: counts added, pools united. A resumed run (a fresh from begin) takes on b's state; a
 * merge of files keeps the local search done only where every part has it, and is no longer a
 * shard (the merged shards are a range whose local search `run --resume` does). */
void sr_merge(struct kind_result *a, const struct kind_result *b) {
  for (int i = 0; i < a->nv; i++) sr_stat_merge(&a->st[i], &b->st[i]);
  if (a->fresh) {
    a->local_done = b->local_done, a->shards = b->shards, a->fresh = 0;
  } else {
    a->local_done = a->local_done && b->local_done, a->shards = 0;
  }
}

void sr_print(FILE *f, const struct kind_result *r) {
  const struct sr_variant *vs;
  sr_variants(&vs);
  fprintf(f, "search: blocks %u..%u of %u inputs, seed 0x%016llx; local search %d rounds of %d around %d candidates\n",
          r->ri.from, r->ri.to, SR_BLOCK, (unsigned long long)r->seed, r->rounds, r->batch, SR_WALK);
  if (!r->local_done)
    fprintf(f, "search: the local search is pending (%s): the figures are the sampling's\n",
            r->shards > 1 ? "a shard: merge the shards, then run --resume MERGED does it" : "run --resume FILE does it");
  for (int i = 0; i < r->nv; i++) {
    const struct sr_variant *v = &vs[r->v[i]];
    const struct sr_stat *s = &r->st[i];
    char where[160], verdict[512];
    unsigned long long n = (unsigned long long)(s->sampled + s->local + s->listed);
    int b = sr_best(s);
    sr_verdict(v, s, verdict, sizeof verdict);
    if (b < 0) {
      fprintf(f, "%s: nothing measured in %llu inputs searched\n  verdict: %s\n", v->name, n, verdict);
      continue;
    }
    const struct sr_cand *c = &s->pool[b];
    sr_where(&sr_fns[v->fn], c, where, sizeof where);
    if (!isfinite(c->out))
      fprintf(f, "%s: a non-finite output %a where f is finite (at %s); %llu inputs searched\n", v->name, c->out, where,
              n);
    else if (isinf(c->ulp_err)) /* a finite output where |f| < 2^-1022 (ulp 2^-1074), e.g. f = 0 exactly */
      fprintf(f, "%s: at least 2^1024 ulp (at %s; %llu inputs searched)\n", v->name, where, n);
    else
      fprintf(f, "%s: at least %.6f ulp (at %s; %llu inputs searched)\n", v->name, floor(c->ulp_err * 1e6) / 1e6, where,
              n); /* a lower bound: rounded down */
    char steps[48] = "a non-finite output";
    if (c->steps != UINT64_MAX)
      snprintf(steps, sizeof steps, "%llu step%s away", (unsigned long long)c->steps, c->steps == 1 ? "" : "s");
    fprintf(f, "  output %a, exact %s, correctly rounded %a (%s)\n  verdict: %s\n", c->out, c->exact, c->cr, steps,
            verdict);
  }
}
