/* cells.c: table cells read from result JSON (cells.h). */
#include "src/report/cells.h"

#include <stdio.h>

const char *cell_str(json_t *o, const char *k) { return json_string_value(json_object_get(o, k)) ?: "-"; }

long long cell_num(json_t *o, const char *k) { return json_integer_value(json_object_get(o, k)); }

void cell_device_sm(const struct run_info *ri, char *buf, size_t n) {
  char cc[8] = "", *c = cc;
  for (const char *p = ri->cc; *p && c < cc + 7; p++)
    if (*p != '.') *c++ = *p;
  *c = 0;
  snprintf(buf, n, "%s (sm_%s)", ri->device, cc);
}

void cell_classes(json_t *m, const char *const *names, int nc, char *buf, size_t n) {
  size_t len = 0;
  buf[0] = 0;
  for (int k = 0; k < nc && len < n; k++) {
    long long c = cell_num(m, names[k]);
    if (c) len += (size_t)snprintf(buf + len, n - len, "%s%s %lld", len ? ", " : "", names[k], c);
  }
  if (!len) snprintf(buf, n, "none");
}
