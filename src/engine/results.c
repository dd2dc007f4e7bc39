/* results.c: see results.h. */
#include "src/engine/results.h"

#include <jansson.h>
#include <stdio.h>

#include "src/common.h"
#include "src/jsonio/json_io.h"

json_t *result_root(const struct run_info *ri, const char *kind, int range, double wall) {
  json_t *root = result_header_json(ri, kind);
  if (range) result_range_json(root, ri);
  json_object_set_new(root, "timing", json_pack("{s:f}", "wall_s", wall));
  return root;
}

int result_write_free(const char *path, json_t *root, json_t *res, char *err, size_t errlen) {
  if (res) json_object_set_new(root, "results", res);
  int rc = result_write_root(path, root, err, errlen);
  json_decref(root);
  return rc;
}

int result_array_read(json_t *root, const char *path, struct run_info *ri, json_t **res, size_t max,
                      const char *bad, char *err, size_t errlen) {
  *res = json_object_get(root, "results");
  int rc = run_info_read(root, path, ri, err, errlen);
  if (!rc && (!json_is_array(*res) || (max && json_array_size(*res) > max))) {
    snprintf(err, errlen, "%s: %s", path, bad);
    rc = EXIT_CORRUPT;
  }
  return rc;
}
