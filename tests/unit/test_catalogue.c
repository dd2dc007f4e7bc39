/* test_catalogue.c: the catalogue's lines (the functions/<name>/<name>*.def files, catalogue.h)
 * against the rules they are written by, on the registry they build:
 *   - every variant has a name of its own, a reference, a description and a backend; a
 *     claim or a documented bound has its source and a documented bound is one of ulp,
 *     relative or absolute (the absolute one with its range); absent fields take their
 *     documented defaults;
 *   - CUDA's functions come in three builds, named fn.cuda, fn.cuda.ftz and
 *     fn.cuda.fastmath after their device functions fn_cuda, fn_cuda_ftz and fn_cuda_fast,
 *     the last two adjacent; .ftz carries exactly the clauses of .cuda, each source followed
 *     by " (no bound of its own for -ftz=true)"; .fastmath carries them too, followed by
 *     " (under -use_fast_math)", unless its description says -use_fast_math makes it an
 *     intrinsic __fn (then every clause is the intrinsic's, " (-use_fast_math turns fn into
 *     __fn)", or there is none) or names a flag besides ftz (clauses of its own, " (under
 *     -use_fast_math)");
 *   - a variant documented to round in a directed mode is documented within 1 ulp.
 * The expectations come from the naming rules and the Guide's wording, not from the
 * registry itself. */
#include "testutil.h"

#include <string.h>

#include "src/catalogue/registry.h"

#define FTZ_NOTE " (no bound of its own for -ftz=true)"
#define FAST_NOTE " (under -use_fast_math)"

static int ends_with(const char *s, const char *tail) {
  size_t n = strlen(s), m = strlen(tail);
  return n >= m && !strcmp(s + n - m, tail);
}

static int starts_with(const char *s, const char *head) { return !strncmp(s, head, strlen(head)); }

static void test_fields(void **state) {
  (void)state;
  assert_true(n_variants > 0);
  for (int i = 0; i < n_variants; i++) {
    const struct variant *v = &variants[i];
    for (int j = 0; j < i; j++) assert_string_not_equal(variants[j].name, v->name);
    assert_non_null(v->ref);
    assert_string_equal(v->ref->name, v->ref_name);
    assert_true(v->family && v->family[0] && v->description && v->description[0]);
    assert_int_equal(v->kind, VK_F32_UNARY);
    assert_true(v->host_fn || v->gpu_fn != GPU_NONE);
    assert_int_equal(v->gpu_fn, strcmp(v->device_fn, "NODEVICE") ? i : GPU_NONE);
    /* the code's claim: a kind, a bound and a source, or nothing (source "") */
    const int claimed = v->claim.max_ulp || v->claim.max_rel;
    assert_int_equal(claimed, v->claim.kind != CLAIM_NONE);
    assert_non_null(v->claim.source);
    assert_int_equal(claimed, v->claim.source[0] != 0);
    assert_null(v->claim.max_abs);
    /* the documented bound: one measure, with its source */
    const int docs = !!v->doc.max_ulp + !!v->doc.max_rel + !!v->doc.max_abs;
    assert_true(docs <= 1);
    assert_int_equal(v->doc.kind, docs ? CLAIM_DOCUMENTED : CLAIM_NONE);
    assert_int_equal(v->doc.source != NULL, docs);
    assert_int_equal(v->abs_ranged, v->doc.max_abs != NULL);
    if (v->abs_ranged) assert_true(v->abs_lo <= v->abs_hi);
    else assert_true(v->abs_lo == -INFINITY && v->abs_hi == INFINITY);
    if (v->rounding != RND_N) {
      assert_non_null(v->doc.max_ulp);
      assert_string_equal(v->doc.max_ulp, "1");
    }
  }
}

/* The variant called prefix + suffix, its device function checked. */
static const struct variant *build(const char *fn, const char *suffix, const char *dev_suffix) {
  char name[96], dev[96];
  snprintf(name, sizeof name, "%s%s", fn, suffix);
  snprintf(dev, sizeof dev, "%s%s", fn, dev_suffix);
  const struct variant *v = variant_find(name);
  if (!v) fail_msg("%s.cuda has no sibling %s", fn, name);
  assert_string_equal(v->device_fn, dev);
  assert_null(v->host_fn);
  assert_true(v->claim.kind == CLAIM_NONE && v->doc.kind == CLAIM_NONE);
  return v;
}

/* Clause k of b is clause k of a, its source a's followed by note (note NULL: any source). */
static void same_clause(const struct variant *a, int k, const struct variant *b, const char *note) {
  const struct bound_clause *p = &a->clause[k], *q = &b->clause[k];
  assert_int_equal(p->measure, q->measure);
  assert_true(p->lo == q->lo && p->hi == q->hi && p->ex_lo == q->ex_lo && p->ex_hi == q->ex_hi && p->c0 == q->c0);
  assert_true(p->c1n == q->c1n && p->c1d == q->c1d);
  assert_string_equal(a->clause_text[k], b->clause_text[k]);
  char want[1024];
  snprintf(want, sizeof want, "%s%s", a->clause_source[k], note);
  assert_string_equal(b->clause_source[k], want);
}

/* What -use_fast_math does to fn, as its .fastmath description says it, decides its clauses. */
static void check_fastmath(const char *fn, const struct variant *d, const struct variant *f) {
  char head[128], intr[128], turns[160];
  snprintf(head, sizeof head, "CUDA's %s compiled with -use_fast_math: ", fn);
  snprintf(intr, sizeof intr, "becomes the intrinsic __%s", fn);
  snprintf(turns, sizeof turns, " (-use_fast_math turns %s into __%s)", fn, fn);
  if (!starts_with(f->description, head)) fail_msg("%s: '%s'", f->name, f->description);
  const char *what = f->description + strlen(head);
  if (starts_with(what, intr)) { /* the intrinsic's clauses, or none */
    for (int k = 0; k < f->n_clauses; k++)
      if (!ends_with(f->clause_source[k], turns)) fail_msg("%s clause %d: '%s'", f->name, k, f->clause_source[k]);
  } else if (!strcmp(what, "no substitution; changed only by the implied flags (ftz)") ||
             !strcmp(what, "identical to default")) { /* fn itself, flushing subnormals */
    assert_int_equal(f->n_clauses, d->n_clauses);
    for (int k = 0; k < d->n_clauses; k++) same_clause(d, k, f, FAST_NOTE);
  } else if (starts_with(what, "no substitution; changed only by the implied flags (ftz, ")) {
    /* another implied flag (prec-div, prec-sqrt): the Guide's words for the build */
    for (int k = 0; k < f->n_clauses; k++) assert_true(ends_with(f->clause_source[k], FAST_NOTE));
  } else {
    fail_msg("%s: what -use_fast_math does is not understood: '%s'", f->name, what);
  }
}

/* docs/cuda-math/fast-math.tsv: whether -use_fast_math replaces fn by an intrinsic (its last
 * column, "replaced by __fn..."); -1 where fn is not a row. n_rows: its functions of one
 * float (rows named by an identifier ending in f). */
static int tsv_replaced(const char *fn, int *n_rows) {
  FILE *t = fopen("docs/cuda-math/fast-math.tsv", "r");
  if (!t) fail_msg("cannot read docs/cuda-math/fast-math.tsv (run from the repository root)");
  char line[4096], want[80];
  snprintf(want, sizeof want, "replaced by __%s", fn);
  int found = -1, rows = 0;
  while (fgets(line, sizeof line, t)) {
    line[strcspn(line, "\r\n")] = 0;
    const char *tab = strchr(line, '\t'), *last = strrchr(line, '\t');
    if (!tab || line[0] < 'a' || line[0] > 'z' || tab[-1] != 'f' || strcspn(line, " (,/") < (size_t)(tab - line))
      continue;
    rows++;
    if ((size_t)(tab - line) == strlen(fn) && !strncmp(line, fn, strlen(fn))) found = starts_with(last + 1, want);
  }
  fclose(t);
  *n_rows = rows;
  return found;
}

static void test_cuda_builds(void **state) {
  (void)state;
  int functions = 0, n_rows = -1;
  for (int i = 0; i < n_variants; i++) {
    const struct variant *d = &variants[i];
    const size_t n = strlen(d->name);
    if (n < 6 || strcmp(d->name + n - 5, ".cuda")) continue;
    char fn[64];
    snprintf(fn, sizeof fn, "%.*s", (int)(n - 5), d->name);
    char prefix[96];
    snprintf(prefix, sizeof prefix, "CUDA's %s", fn);
    if (!starts_with(d->description, prefix)) continue; /* a variant of the function's own code */
    functions++;
    build(fn, ".cuda", "_cuda");
    const struct variant *z = build(fn, ".cuda.ftz", "_cuda_ftz"), *f = build(fn, ".cuda.fastmath", "_cuda_fast");
    assert_ptr_equal(f, z + 1);
    for (const struct variant *s = z; s <= f; s++) {
      assert_string_equal(s->family, d->family);
      assert_string_equal(s->ref_name, d->ref_name);
    }
    char ftz_desc[128];
    snprintf(ftz_desc, sizeof ftz_desc, "CUDA's %s compiled with -ftz=true", fn);
    assert_string_equal(z->description, ftz_desc);
    assert_int_equal(z->n_clauses, d->n_clauses);
    for (int k = 0; k < d->n_clauses; k++) same_clause(d, k, z, FTZ_NOTE);
    check_fastmath(fn, d, f);
    int rows;
    assert_int_equal(tsv_replaced(fn, &rows), strstr(f->description, "becomes the intrinsic") != NULL);
    n_rows = rows;
  }
  assert_int_equal(functions, n_rows); /* every function of the table, each once */
}

int main(void) {
  char err[256];
  if (registry_init(err, sizeof err)) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_fields),
    cmocka_unit_test(test_cuda_builds),
  };
  return cmocka_run_group_tests_name("catalogue", tests, NULL, NULL);
}
