/* ptx16_report.c: the PTX half-precision forms' part of `ulpcert report` (a table in
 * ACCURACY.md, after the 16-bit arithmetic's). */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/kind.h"
#include "src/jsonio/json_io.h"
#include "src/kinds/h16/h16_kind.h"
#include "src/report/report.h"


/* The half-precision forms (files of `run half`): one row per variant and device, the
 * documented bound against the same measure over every input and over the inputs with a
 * normal correctly rounded result (the documents are silent on subnormal results). */
static void half_table(struct text *md, struct kind_result *const *rs, int nh) {
  tprintf(md, "\n## Half-precision forms (MUFU)\n\n"
              "From `ulpcert run half`: every one of the 2^16 inputs of the format, against MPFR rounded to the\n"
              "format (docs/half.md). The bound is the PTX ISA's, in its measure (absolute for `tanh`,\n"
              "relative for `ex2`); the verdict is given over every input and over the inputs whose correctly\n"
              "rounded result is a normal number, since the documents do not say whether their bound covers\n"
              "subnormal results (which `ex2.approx.f16` flushes to zero and `.ftz.bf16` is documented to flush).\n\n"
              "| variant | device | format | documented bound | measured, all inputs | verdict | measured, normal results "
              "| verdict | max ulp | correctly rounded | flushed |\n"
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
  for (int i = 0; i < nh; i++) {
    json_t *r;
    size_t k;
    const struct run_info *ri = &rs[i]->ri;
    json_array_foreach(rs[i]->results, k, r) {
      json_t *doc = json_object_get(r, "documented");
      const char *da = json_string_value(json_object_get(doc, "max_abs")),
                 *dr = json_string_value(json_object_get(doc, "max_rel"));
      const char *m = da ? "abs" : "rel", *bd = da ? da : dr;
      char all[64] = "—", nor[64] = "—", bound[64] = "none";
      double va = json_real_value(json_object_get(r, da ? "max_abs" : "max_rel"));
      double vn = json_real_value(json_object_get(r, da ? "max_abs_normal" : "max_rel_normal"));
      if (bd) {
        snprintf(bound, sizeof bound, "%s 2^%.3f", m, log2(strtod(bd, NULL)));
        snprintf(all, sizeof all, "%s %.4e at %s", m, va, json_string_value(json_object_get(r, da ? "max_abs_input" : "max_rel_input")));
        snprintf(nor, sizeof nor, "%s %.4e at %s", m, vn,
                 json_string_value(json_object_get(r, da ? "max_abs_normal_input" : "max_rel_normal_input")));
      }
      char cc[8] = "", *c = cc;
      for (const char *p = ri->cc; *p && c < cc + 7; p++)
        if (*p != '.') *c++ = *p;
      *c = 0;
      tprintf(md, "| %s | %s (sm_%s) | %s | %s | %s | %s | %s | %s | %s at %s | %lld of %lld | %lld |\n",
              json_string_value(json_object_get(r, "variant")), ri->device, cc,
              json_string_value(json_object_get(r, "format")), bound, all,
              json_string_value(json_object_get(r, "verdict")), nor,
              json_string_value(json_object_get(r, "verdict_normal_results")),
              NUM(json_real_value(json_object_get(r, "max_ulp")), 5), json_string_value(json_object_get(r, "max_ulp_input")),
              json_integer_value(json_object_get(r, "correctly_rounded")),
              json_integer_value(json_object_get(r, "inputs")), json_integer_value(json_object_get(r, "flushed")));
    }
  }
}

int half_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n) {
  (void)paths;
  if (!rp->write_files) half_table(&rp->sec[SEC_PTX16], rs, n);
  return 0;
}
