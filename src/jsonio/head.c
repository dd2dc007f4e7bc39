/* head.c: see head.h. */
#include "src/jsonio/head.h"

#include <gnu/libc-version.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "src/common.h"

/* What the binary was built with (the engine's gpu_build_info), set once at start-up by
 * main: the formats do not call into the engine. */
static const char *g_build = "";
void head_set_build(const char *build) { g_build = build ? build : ""; }

void host_cpu_name(char *buf, size_t n) {
  snprintf(buf, n, "unknown CPU");
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (!f) return;
  char line[512];
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "model name", 10) == 0) {
      char *p = strchr(line, ':');
      if (p) {
        p++;
        while (*p == ' ') p++;
        p[strcspn(p, "\n")] = 0;
        snprintf(buf, n, "%s", p);
      }
      break;
    }
  }
  fclose(f);
}

void run_info_init(struct run_info *ri, int argc, char **argv) {
  snprintf(ri->build, sizeof ri->build, "%s", g_build);
  memset(ri, 0, sizeof *ri);
  ri->complete = 1;
  size_t off = 0;
  for (int i = 0; i < argc && off < sizeof ri->command - 1; i++)
    off += (size_t)snprintf(ri->command + off, sizeof ri->command - off, "%s%s", i ? " " : "", argv[i]);
}

void run_info_device(struct run_info *ri, const char *backend, const char *device, const char *driver,
                     const char *cc, const char *toolkit) {
  ri->gpu = !strcmp(backend, "gpu");
  snprintf(ri->ginfo.name, sizeof ri->ginfo.name, "%s", device);
  snprintf(ri->ginfo.driver_release, sizeof ri->ginfo.driver_release, "%s", driver);
  sscanf(cc, "%d.%d", &ri->ginfo.cc_major, &ri->ginfo.cc_minor);
  int tk_major = 0, tk_minor = 0;
  sscanf(toolkit, "%d.%d", &tk_major, &tk_minor);
  ri->ginfo.runtime_version = tk_major * 1000 + tk_minor * 10;
  ri->ginfo.driver_version = ri->ginfo.runtime_version;
}

json_t *result_device_json(const struct run_info *ri) {
  if (ri->gpu) {
    const struct gpu_info *g = &ri->ginfo;
    char cc[16], drv[16], rt[16];
    snprintf(cc, sizeof cc, "%d.%d", g->cc_major, g->cc_minor);
    snprintf(drv, sizeof drv, "%d.%d", g->driver_version / 1000, (g->driver_version % 1000) / 10);
    snprintf(rt, sizeof rt, "%d.%d", g->runtime_version / 1000, (g->runtime_version % 1000) / 10);
    return json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:i, s:i}", "kind", "gpu", "name", g->name, "compute_capability",
                     cc, "driver", g->driver_release, "driver_cuda", drv, "toolkit", rt, "sm_count", g->sm_count,
                     "devices", ri->ndevices > 0 ? ri->ndevices : 1);
  }
  char cpu[256];
  host_cpu_name(cpu, sizeof cpu);
  return json_pack("{s:s, s:s, s:i, s:s}", "kind", "cpu", "name", cpu, "threads", ri->threads, "libc",
                   gnu_get_libc_version());
}

json_t *result_header_json(const struct run_info *ri, const char *kind) {
  json_t *root = json_object();
  char ts[64];
  time_t now = time(NULL);
  strftime(ts, sizeof ts, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
  json_object_set_new(root, "tool", json_string("ulpcert"));
  json_object_set_new(root, "version", json_string(ULPCERT_VERSION));
  json_object_set_new(root, "kind", json_string(kind));
  json_object_set_new(root, "format", json_integer(ULPCERT_FORMAT));
  json_object_set_new(root, "command", json_string(ri->command));
  json_object_set_new(root, "date", json_string(ts));
  json_object_set_new(root, "backend", json_string(ri->gpu ? "gpu" : "cpu"));
  json_object_set_new(root, "device", result_device_json(ri));
  json_object_set_new(root, "build", json_string(g_build));
  return root;
}

static json_t *hex32(uint32_t u) {
  char b[16];
  snprintf(b, sizeof b, "0x%08x", u);
  return json_string(b);
}

static json_t *covered_json(const struct run_info *ri) {
  uint32_t cv[RESULT_MAXCOV][2];
  int nc = ri->ncov;
  if (nc == 0) cv[0][0] = ri->from, cv[0][1] = ri->to, nc = 1;
  else memcpy(cv, ri->cov, sizeof(uint32_t[2]) * (size_t)nc);
  for (int i = 1; i < nc; i++)
    for (int j = i; j > 0 && cv[j - 1][0] > cv[j][0]; j--) {
      uint32_t a = cv[j][0], b = cv[j][1];
      cv[j][0] = cv[j - 1][0], cv[j][1] = cv[j - 1][1], cv[j - 1][0] = a, cv[j - 1][1] = b;
    }
  json_t *cov = json_array();
  for (int i = 0; i < nc; i++) {
    uint32_t lo = cv[i][0], hi = cv[i][1];
    while (i + 1 < nc && cv[i + 1][0] <= (uint64_t)hi + 1) hi = cv[i + 1][1] > hi ? cv[i + 1][1] : hi, i++;
    json_array_append_new(cov, json_pack("{s:o, s:o}", "from", hex32(lo), "to", hex32(hi)));
  }
  return cov;
}

void result_range_json(json_t *root, const struct run_info *ri) {
  json_object_set_new(root, "complete", json_boolean(ri->complete));
  json_object_set_new(root, "covered", covered_json(ri));
  json_object_set_new(root, "domain", json_pack("{s:o, s:o, s:I}", "from", hex32(ri->from), "to", hex32(ri->to),
                                                "count", (json_int_t)((uint64_t)ri->to - ri->from + 1)));
}

int run_info_cover(struct run_info *ri, uint32_t lo, uint32_t hi) {
  for (int i = 0; i < ri->ncov; i++)
    if (lo > 0 && ri->cov[i][1] == lo - 1) { /* a resumed run picks up right after a covered range */
      ri->cov[i][1] = hi;
      return 0;
    }
  if (ri->ncov == RESULT_MAXCOV) return -1;
  ri->cov[ri->ncov][0] = lo, ri->cov[ri->ncov][1] = hi, ri->ncov++;
  return 0;
}

const char *result_kind(json_t *root) {
  const char *k = json_string_value(json_object_get(root, "kind"));
  if (k) return k;
  json_t *fmt = json_object_get(root, "format");
  return json_is_integer(fmt) && json_integer_value(fmt) == 1 ? "binary32" : NULL;
}

static void copy_str(char *dst, size_t n, json_t *v) { snprintf(dst, n, "%s", json_is_string(v) ? json_string_value(v) : ""); }

static int hex_field(json_t *o, const char *key, uint32_t *out) {
  const char *s = json_string_value(json_object_get(o, key));
  return s && !parse_u32(s, out) && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? 0 : -1;
}

int run_info_read(json_t *root, const char *path, struct run_info *ri, char *err, size_t errlen) {
  const char *field = NULL;
  memset(ri, 0, sizeof *ri);
  json_t *dev = json_object_get(root, "device"), *dom = json_object_get(root, "domain");
  json_t *comp = json_object_get(root, "complete"), *cov = json_object_get(root, "covered");
  if (!json_is_string(json_object_get(root, "version"))) field = "version";
  else if (!json_is_string(json_object_get(root, "backend"))) field = "backend";
  else if (!json_is_object(dev)) field = "device";
  else if (!dom || hex_field(dom, "from", &ri->from) || hex_field(dom, "to", &ri->to) || ri->from > ri->to)
    field = "domain";
  else if (cov && (!json_is_array(cov) || json_array_size(cov) == 0 || json_array_size(cov) > RESULT_MAXCOV))
    field = "covered";
  for (size_t i = 0; !field && cov && i < json_array_size(cov); i++) {
    json_t *e = json_array_get(cov, i);
    uint32_t lo, hi;
    if (hex_field(e, "from", &lo) || hex_field(e, "to", &hi) || lo > hi || lo < ri->from || hi > ri->to)
      field = "covered";
    else ri->cov[ri->ncov][0] = lo, ri->cov[ri->ncov][1] = hi, ri->ncov++;
  }
  if (field) {
    snprintf(err, errlen, "%s: missing or invalid field '%s'", path, field);
    return EXIT_CORRUPT;
  }
  if (!cov) ri->cov[0][0] = ri->from, ri->cov[0][1] = ri->to, ri->ncov = 1;
  ri->complete = !comp || json_is_true(comp);
  copy_str(ri->version, sizeof ri->version, json_object_get(root, "version"));
  copy_str(ri->build, sizeof ri->build, json_object_get(root, "build"));
  copy_str(ri->command, sizeof ri->command, json_object_get(root, "command"));
  copy_str(ri->date, sizeof ri->date, json_object_get(root, "date"));
  copy_str(ri->backend, sizeof ri->backend, json_object_get(root, "backend"));
  copy_str(ri->device, sizeof ri->device, json_object_get(dev, "name"));
  copy_str(ri->cc, sizeof ri->cc, json_object_get(dev, "compute_capability"));
  copy_str(ri->driver, sizeof ri->driver, json_object_get(dev, "driver"));
  copy_str(ri->toolkit, sizeof ri->toolkit, json_object_get(dev, "toolkit"));
  ri->gpu = !strcmp(ri->backend, "gpu");
  /* the device's strings reach Markdown rows and gnuplot strings: no control characters,
   * no '|' */
  const char *const strs[] = {ri->device, ri->cc, ri->driver, ri->toolkit, ri->backend, ri->version};
  for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++)
    for (const char *p = strs[i]; *p; p++)
      if ((unsigned char)*p < 0x20 || *p == 0x7f || *p == '|') {
        snprintf(err, errlen, "%s: a device or version field holds a control character or '|'", path);
        return EXIT_CORRUPT;
      }
  return 0;
}
