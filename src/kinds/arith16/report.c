/* report.c: the 16-bit arithmetic kind's part of `ulpcert report`: one table per format in
 * ACCURACY.md, and the block "16-bit arithmetic" of docs/half.md (format, operation, mode, exact
 * matches, mismatches by class, verdict). */
#include <jansson.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/arith16/h16a_kind.h"
#include "src/report/cells.h"
#include "src/report/report.h"

static const char *mode_of(const char *third, const char *fmt) {
  if (!strcmp(third, "negzero")) return "c = -0";
  if (!strcmp(third, "residual")) return "c = -RN(a b)";
  if (!strcmp(third, "tiny")) return strcmp(fmt, "bfloat16") ? "c = 2^-24" : "c = 2^-133";
  return "-";
}


static void table(struct text *md, struct kind_result *const *rs, int n, const char *fmt) {
  tprintf(md, "\n### %s (`%s`)\n\n| operation | mode | device | pairs | exact | nan | overflow | zero sign | "
              "subnormal | rounding | max error (ulps) | first mismatch (a, b, c) | documented | verdict |\n"
              "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |\n",
          fmt, strcmp(fmt, "bfloat16") ? "__half" : "__nv_bfloat16");
  for (int i = 0; i < n; i++) {
    char dev[300];
    cell_device_sm(&rs[i]->ri, dev, sizeof dev);
    size_t k;
    json_t *r;
    json_array_foreach(rs[i]->results, k, r) {
      if (strcmp(cell_str(r, "format"), fmt)) continue;
      json_t *m = json_object_get(r, "mismatches"), *l = json_array_get(json_object_get(r, "first_mismatches"), 0);
      char first[64] = "-", me[32] = "-";
      if (l) snprintf(first, sizeof first, "(%s, %s, %s)", cell_str(l, "a"), cell_str(l, "b"), cell_str(l, "c"));
      if (json_is_number(json_object_get(r, "max_error_ulps")))
        snprintf(me, sizeof me, "%.4g", json_number_value(json_object_get(r, "max_error_ulps")));
      tprintf(md, "| `%s` | %s | %s | %lld | %lld", cell_str(r, "operation"), mode_of(cell_str(r, "third_operand"), fmt), dev,
              json_integer_value(json_object_get(r, "pairs")), json_integer_value(json_object_get(r, "exact")));
      for (int c = 0; c < H16_NCLS; c++)
        tprintf(md, " | %lld", json_integer_value(json_object_get(m, h16a_class_names[c])));
      tprintf(md, " | %s | %s | %s | %s |\n", me, first, cell_str(r, "documented"), cell_str(r, "verdict"));
    }
  }
}

static void readme_block(struct text *t, struct kind_result *const *rs, int n) {
  tprintf(t, "| format | operation | mode | device | exact matches | mismatches by class | verdict |\n"
             "| --- | --- | --- | --- | ---: | --- | --- |\n");
  for (int i = 0; i < n; i++) {
    char dev[300];
    cell_device_sm(&rs[i]->ri, dev, sizeof dev);
    size_t k;
    json_t *r;
    json_array_foreach(rs[i]->results, k, r) {
      char cl[200];
      cell_classes(json_object_get(r, "mismatches"), h16a_class_names, H16_NCLS, cl, sizeof cl);
      tprintf(t, "| %s | `%s` | %s | %s | %lld of %lld | %s | %s |\n", cell_str(r, "format"), cell_str(r, "operation"),
              mode_of(cell_str(r, "third_operand"), cell_str(r, "format")), dev, json_integer_value(json_object_get(r, "exact")),
              json_integer_value(json_object_get(r, "pairs")), cl, cell_str(r, "verdict"));
    }
  }
}

int h16a_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n) {
  (void)paths;
  if (rp->write_files || !n) return 0;
  struct text *md = &rp->sec[SEC_ARITH16];
  tprintf(md, "\n## 16-bit arithmetic: every pair of operands\n\n"
              "From `ulpcert run arith16`: every one of the 2^32 pairs (a, b) of 16-bit operands (for the fused\n"
              "multiply-adds, with a third operand c chosen from each pair: -0, -RN(a b) or the smallest\n"
              "subnormal; src/kinds/arith16/arith.h says why), against the exact result: the operation's exact\n"
              "value rounded to the format (functions/<op>/h16_ref.h), then the documented clamp; minimum and\n"
              "maximum against their documented NaN and zero rules, bit for bit. Mismatches by class (nan,\n"
              "overflow or saturation, zero sign, subnormal or flush, rounding); the largest error in ulps of the\n"
              "format over finite outputs (0.5 or less: correctly rounded). The verdict holds when every pair\n"
              "gives the documented result.\n");
  table(md, rs, n, "binary16");
  table(md, rs, n, "bfloat16");
  struct text *blk = rp->readme ? report_block_optional(rp, "16-bit arithmetic") : NULL;
  if (blk) readme_block(blk, rs, n);
  return 0;
}
