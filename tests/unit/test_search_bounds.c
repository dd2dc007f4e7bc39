/* test_search_bounds.c: the documented bounds of the search kind's CUDA variants
 * (src/kinds/search/fns.c, field guide) against the Guide's tables committed as data:
 * docs/cuda-math/ulp-bounds-double.tsv (Table 18, double precision, legacy edition as of CUDA
 * 13.0) for the binary64 functions and docs/cuda-math/ulp-bounds.tsv (Table 17) for powf, atan2f
 * and hypotf. Each table row's numeric_bound is checked against its verbatim cell ("N (full
 * range)" or "0 (IEEE-754 ...)": the leading integer), so a transcription that disagrees with the
 * words it came from fails, and every CUDA variant of the search kind must have a row whose bound
 * is a single number equal to fns.c's. Runs from the repository root (the Makefile's test rule). */
#include "testutil.h"

#include <stdlib.h>
#include <string.h>

#include "src/kinds/search/search.h"

#define MAXROWS 256
struct row {
  char fn[48], cell[256], num[96];
};

/* The rows of a TSV: columns fn, cell and num (0-based), header skipped; returns the count. */
static int read_tsv(const char *path, int cfn, int ccell, int cnum, struct row *rows) {
  FILE *f = fopen(path, "r");
  char line[4096];
  int n = 0;
  if (!f) fprintf(stderr, "cannot open %s (run from the repository root)\n", path);
  assert_non_null(f);
  assert_non_null(fgets(line, sizeof line, f)); /* header */
  while (n < MAXROWS && fgets(line, sizeof line, f)) {
    char *col[16] = {0};
    int k = 0;
    line[strcspn(line, "\n")] = 0;
    for (char *p = line; k < 16;) {
      col[k++] = p;
      char *t = strchr(p, '\t');
      if (!t) break;
      *t = 0, p = t + 1;
    }
    assert_true(k > cfn && k > ccell && k > cnum);
    snprintf(rows[n].fn, sizeof rows[n].fn, "%s", col[cfn]);
    snprintf(rows[n].cell, sizeof rows[n].cell, "%s", col[ccell]);
    snprintf(rows[n].num, sizeof rows[n].num, "%s", col[cnum]);
    n++;
  }
  fclose(f);
  return n;
}

/* The bound as a single integer: "2" -> 2; anything else (ranges, words) -> -1. */
static int single(const char *s) {
  char *e;
  long v = strtol(s, &e, 10);
  return e != s && *e == 0 ? (int)v : -1;
}

/* The cell's leading integer when the cell is "N (full range)" or "0 (IEEE-754 ...)", else -1. */
static int cell_bound(const char *cell) {
  char *e;
  long v = strtol(cell, &e, 10);
  if (e == cell) return -1;
  if (!strcmp(e, " (full range)") || !strncmp(e, " (IEEE-754 round-to-nearest-even)", 34)) return (int)v;
  return -1;
}

static const struct row *find(const struct row *rows, int n, const char *fn) {
  for (int i = 0; i < n; i++)
    if (!strcmp(rows[i].fn, fn)) return &rows[i];
  return NULL;
}

/* Table 18 as committed: every single-number bound agrees with its verbatim cell, the cells that
 * are not "N (full range)" have no single number, and a few rows derived by hand from the words. */
static void test_table_self_consistent(void **state) {
  static struct row r[MAXROWS];
  int n = read_tsv("docs/cuda-math/ulp-bounds-double.tsv", 0, 2, 5, r);
  assert_true(n >= 70);
  for (int i = 0; i < n; i++) {
    int c = cell_bound(r[i].cell), s = single(r[i].num);
    if (c != s) fprintf(stderr, "%s: cell \"%s\" but numeric_bound \"%s\"\n", r[i].fn, r[i].cell, r[i].num);
    assert_int_equal(c, s);
  }
  /* by hand from the cells: lgamma has a bound outside an interval only, j0 in ulps below 8 only */
  assert_int_equal(single(find(r, n, "lgamma")->num), -1);
  assert_int_equal(single(find(r, n, "j0")->num), -1);
  assert_int_equal(single(find(r, n, "normcdfinv")->num), 8);
}

/* Every CUDA variant's bound in fns.c is the table's. */
static void test_fns_bounds(void **state) {
  static struct row d[MAXROWS], s[MAXROWS];
  int nd = read_tsv("docs/cuda-math/ulp-bounds-double.tsv", 0, 2, 5, d);
  int ns = read_tsv("docs/cuda-math/ulp-bounds.tsv", 0, 1, 9, s);
  int checked = 0;
  for (int i = 0; i < sr_nfns; i++) {
    const struct sr_fn *f = &sr_fns[i];
    if (!f->device) continue;
    const struct row *r = f->dom.fmt == SR_F64 ? find(d, nd, f->name) : find(s, ns, f->name);
    if (!r) fprintf(stderr, "%s: no row in the Guide's table\n", f->name);
    assert_non_null(r);
    if (single(r->num) != f->guide)
      fprintf(stderr, "%s: fns.c says %d, the Guide's table \"%s\"\n", f->name, f->guide, r->num);
    assert_int_equal(single(r->num), f->guide);
    checked++;
  }
  assert_true(checked >= 30);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_table_self_consistent),
      cmocka_unit_test(test_fns_bounds),
  };
  return cmocka_run_group_tests_name("search_bounds", tests, NULL, NULL);
}
