/* references.c: the references of the catalogue (every REFERENCE line of the function
 * folders, in catalogue order). */
#include <arb.h>
#include <string.h>

#include "src/catalogue/catalogue.h"
#include "src/catalogue/registry.h"

#define REFERENCE(name, mpfr_fn, sym, mono, shortcut, series, lo, hi)                                         \
  int mpfr_fn(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);                                                            \
  int shortcut(uint32_t, double *, int *);                                                                   \
  int series(arb_ptr, const arb_t, slong, slong);
#include "src/catalogue/catalogue_list.h"

const struct reference ref_table[] = {
#define REFERENCE(nm, mpfr, sym, mono, sc, se, lo, hi)                                                        \
  {.name = nm, .mpfr_fn = mpfr, .symmetry = sym, .monotone = mono, .shortcut = sc, .series = se, .mpfr_lo = lo, \
   .mpfr_hi = hi},
#include "src/catalogue/catalogue_list.h"
};
const int n_references = (int)(sizeof ref_table / sizeof ref_table[0]);

const struct reference *ref_find(const char *name) {
  for (int i = 0; i < n_references; i++)
    if (strcmp(ref_table[i].name, name) == 0) return &ref_table[i];
  return NULL;
}
