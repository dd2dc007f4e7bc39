/* print.c: the quantizers' verdicts: per quantizer, the element variants it matches
 * exactly (else the nearest one, its differences by class and the first of them), its
 * scale rounding, its handling of amax = 0, subnormal and non-finite amax, and the largest
 * relative error of its dequantized elements. */
#include <math.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/quant/quant.h"

static const char *const q_modes[3] = {"rne", "rna", "rz"}, *const q_ovfs[3] = {"sat", "nan", "inf"};
static const char *const q_classes[QCL_N] = {"NaN element", "overflow", "tie", "sign of zero", "other"};
static const char *const q_mx_srnd[QS_N] = {"floor", "ceil", "nearest"}, *const q_nv_srnd[QS_N] = {"rne", "up", "down"};

static const char *q_srnd(int fam, int k) { return fam == QM_NVFP4 ? q_nv_srnd[k] : q_mx_srnd[k]; }
static void q_vname(int v, char *b, size_t n) { snprintf(b, n, "%s-%s", q_modes[v / 3], q_ovfs[v % 3]); }

/* the value of source pattern x */
static double q_src_value(int src, uint32_t x) {
  struct qr_num n = qr_decode(src, x);
  double v = n.cls == QC_NAN ? NAN : n.cls == QC_INF ? INFINITY : n.cls == QC_ZERO ? 0 : ldexp((double)n.n, n.e);
  return n.sign ? -v : v;
}
static void q_code_str(const struct qr_fmt *f, uint32_t c, char *b, size_t n) {
  int sp;
  double v = qr_value(f, c, &sp);
  if (sp) snprintf(b, n, "0x%02x (%s)", c, qr_is_nan(f, c) ? "NaN" : (c & f->signbit) ? "-inf" : "inf");
  else snprintf(b, n, "0x%02x (%g)", c, v);
}
static void q_scale_str(int fam, uint32_t c, char *b, size_t n) {
  uint64_t Ns;
  int Es;
  if (!qr_scale_value(q_fam_skind(fam), c, 1, 0, &Ns, &Es)) snprintf(b, n, "0x%02x (%s)", c, c ? "NaN" : "0");
  else if (fam == QM_NVFP4) snprintf(b, n, "0x%02x (%g)", c, ldexp((double)Ns, Es));
  else snprintf(b, n, "0x%02x (2^%d)", c, Es);
}

/* the element variant with the fewest differences (the specification's, rne-sat, first) */
static int q_best(const struct q_run *q) {
  struct qr_fmt f = qr_format(q_fam_elem(q->fam));
  int best = 0;
  for (int v = 1; v < QV_N; v++)
    if (q_variant_ok(&f, v) && q->st.wrong[v] < q->st.wrong[best]) best = v;
  return best;
}

static void q_print_elements(FILE *out, const struct q_run *q) {
  struct qr_fmt f = qr_format(q_fam_elem(q->fam));
  char vn[16], g[48], w[48], s[48];
  int any = 0, best = q_best(q);
  fprintf(out, "  elements: ");
  for (int v = 0; v < QV_N; v++)
    if (q_variant_ok(&f, v) && !q->st.wrong[v]) q_vname(v, vn, sizeof vn), fprintf(out, "%s%s", any++ ? ", " : "matches ", vn);
  if (any) fprintf(out, " exactly%s\n", q->st.wrong[0] ? "" : " (rne-sat: the specification's)");
  else {
    q_vname(best, vn, sizeof vn);
    fprintf(out, "no variant exactly; nearest %s: %llu pairs differ (", vn, (unsigned long long)q->st.wrong[best]);
    for (int c = 0, k = 0; c < QCL_N; c++)
      if (q->st.cls[best][c]) fprintf(out, "%s%s %llu", k++ ? ", " : "", q_classes[c], (unsigned long long)q->st.cls[best][c]);
    uint64_t key = q->st.first[best];
    uint32_t x = (uint32_t)(key >> 24);
    q_code_str(&f, (uint32_t)(key >> 8) & 0xffu, g, sizeof g), q_code_str(&f, (uint32_t)key & 0xffu, w, sizeof w);
    q_scale_str(q->fam, (uint32_t)(key >> 16) & 0xffu, s, sizeof s);
    fprintf(out, ")\n    first: x=0x%0*x (%a) scale %s: got %s, expected %s\n", q->src == QX_F32 ? 8 : 4, x,
            q_src_value(q->src, x), s, g, w);
  }
  fprintf(out, "  differences by variant:");
  for (int v = 0; v < QV_N; v++)
    if (q_variant_ok(&f, v)) q_vname(v, vn, sizeof vn), fprintf(out, " %s %llu", vn, (unsigned long long)q->st.wrong[v]);
  fprintf(out, "\n");
  if (q->st.nan_any)
    fprintf(out, "  NaN elements: %llu pairs (the format has no NaN: any code accepted)\n",
            (unsigned long long)q->st.nan_any);
  fprintf(out, "  quantization error: max relative %.6g (dequantized against the element, quotients in the normal range)\n",
          q->st.err);
}

static void q_print_scale(FILE *out, const struct q_run *q) {
  const struct q_sres *s = &q->st.s;
  if (!s->amax) {
    fprintf(out, "  scale: not checked (%s)\n", q->impl == QI_USER ? "no quant_scale in --source" : "no amax in range");
    return;
  }
  fprintf(out, "  scale: %llu amax (%llu finite non-zero, %llu subnormal): ", (unsigned long long)s->amax,
          (unsigned long long)s->finite, (unsigned long long)s->sub);
  int any = 0, best = 0;
  for (int k = 0; k < QS_N; k++) {
    if (!s->swrong[k]) fprintf(out, "%s%s", any++ ? ", " : "", q_srnd(q->fam, k));
    if (s->swrong[k] < s->swrong[best]) best = k;
  }
  if (any) fprintf(out, " exactly\n");
  else {
    char g[32], w[32];
    uint64_t key = s->sfirst[best];
    q_scale_str(q->fam, (uint32_t)(key >> 8) & 0xffu, g, sizeof g), q_scale_str(q->fam, (uint32_t)key & 0xffu, w, sizeof w);
    fprintf(out, "no rounding exactly; nearest %s: %llu amax differ (%llu subnormal)\n    first: amax=0x%0*x (%a): got %s, expected %s\n",
            q_srnd(q->fam, best), (unsigned long long)s->swrong[best], (unsigned long long)s->ssub[best],
            q->src == QX_F32 ? 8 : 4, (uint32_t)(key >> 16), q_src_value(q->src, (uint32_t)(key >> 16)), g, w);
  }
  char z[32] = "not in range";
  if (s->zero_seen) q_scale_str(q->fam, (uint32_t)s->zero_code, z, sizeof z);
  fprintf(out, "    amax = 0: %s; non-finite amax: %llu of %llu NaN; subnormal amax flushed (amax = 0's scale, no rounding's): %llu\n", z,
          (unsigned long long)s->nonfin_nan, (unsigned long long)s->nonfin, (unsigned long long)s->sub_flush);
}

/* user-block: the (scale rounding, element variant) pairs matched exactly, into b
 * ("ceil scale + rne-sat, ..."); 0 when none, with the nearest pair in *bk, *bv */
int q_block_matched(const struct q_run *q, char *b, size_t n, int *bk, int *bv) {
  const struct q_bstats *bs = &q->bs;
  struct qr_fmt f = qr_format(q_fam_elem(q->fam));
  char vn[16];
  size_t o = 0;
  int any = 0;
  b[0] = 0, *bk = 0, *bv = 0;
  for (int k = 0; k < QS_N; k++)
    for (int v = 0; v < QV_N; v++) {
      if (!q_variant_ok(&f, v)) continue;
      if (bs->wrong[k][v] < bs->wrong[*bk][*bv]) *bk = k, *bv = v;
      if (bs->wrong[k][v] || o >= n) continue;
      q_vname(v, vn, sizeof vn);
      o += (size_t)snprintf(b + o, n - o, "%s%s scale + %s", any++ ? ", " : "", q_srnd(q->fam, k), vn);
    }
  return any;
}

static void q_print_block(FILE *out, const struct q_run *q) {
  const struct q_bstats *b = &q->bs;
  struct qr_fmt f = qr_format(q_fam_elem(q->fam));
  char vn[16], g[48], w[48], m[512];
  int bk, bv;
  fprintf(out, "  block quantizer (element, amax): %llu pairs (every |x| <= amax): ", (unsigned long long)b->pairs);
  if (q_block_matched(q, m, sizeof m, &bk, &bv)) {
    fprintf(out, "matches %s exactly\n", m);
  } else {
    q_vname(bv, vn, sizeof vn);
    uint64_t key = b->first[bk][bv];
    uint32_t x = (uint32_t)key, a = (uint32_t)(key >> 32);
    q_code_str(&f, b->first_got[bk][bv], g, sizeof g), q_code_str(&f, b->first_want[bk][bv], w, sizeof w);
    fprintf(out, "no pair exactly; nearest %s scale + %s: %llu pairs differ\n", q_srnd(q->fam, bk), vn,
            (unsigned long long)b->wrong[bk][bv]);
    fprintf(out, "    first: amax=0x%0*x (%a) x=0x%0*x (%a): got %s, expected %s\n", q->src == QX_F32 ? 8 : 4, a,
            q_src_value(q->src, a), q->src == QX_F32 ? 8 : 4, x, q_src_value(q->src, x), g, w);
  }
  for (int k = 0; k < QS_N; k++)
    if (b->undef[k])
      fprintf(out, "    %llu pairs without a %s scale (amax / 6 below E4M3's smallest: no element expected)\n",
              (unsigned long long)b->undef[k], q_srnd(q->fam, k));
}

/* where a quantizer departs from the specification's variant (elements rne-sat, scale
 * floor for MX or rne for NVFP4, amax = 0 at code 0, every non-finite amax NaN): the
 * parts, comma-separated, into b ("" when none) */
void q_departs(const struct q_run *q, char *b, size_t n) {
  const struct q_sres *s = &q->st.s;
  size_t o = 0;
  b[0] = 0;
  if (q->impl == QI_BLOCK) {
    if (q->bs.wrong[0][0]) snprintf(b, n, "not %s scale + rne-sat", q_srnd(q->fam, 0));
    return;
  }
  if (q->st.wrong[0]) o += (size_t)snprintf(b + o, n - o, "elements (not rne-sat)");
  if (s->amax && s->swrong[0])
    o += (size_t)snprintf(b + o, n - o, "%sscale rounding (not %s)", o ? ", " : "", q_srnd(q->fam, 0));
  if (s->zero_seen && s->zero_code) o += (size_t)snprintf(b + o, n - o, "%samax = 0 (not code 0)", o ? ", " : "");
  if (s->nonfin_nan != s->nonfin) snprintf(b + o, n - o, "%snon-finite amax (not the NaN scale)", o ? ", " : "");
}
static int q_is_spec(const struct q_run *q) {
  char b[256];
  q_departs(q, b, sizeof b);
  return !b[0];
}

void q_print(FILE *out, const struct kind_result *r) {
  if (r->g != 1.0f) fprintf(out, "per-tensor decode scale G = %a (%g): NVFP4 elements decode as e * S * G\n\n", (double)r->g, (double)r->g);
  for (int i = 0; i < r->nv; i++) {
    const struct q_run *q = &r->run[i];
    uint32_t ns = q_fam_s1(q->fam) - q_fam_s0(q->fam) + 1;
    int w = q->src == QX_F32 ? 8 : 4;
    if (q->impl == QI_BLOCK) {
      fprintf(out, "%s [%s] %s: amax 0x%0*x..0x%0*x, %.2f s\n", q->name, q->path, q_fam_spec[q->fam], w, q->from, w,
              q->to, q->seconds);
      q_print_block(out, q);
    } else {
      fprintf(out, "%s [%s] %s: elements 0x%0*x..0x%0*x x %u scales = %llu pairs, %.2f s\n", q->name, q->path,
              q_fam_spec[q->fam], w, q->from, w, q->to, ns, (unsigned long long)q->st.pairs, q->seconds);
      q_print_elements(out, q);
      q_print_scale(out, q);
    }
    char why[256];
    q_departs(q, why, sizeof why);
    if (why[0]) fprintf(out, "  verdict: NOT the specification's quantizer: %s\n\n", why);
    else fprintf(out, "  verdict: the specification's quantizer exactly\n\n");
  }
}

int q_status(const struct kind_result *r) {
  for (int i = 0; i < r->nv; i++)
    if (!q_is_spec(&r->run[i])) return EXIT_FAIL;
  return EXIT_OK;
}
