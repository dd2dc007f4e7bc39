/* report.c: the conversions kind's part of `ulpcert report`, from the files of `run
 * convert`: in ACCURACY.md a table per format (every conversion and flavour that ran, per
 * device: exact matches, mismatches by class with the first input of each, the largest
 * error in units of the target format, the x2 lanes, the verdict against the documented
 * semantics), what did not run and why, and the documented semantics with their sources;
 * in docs/conversions.md's "conversions" block one table of every format. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/convert/conv_kind.h"
#include "src/report/cells.h"
#include "src/report/report.h"

static const char *const class_names[CL_N] = CONV_CLASS_NAMES;


/* "nan 3 (0x7f800001), tie 1 (0x3f880000)", or "none" */
static void classes_cell(json_t *o, char *buf, size_t n) {
  size_t k = 0;
  json_t *cl = json_object_get(o, "classes");
  buf[0] = 0;
  for (int c = 0; c < CL_N && k < n; c++) {
    json_t *e = json_object_get(cl, class_names[c]);
    if (cell_num(e, "count"))
      k += (size_t)snprintf(buf + k, n - k, "%s%s %lld (first %s)", k ? ", " : "", class_names[c], cell_num(e, "count"),
                            cell_str(e, "first"));
  }
  if (!k) snprintf(buf, n, "none");
}

static void device_cell(const struct run_info *ri, char *buf, size_t n) {
  char cc[8] = "", *c = cc;
  for (const char *p = ri->cc; *p && c < cc + 7; p++)
    if (*p != '.') *c++ = *p;
  *c = 0;
  if (cc[0]) snprintf(buf, n, "%s (sm_%s)", ri->device, cc);
  else snprintf(buf, n, "%s", ri->device[0] ? ri->device : "CPU");
}

static void row(struct text *md, json_t *o, const char *dev) {
  char cls[768], err[48] = "-", x2[48] = "-";
  classes_cell(o, cls, sizeof cls);
  md_escape(cls, sizeof cls);
  if (json_is_real(json_object_get(o, "max_err")))
    snprintf(err, sizeof err, "%.6g at %s", json_real_value(json_object_get(o, "max_err")), cell_str(o, "max_err_input"));
  json_t *l = json_object_get(o, "x2");
  if (json_is_object(l)) snprintf(x2, sizeof x2, "%lld of %lld differ", cell_num(l, "mismatches"), cell_num(l, "lanes"));
  tprintf(md, "| `%s` | %s | %s | %s -> %s | %s, %s | %lld | %lld | %s | %s | %s | %s |\n", cell_str(o, "variant"),
          cell_str(o, "path"), dev, cell_str(o, "source"), cell_str(o, "target"), cell_str(o, "mode"), cell_str(o, "overflow"),
          cell_num(o, "inputs"), cell_num(o, "exact"), cls, err, x2, cell_str(o, "verdict"));
}

/* one format's section: its table, what did not run, the documented semantics */
static void format_section(struct text *md, const char *fam, struct kind_result *const *rs, int n) {
  tprintf(md, "\n### Conversions: %s (`convert.%s`)\n\n"
              "| variant | path | device | conversion | mode, overflow | inputs | exact | mismatches by class | "
              "max error (units of the target) | x2 lanes | verdict |\n"
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n",
          fam, fam);
  struct text skipped = {0};
  for (int i = 0; i < n; i++) {
    char dev[300];
    device_cell(&rs[i]->ri, dev, sizeof dev);
    size_t k;
    json_t *o;
    json_array_foreach(rs[i]->results, k, o) {
      if (strcmp(cell_str(o, "family"), fam)) continue;
      if (json_is_true(json_object_get(o, "ran"))) row(md, o, dev);
      else tprintf(&skipped, "- `%s` on %s: %s\n", cell_str(o, "variant"), dev, cell_str(o, "why"));
    }
  }
  if (skipped.len) tprintf(md, "\nNot run:\n\n%s", skipped.buf);
  free(skipped.buf);
  tprintf(md, "\nDocumented semantics:\n\n");
  const struct conv_variant *v;
  const int nv = conv_variants(&v);
  for (int i = 0; i < nv; i++)
    if (v[i].flav == CV_DEFAULT && !strcmp(v[i].d->family, fam))
      tprintf(md, "- `%s` (`%s`): %s\n", v[i].d->name, v[i].d->api, v[i].d->doc);
}

/* the block "conversions" (docs/conversions.md): every conversion that ran, one row each per device */
static void readme_block(struct text *t, struct kind_result *const *rs, int n) {
  tprintf(t, "| format | operation | mode, overflow | path | device | exact matches | mismatches by class | "
             "verdict |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n");
  const struct conv_variant *v;
  const int nv = conv_variants(&v);
  for (int j = 0; j < nv; j++)
    for (int i = 0; i < n; i++) {
      char dev[300], cls[768];
      device_cell(&rs[i]->ri, dev, sizeof dev);
      size_t k;
      json_t *o;
      json_array_foreach(rs[i]->results, k, o) {
        if (strcmp(cell_str(o, "variant"), v[j].name) || !json_is_true(json_object_get(o, "ran"))) continue;
        classes_cell(o, cls, sizeof cls);
        md_escape(cls, sizeof cls);
        tprintf(t, "| %s | `%s` | %s, %s | %s | %s | %lld of %lld | %s | %s |\n", v[j].d->family, v[j].name,
                cell_str(o, "mode"), cell_str(o, "overflow"), cell_str(o, "path"), dev, cell_num(o, "exact"), cell_num(o, "inputs"), cls,
                cell_str(o, "verdict"));
      }
    }
  tprintf(t, "\nRuns:");
  for (int i = 0; i < n; i++) tprintf(t, "%s %s (%s)", i ? ";" : "", rs[i]->ri.device[0] ? rs[i]->ri.device : "CPU",
                                      rs[i]->ri.date);
  tprintf(t, ".\n");
}

int conv_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n) {
  (void)paths;
  if (rp->write_files) return 0;
  struct text *md = &rp->sec[SEC_CONVERT];
  tprintf(md, "\n## Conversions\n\n"
              "From `ulpcert run convert`: every input of each conversion's source format (all 2^32 binary32\n"
              "inputs, all 2^16 binary16 or bfloat16 ones, every code of the narrower formats) against the\n"
              "exact result of its documented semantics, computed by integer arithmetic on the bit patterns\n"
              "(docs/conversions.md). Exact: the documented result bit for bit (a NaN of another encoding counts\n"
              "where the documents name none). Mismatch classes, first rule that applies: nan, zero_sign,\n"
              "overflow, subnormal, tie, direction, other. The error is |output - input| in units of the target\n"
              "format at the input. Path: `cvt` when the conversion is one instruction in the code that ran,\n"
              "`software` the header's own code, `host` its host build.\n");
  const char *fams[] = {"f16", "bf16", "tf32", "fp8", "fp6", "fp4", "e8m0"};
  for (size_t f = 0; f < sizeof fams / sizeof fams[0]; f++) format_section(md, fams[f], rs, n);
  struct text *rb = rp->readme ? report_block(rp, "conversions") : NULL;
  if (rb) readme_block(rb, rs, n);
  return 0;
}
