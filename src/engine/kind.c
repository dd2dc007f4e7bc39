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

const struct kind *kind_named(const char *name) {
  for (int i = 0; name && kinds[i]; i++) {
    if (!strcmp(kinds[i]->name, name)) return kinds[i];
    for (const char *const *a = kinds[i]->aliases; a && *a; a++)
      if (!strcmp(*a, name)) return kinds[i];
  }
  return NULL;
}

const struct kind *kind_of_result(json_t *root) { return kind_named(result_kind(root)); }

const struct kind *kind_for_claims(void) {
  for (int i = 0; kinds[i]; i++)
    if (kinds[i]->maxima) return kinds[i];
  return NULL;
}

json_t *arch_part(json_t *record, const struct kind *k) {
  const char *own = result_kind(record);
  if (own && !strcmp(own, k->name)) return record;
  json_t *p = json_object_get(record, k->name);
  for (const char *const *a = k->aliases; !p && a && *a; a++) p = json_object_get(record, *a);
  return p;
}
