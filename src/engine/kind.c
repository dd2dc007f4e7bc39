/* kind.c: the table of kinds (kinds.def, generated from src/kinds/). */
#include "src/engine/kind.h"

#include <jansson.h>
#include <string.h>

#define KIND(k) extern const struct kind kind_##k;
#include "kinds.def"
#undef KIND

const struct kind *const kinds[] = {
#define KIND(k) &kind_##k,
#include "kinds.def"
#undef KIND
    NULL};

const struct kind *kind_of_name(const char *name) {
  for (int i = 0; kinds[i]; i++)
    if (kinds[i]->owns(name)) return kinds[i];
  return NULL;
}

const struct kind *kind_of_result(json_t *root) {
  const char *k = result_kind(root);
  for (int i = 0; k && kinds[i]; i++)
    if (!strcmp(kinds[i]->name, k)) return kinds[i];
  return NULL;
}

const struct kind *kind_for_claims(void) {
  for (int i = 0; kinds[i]; i++)
    if (kinds[i]->maxima) return kinds[i];
  return NULL;
}

json_t *arch_part(json_t *record, const struct kind *k) {
  const char *own = result_kind(record);
  if (own && !strcmp(own, k->name)) return record;
  return json_object_get(record, k->name);
}
