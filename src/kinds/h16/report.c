/* report.c: the 16-bit function kind's part of `ulpcert report`: one table per format in
 * ACCURACY.md, and the block "16-bit functions" of docs/half.md (format, operation, mode, exact
 * matches, mismatches by class, verdict). */
#include <jansson.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/h16/h16_kind.h"
#include "src/report/cells.h"
#include "src/report/report.h"


/* "h2, -use_fast_math; lanes differ from scalar: low 3, high 3" */
static void mode_of(json_t *r, char *buf, size_t n) {
  json_t *l = json_object_get(r, "lanes");
  size_t len = (size_t)snprintf(buf, n, "%s, %s", cell_str(r, "form"),
                                strcmp(cell_str(r, "build"), "fastmath") ? "default build" : "-use_fast_math");
  if (l && (cell_num(l, "low_differs_from_scalar") || cell_num(l, "high_differs_from_scalar")) && len < n)
    snprintf(buf + len, n - len, "; lanes differ from the scalar form: low %lld, high %lld",
             cell_num(l, "low_differs_from_scalar"), cell_num(l, "high_differs_from_scalar"));
}

static void table(struct text *md, struct kind_result *const *rs, int n, const char *fmt) {
  tprintf(md, "\n### %s (`%s`)\n\n| function | mode | device | documented | inputs | exact | nan | overflow | "
              "zero sign | subnormal | rounding | max ulps from CR (input) | first mismatch (input: output, "
              "expected) | verdict |\n| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | "
              "--- | --- | --- |\n",
          fmt, strcmp(fmt, "bfloat16") ? "__half" : "__nv_bfloat16");
  for (int i = 0; i < n; i++) {
    char dev[300];
    cell_device_sm(&rs[i]->ri, dev, sizeof dev);
    size_t k;
    json_t *r;
    json_array_foreach(rs[i]->results, k, r) {
      if (strcmp(cell_str(r, "format"), fmt)) continue;
      json_t *m = json_object_get(r, "mismatches"), *l = json_array_get(json_object_get(r, "first_mismatches"), 0);
      char mode[200], first[80] = "-";
      mode_of(r, mode, sizeof mode);
      if (l) snprintf(first, sizeof first, "%s: %s, %s (%s)", cell_str(l, "input"), cell_str(l, "output"), cell_str(l, "expected"),
                      cell_str(l, "lane"));
      tprintf(md, "| `%s` | %s | %s | %lld ulp | %lld | %lld", cell_str(r, "function"), mode, dev, cell_num(r, "documented_ulps"),
              cell_num(r, "inputs"), cell_num(r, "exact"));
      for (int c = 0; c < H16_NCLS; c++) tprintf(md, " | %lld", cell_num(m, h16fn_class_names[c]));
      tprintf(md, " | %lld (%s) | %s | %s |\n", cell_num(r, "max_ulps_from_cr"), cell_str(r, "max_ulps_from_cr_input"), first,
              cell_str(r, "verdict"));
    }
  }
}

static void readme_block(struct text *t, struct kind_result *const *rs, int n) {
  tprintf(t, "| format | operation | mode | device | exact matches | mismatches by class | max ulps from CR "
             "(documented) | verdict |\n| --- | --- | --- | --- | ---: | --- | --- | --- |\n");
  for (int i = 0; i < n; i++) {
    char dev[300];
    cell_device_sm(&rs[i]->ri, dev, sizeof dev);
    size_t k;
    json_t *r;
    json_array_foreach(rs[i]->results, k, r) {
      char cl[200], mode[200];
      cell_classes(json_object_get(r, "mismatches"), h16fn_class_names, H16_NCLS, cl, sizeof cl);
      mode_of(r, mode, sizeof mode);
      tprintf(t, "| %s | `%s` | %s | %s | %lld of %lld | %s | %lld (%lld) | %s |\n", cell_str(r, "format"),
              cell_str(r, "function"), mode, dev, cell_num(r, "exact"), cell_num(r, "inputs"), cl, cell_num(r, "max_ulps_from_cr"),
              cell_num(r, "documented_ulps"), cell_str(r, "verdict"));
    }
  }
}

int h16fn_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n) {
  (void)paths;
  if (rp->write_files || !n) return 0;
  struct text *md = &rp->sec[SEC_NARROW];
  tprintf(md, "\n## 16-bit functions: every input\n\n"
              "From `ulpcert run h16`: the math functions of cuda_fp16.h and cuda_bf16.h on every one of the\n"
              "2^16 inputs of the format, the scalar form and the two-lane h2 form (every input in both lanes),\n"
              "in nvcc's default build and under -use_fast_math, against the catalogue's reference correctly\n"
              "rounded to the format (its precision, exponent range and subnormals). The documented bound is\n"
              "the CUDA Programming Guide's (5.5, Tables 46-56: 0 ulp, 1 for htanh_approx), a \"maximum\n"
              "observed\" distance in ulps from the correctly rounded result, \"not guaranteed\"; 0 ulp holds\n"
              "when every output is the correctly rounded result (any NaN where NaN is expected).\n");
  table(md, rs, n, "binary16");
  table(md, rs, n, "bfloat16");
  struct text *blk = rp->readme ? report_block_optional(rp, "16-bit functions") : NULL;
  if (blk) readme_block(blk, rs, n);
  return 0;
}
