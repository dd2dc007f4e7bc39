/* refcheck_llvm_json.c: the result file of `refcheck --against llvm-libc` (refcheck_llvm.h),
 * written while the check goes on, and read back by --resume: the command's setup, then per
 * reference its counts, how its values were decided, its mismatch list and the part of the
 * range it covers ("covered", "complete"). A resumed check takes every reference's numbers
 * over and goes on after its last x; the counts are sums and the list keeps the lowest keys,
 * so the final file is the one an uninterrupted check writes, but for the times and the
 * header of the last run. */
#include <jansson.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/cmd/refcheck_llvm.h"
#include "src/cmd/refcheck_llvm_miss.h"
#include "src/common.h"
#include "src/jsonio/json_io.h"
#include "src/kinds/pair/partners.h"

static json_t *hex32(uint32_t v) {
  char b[16];
  snprintf(b, sizeof b, "0x%08x", v);
  return json_string(b);
}

static json_t *covered(uint32_t from, int64_t done) {
  json_t *a = json_array();
  if (done >= (int64_t)from) json_array_append_new(a, json_pack("{s:o, s:o}", "from", hex32(from), "to", hex32((uint32_t)done)));
  return a;
}

static json_t *list_json(const struct xc_ref *r) {
  static const char *const WRONG[3] = {"reference", "library", "neither (a signaling NaN operand)"};
  json_t *l = json_array();
  for (int i = 0; i < r->nlist; i++) {
    const struct xc_miss *m = &r->list[i];
    json_t *e = json_pack("{s:o, s:s, s:o, s:o, s:o, s:s}", "x", hex32(m->a), "mode", rounding_name(m->mode), "reference",
                          hex32(m->ref), "library", hex32(m->lib), "mpfr", hex32(m->mpfr), "wrong",
                          WRONG[xc_who_is_wrong(r, m)]);
    if (r->pr) json_object_set_new(e, "partner", hex32(m->b));
    json_array_append_new(l, e);
  }
  return l;
}

static json_t *ref_json(const struct xc_setup *s, unsigned modes, const struct xc_ref *r) {
  json_t *o = json_pack("{s:s, s:s, s:i, s:I, s:I}", "reference", r->name, "function", r->cname, "arguments", r->pr ? 2 : 1,
                        "inputs", (json_int_t)r->inputs, "nan_inputs", (json_int_t)r->nan_inputs);
  if (r->pr)
    json_object_set_new(o, "decided", json_pack("{s:s, s:I, s:I}", "where", r->gpu ? "device" : "host", "fast_reference",
                                                (json_int_t)r->by[2], "mpfr", (json_int_t)r->by[3]));
  else
    json_object_set_new(o, "decided", json_pack("{s:s, s:I, s:I, s:I, s:I, s:I}", "where", r->gpu ? "device" : "host",
                                                "shortcut", (json_int_t)r->by[1], "table", (json_int_t)r->by[2], "mpfr",
                                                (json_int_t)r->by[3], "undecidable", (json_int_t)r->undecidable,
                                                "mirrored", (json_int_t)r->mirrored));
  json_t *mm = json_object();
  for (int m = 0; m < RND_COUNT; m++)
    if (modes & (1u << m)) json_object_set_new(mm, rounding_name(m), json_integer((json_int_t)r->miss[m]));
  json_object_set_new(o, "mismatches", mm);
  json_object_set_new(o, "reference_wrong", json_integer((json_int_t)r->ref_wrong));
  json_object_set_new(o, "library_wrong", json_integer((json_int_t)r->lib_wrong));
  json_object_set_new(o, "signaling_nan", json_integer((json_int_t)r->snan));
  json_object_set_new(o, "list", list_json(r));
  json_object_set_new(o, "complete", json_boolean(r->done >= (int64_t)s->to));
  json_object_set_new(o, "covered", covered(s->from, r->done));
  json_object_set_new(o, "seconds", json_real(r->seconds));
  json_object_set_new(o, "check_seconds", json_real(r->check_s));
  return o;
}

int xc_write_json(const char *path, const struct run_info *ri, const struct xc_setup *s, const struct xc_ref *rs,
                  int n) {
  json_t *root = result_header_json(ri, "refcheck");
  json_object_set_new(root, "against", json_string(s->against));
  json_object_set_new(root, "mpfr", json_string(mpfr_get_version()));
  json_object_set_new(root, "modes", json_string(s->modes));
  int64_t all = (int64_t)s->to; /* the x every reference covers */
  for (int i = 0; i < n; i++) all = rs[i].done < all ? rs[i].done : all;
  struct run_info r2 = *ri;
  r2.complete = all >= (int64_t)s->to;
  r2.ncov = 0;
  result_range_json(root, &r2);
  if (!r2.complete) json_object_set_new(root, "covered", covered(s->from, all));
  json_object_set_new(root, "partners", json_pack("{s:i, s:i, s:o, s:i}", "adversarial", PAIR_ADV, "random",
                                                  (int)s->partners, "seed", json_sprintf("0x%016llx",
                                                  (unsigned long long)s->seed), "set", PAIR_PARTNER_SET));
  json_t *arr = json_array();
  for (int i = 0; i < n; i++)
    if (rs[i].done >= (int64_t)s->from) json_array_append_new(arr, ref_json(s, s->mode_bits, &rs[i]));
  json_object_set_new(root, "references", arr);
  char err[512];
  int rc = result_write_root(path, root, err, sizeof err);
  if (rc) errorf("%s", err);
  json_decref(root);
  return rc;
}

/* ---- --resume ---- */

static int hex_field(json_t *o, const char *key, uint32_t *v) {
  const char *s = json_string_value(json_object_get(o, key));
  char *end;
  if (!s) return -1;
  const unsigned long long u = strtoull(s, &end, 16);
  if (*end || u > 0xffffffffull) return -1;
  *v = (uint32_t)u;
  return 0;
}

static uint64_t count(json_t *o, const char *key) {
  json_t *v = json_object_get(o, key);
  return json_is_integer(v) ? (uint64_t)json_integer_value(v) : 0;
}

/* The file's list into r's (its order is the list's: lowest keys first). -1 when malformed. */
static int list_read(json_t *l, struct xc_ref *r) {
  r->nlist = 0;
  for (size_t i = 0; i < json_array_size(l) && r->nlist < XC_LIST; i++) {
    json_t *e = json_array_get(l, i);
    struct xc_miss m = {0};
    const char *mode = json_string_value(json_object_get(e, "mode"));
    m.mode = mode ? rounding_parse(mode) : -1;
    if (m.mode < 0 || hex_field(e, "x", &m.a) || hex_field(e, "reference", &m.ref) || hex_field(e, "library", &m.lib) ||
        hex_field(e, "mpfr", &m.mpfr) || (r->pr && hex_field(e, "partner", &m.b)))
      return -1;
    r->list[r->nlist++] = m;
  }
  return 0;
}

/* One reference's numbers from its object o. -1 when malformed. */
static int ref_read(json_t *o, const struct xc_setup *s, struct xc_ref *r) {
  json_t *d = json_object_get(o, "decided"), *mm = json_object_get(o, "mismatches");
  r->inputs = count(o, "inputs"), r->nan_inputs = count(o, "nan_inputs");
  r->by[1] = count(d, "shortcut"), r->by[2] = count(d, r->pr ? "fast_reference" : "table"), r->by[3] = count(d, "mpfr");
  r->undecidable = count(d, "undecidable"), r->mirrored = count(d, "mirrored");
  for (int m = 0; m < RND_COUNT; m++) r->miss[m] = count(mm, rounding_name(m));
  r->ref_wrong = count(o, "reference_wrong"), r->lib_wrong = count(o, "library_wrong");
  r->snan = count(o, "signaling_nan");
  r->seconds = json_real_value(json_object_get(o, "seconds"));
  r->check_s = json_real_value(json_object_get(o, "check_seconds")); /* 0 where absent */
  json_t *cov = json_object_get(o, "covered");
  uint32_t lo, hi;
  if (json_is_true(json_object_get(o, "complete"))) r->done = s->to;
  else if (json_array_size(cov) == 1 && !hex_field(json_array_get(cov, 0), "from", &lo) &&
           !hex_field(json_array_get(cov, 0), "to", &hi) && lo == s->from && hi <= s->to)
    r->done = hi;
  else return -1;
  return list_read(json_object_get(o, "list"), r);
}

/* The file's setup against this command's: 0, or -1 with what differs in why. */
static int same_setup(json_t *root, const struct xc_setup *s, char *why, size_t n) {
  json_t *dom = json_object_get(root, "domain"), *p = json_object_get(root, "partners");
  const char *kind = json_string_value(json_object_get(root, "kind")), *ver = json_string_value(json_object_get(root, "version"));
  const char *ag = json_string_value(json_object_get(root, "against")), *md = json_string_value(json_object_get(root, "modes"));
  const char *seed = json_string_value(json_object_get(p, "seed"));
  uint32_t from, to;
  char sb[32];
  snprintf(sb, sizeof sb, "0x%016llx", (unsigned long long)s->seed);
  if (!kind || strcmp(kind, "refcheck") || !ver || strcmp(ver, ULPCERT_VERSION)) snprintf(why, n, "not a refcheck result of this version");
  else if (!ag || strcmp(ag, s->against)) snprintf(why, n, "checked against %s", ag ? ag : "nothing");
  else if (!md || strcmp(md, s->modes)) snprintf(why, n, "modes %s", md ? md : "none");
  else if (hex_field(dom, "from", &from) || hex_field(dom, "to", &to) || from != s->from || to != s->to)
    snprintf(why, n, "another range");
  else if (count(p, "random") != s->partners || !seed || strcmp(seed, sb)) snprintf(why, n, "other partners");
  else return 0;
  return -1;
}

int xc_resume(const char *path, const struct xc_setup *s, struct xc_ref *rs, int n) {
  json_t *root;
  char err[1024];
  int rc = json_read_path(path, &root, err, sizeof err);
  if (rc) {
    errorf("--resume: %s", err);
    return rc;
  }
  if (same_setup(root, s, err, sizeof err)) {
    errorf("--resume: %s is not a check of this command (%s)", path, err);
    json_decref(root);
    return EXIT_USAGE;
  }
  json_t *arr = json_object_get(root, "references");
  int taken = 0;
  for (size_t j = 0; j < json_array_size(arr) && !rc; j++) {
    json_t *o = json_array_get(arr, j);
    const char *name = json_string_value(json_object_get(o, "reference"));
    for (int i = 0; i < n && name && !rc; i++)
      if (!strcmp(rs[i].name, name)) {
        if (ref_read(o, s, &rs[i])) {
          errorf("--resume: %s: reference %s is malformed", path, name);
          rc = EXIT_CORRUPT;
        }
        taken++;
      }
  }
  json_decref(root);
  if (!rc) noticef("resuming %s: %d of %d references begun or done", path, taken, n);
  return rc;
}
