/* arch_bases.c: which of the baselines of `ulpcert arch compare` holds each kind's part. */
#include "src/cmd/arch_bases.h"

#include <jansson.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/kind.h"

int arch_part_holds(json_t *part) {
  if (!part) return 0;
  json_t *res = json_object_get(part, "results");
  return !(res && json_is_array(res) && json_array_size(res) == 0);
}

int arch_bases_find(const struct arch_bases *bs, const struct kind *k, int *first, int *second) {
  int full = -1, empty = -1;
  for (int i = 0; i < bs->n; i++) {
    json_t *part = arch_part(bs->b[i].doc, k);
    if (!part) continue;
    if (!arch_part_holds(part)) {
      if (empty < 0) empty = i;
    } else if (full >= 0) {
      *first = full, *second = i;
      return -2;
    } else full = i;
  }
  return full >= 0 ? full : empty;
}

int arch_bases_check(const struct arch_bases *bs, int (*wanted)(const char *list, const struct kind *k),
                     const char *list) {
  for (int k = 0; kinds[k]; k++) {
    if (!kinds[k]->arch_compare || !wanted(list, kinds[k])) continue;
    int i = 0, j = 0;
    if (arch_bases_find(bs, kinds[k], &i, &j) == -2) {
      errorf("%s and %s both hold %s variants ('%s' part): give one of them (or --kinds without it)",
             bs->b[i].path, bs->b[j].path, kinds[k]->title, kinds[k]->name);
      return EXIT_USAGE;
    }
  }
  return 0;
}

int arch_bases_same_origin(const struct arch_bases *bs) {
  static const char *const field[6] = {"backend", "device", "compute capability", "driver", "toolkit", "build"};
  for (int i = 1; i < bs->n; i++)
    for (int f = 0; f < 6; f++)
      if (strcmp(bs->b[0].origin[f], bs->b[i].origin[f])) {
        errorf("%s and %s are not parts of one record: their %s differs ('%s', '%s')", bs->b[0].path, bs->b[i].path,
               field[f], bs->b[0].origin[f], bs->b[i].origin[f]);
        return EXIT_USAGE;
      }
  return 0;
}
