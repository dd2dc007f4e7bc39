/* report.c: the quantizers kind's part of `ulpcert report`, from the files of `run quant`
 * (after the conversions, in their section of ACCURACY.md and the HTML report): one table
 * of every quantizer and device: the pairs checked, the element variants it matches (else
 * the nearest, its differences by class and the first), its scale rounding, the largest
 * relative error of its dequantized elements, and the verdict against the specification; a
 * quantizer of the element and the amax (user-block): the (scale, element) variant pairs
 * its (element, amax) pairs match. */
#include <string.h>

#include "src/common.h"
#include "src/kinds/quant/quant.h"
#include "src/report/report.h"

static const char *const r_modes[3] = {"rne", "rna", "rz"}, *const r_ovfs[3] = {"sat", "nan", "inf"};
static const char *const r_cls[QCL_N] = {"NaN element", "overflow", "tie", "sign of zero", "other"};
static const char *const mx[QS_N] = {"floor", "ceil", "nearest"}, *const nv[QS_N] = {"rne", "up", "down"};

/* the element cell: "rne-sat, rna-sat", or "nearest rne-sat: 84 (tie 84; first x=0x3d16 scale 0x0f)" */
static void r_elements(const struct q_run *q, char *b, size_t n) {
  struct qr_fmt f = qr_format(q_fam_elem(q->fam));
  size_t k = 0;
  int best = 0;
  b[0] = 0;
  for (int v = 0; v < QV_N && k < n; v++) {
    if (!q_variant_ok(&f, v)) continue;
    if (q->st.wrong[v] < q->st.wrong[best]) best = v;
    if (!q->st.wrong[v]) k += (size_t)snprintf(b + k, n - k, "%s%s-%s", k ? ", " : "", r_modes[v / 3], r_ovfs[v % 3]);
  }
  if (k) return;
  k = (size_t)snprintf(b, n, "none; nearest %s-%s: %llu (", r_modes[best / 3], r_ovfs[best % 3],
                       (unsigned long long)q->st.wrong[best]);
  for (int c = 0, j = 0; c < QCL_N && k < n; c++)
    if (q->st.cls[best][c])
      k += (size_t)snprintf(b + k, n - k, "%s%s %llu", j++ ? ", " : "", r_cls[c], (unsigned long long)q->st.cls[best][c]);
  if (k < n)
    snprintf(b + k, n - k, "; first x=0x%llx scale 0x%02llx)", (unsigned long long)(q->st.first[best] >> 24),
             (unsigned long long)(q->st.first[best] >> 16 & 0xff));
}

/* the scale cell: the roundings matched on every finite non-zero amax, and the non-finite ones */
static void r_scale(const struct q_run *q, char *b, size_t n) {
  const struct q_sres *s = &q->st.s;
  size_t k = 0;
  if (!s->amax) {
    snprintf(b, n, "not checked");
    return;
  }
  for (int j = 0; j < QS_N && k < n; j++)
    if (!s->swrong[j]) k += (size_t)snprintf(b + k, n - k, "%s%s", k ? ", " : "", q->fam == QM_NVFP4 ? nv[j] : mx[j]);
  if (!k) k = (size_t)snprintf(b, n, "none");
  if (k < n) snprintf(b + k, n - k, "; non-finite amax %llu of %llu NaN", (unsigned long long)s->nonfin_nan,
                      (unsigned long long)s->nonfin);
}

/* a user-block quantizer (of the element and the block's amax): its (element, amax) pairs
 * match (scale rounding, element variant) pairs, shown in the elements cell; the scale cell
 * says so */
static void r_block(const struct q_run *q, char *el, size_t ne, char *sc, size_t ns) {
  char m[400];
  int bk, bv;
  if (q_block_matched(q, m, sizeof m, &bk, &bv)) snprintf(el, ne, "(element, amax) pairs: %s", m);
  else
    snprintf(el, ne, "(element, amax) pairs: none; nearest %s + %s-%s: %llu (first amax=0x%llx x=0x%llx)",
             q->fam == QM_NVFP4 ? nv[bk] : mx[bk],
             r_modes[bv / 3], r_ovfs[bv % 3], (unsigned long long)q->bs.wrong[bk][bv],
             (unsigned long long)(q->bs.first[bk][bv] >> 32), (unsigned long long)(q->bs.first[bk][bv] & 0xffffffffu));
  snprintf(sc, ns, "with the elements (amax %#x..%#x)", q->from, q->to);
}

int q_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n) {
  (void)paths;
  if (rp->write_files) return 0;
  struct text *md = &rp->sec[SEC_CONVERT];
  tprintf(md, "\n## Block quantizers\n\n"
              "From `ulpcert run quant` (docs/quantizers.md): every (scale, element) pair of the range and every\n"
              "amax, against the exact quantizers of OCP MX v1.0 and NVFP4 (reference/quant/quant.h). Elements:\n"
              "the variants matched on every pair (rne/rna/rz, sat/nan/inf on overflow), else the nearest with\n"
              "its differences by class; scale: the roundings matched on every finite non-zero amax. Verdict:\n"
              "the specification's quantizer (rne-sat elements, floor or rne scale, amax = 0 at code 0,\n"
              "non-finite amax NaN) or not.\n\n"
              "| quantizer | path | device | pairs | elements matched | scale | max relative error | verdict |\n"
              "| --- | --- | --- | --- | --- | --- | --- | --- |\n");
  for (int i = 0; i < n; i++)
    for (int j = 0; j < rs[i]->nv; j++) {
      const struct q_run *q = &rs[i]->run[j];
      char el[512], sc[160], why[256];
      if (q->impl == QI_BLOCK) r_block(q, el, sizeof el, sc, sizeof sc);
      else r_elements(q, el, sizeof el), r_scale(q, sc, sizeof sc);
      md_escape(el, sizeof el);
      q_departs(q, why, sizeof why);
      tprintf(md, "| `%s` | %s | %s | %llu | %s | %s | %.6g | %s |\n", q->name, q->path,
              rs[i]->ri.device[0] ? rs[i]->ri.device : "CPU",
              (unsigned long long)(q->impl == QI_BLOCK ? q->bs.pairs : q->st.pairs), el, sc, q->st.err,
              why[0] ? why : "the specification's");
    }
  return 0;
}
