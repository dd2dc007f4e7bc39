/* check.h: the quantizers kind's families and the check of one element against every
 * scale, and of one amax, written once for the host scan and the device kernel. The exact
 * answers come from reference/quant/quant.h. */
#ifndef ULPCERT_QUANT_CHECK_H
#define ULPCERT_QUANT_CHECK_H

#include <math.h>
#include <stdint.h>

#include "reference/quant/quant.h"

/* The families: an element format with its scale. Block sizes (32 for MX, 16 for NVFP4)
 * do not change which code an element gets, only how many share a scale. */
enum q_fam { QM_E4M3, QM_E5M2, QM_E2M3, QM_E3M2, QM_E2M1, QM_NVFP4, QM_NFAM };
QR_HD int q_fam_elem(int fam) { return fam == QM_NVFP4 ? QF_E2M1 : fam; }
QR_HD int q_fam_skind(int fam) { return fam == QM_NVFP4 ? QK_E4M3 : QK_E8M0; }
/* the scale codes checked: every finite E8M0 code (2^-127..2^127), every positive finite E4M3 */
QR_HD uint32_t q_fam_s0(int fam) { return fam == QM_NVFP4 ? 1u : 0u; }
QR_HD uint32_t q_fam_s1(int fam) { return fam == QM_NVFP4 ? 0x7eu : 254u; }

/* The element variants: index mode * 3 + rule (QE_* x QO_*), those the format has. */
#define QV_N 9
/* |x| as a double (exact; 0 unless finite) */
QR_HD double q_abs_value(const struct qr_num *xn) { return xn->cls == QC_FINITE ? ldexp((double)xn->n, xn->e) : 0; }
QR_HD int q_variant_ok(const struct qr_fmt *f, int v) {
  int mode = v / 3, ovf = v % 3;
  if (ovf == QO_SAT) return 1;
  if (mode == QE_RZ) return 0;
  return ovf == QO_NAN ? f->nan != 0 : f->nan == 2;
}
/* classes of a difference: NaN element, beyond the largest finite, at a tie, the sign of a
 * zero, and every other (not the neighbour the variant picks) */
enum q_class { QCL_NAN, QCL_OVF, QCL_TIE, QCL_ZERO, QCL_OTHER, QCL_N };

/* What one element's pairs add up to. first: (x << 24 | scale << 16 | got << 8 | want),
 * the smallest differing pair (UINT64_MAX: none). err: the largest relative error of the
 * dequantized value, over pairs whose exact quotient lies in the element format's normal
 * range (at least 2^emin, at most its largest number), where it measures the rounding. */
struct q_acc {
  uint32_t pairs, nan_any;
  uint32_t wrong[QV_N], cls[QV_N][QCL_N];
  uint64_t first[QV_N];
  double err;
};

QR_HD void q_acc_clear(struct q_acc *a) {
  a->pairs = a->nan_any = 0;
  for (int v = 0; v < QV_N; v++) {
    a->wrong[v] = 0, a->first[v] = UINT64_MAX;
    for (int c = 0; c < QCL_N; c++) a->cls[v][c] = 0;
  }
  a->err = 0;
}

/* The pair (x, scale code sc = Ns 2^Es) whose quantizer output is got; xv = |x| and S =
 * Ns 2^Es as doubles (exact), for the error measure. */
QR_HD void q_check_pair(const struct qr_fmt *f, const struct qr_num *xn, double xv, uint32_t x, uint32_t sc, uint64_t Ns,
                        int Es, double S, uint32_t got, struct q_acc *a) {
  a->pairs++;
  if (xn->cls == QC_NAN && !f->nan) { /* FP6, FP4: no NaN; the specification leaves it open */
    a->nan_any++;
    return;
  }
  struct qr_round r = {xn->sign, 0, 0, xn->cls == QC_INF};
  if (xn->cls == QC_FINITE) r = qr_analyze(f, xn->sign, xn->n, Ns, xn->e - Es);
  int beyond = r.big || r.lo > f->maxcode || (r.lo == f->maxcode && r.rest);
  uint32_t mask = f->signbit - 1;
  for (int v = 0; v < QV_N; v++) {
    if (!q_variant_ok(f, v)) continue;
    uint32_t want;
    int same;
    if (xn->cls == QC_NAN) {
      want = (xn->sign ? f->signbit : 0) | f->nancode, same = qr_is_nan(f, got);
    } else {
      want = qr_code(f, r, v / 3, v % 3);
      same = got == want || (qr_is_nan(f, want) && qr_is_nan(f, got));
    }
    if (same) continue;
    a->wrong[v]++;
    int c = xn->cls == QC_NAN ? QCL_NAN
            : beyond          ? QCL_OVF
            : r.rest == 2     ? QCL_TIE
            : !(want & mask) && !(got & mask) ? QCL_ZERO
                                              : QCL_OTHER;
    a->cls[v][c]++;
    uint64_t key = (uint64_t)x << 24 | (uint64_t)sc << 16 | (uint64_t)(got & 0xffu) << 8 | want;
    if (key < a->first[v]) a->first[v] = key;
  }
  if (xn->cls == QC_FINITE && !beyond && r.lo >= 1u << (f->p - 1)) {
    int sp;
    double q = qr_value(f, got, &sp);
    if (!sp) {
      double e = fabs(q * S - (xn->sign ? -xv : xv)) / xv;
      if (e > a->err) a->err = e;
    }
  }
}

/* The scale part, one amax. swrong[k] counts amax whose scale differs from rounding k
 * (MX: floor, ceil, nearest; NVFP4: rne, up, down) over finite non-zero amax, ssub[k]
 * the subnormal ones among them; first keys (amax << 16 | got << 8 | want). */
#define QS_N 3
struct q_sres {
  uint64_t amax, finite, sub;
  uint64_t swrong[QS_N], ssub[QS_N], sfirst[QS_N];
  uint64_t zero_seen, zero_code;  /* the code of amax = +0 */
  uint64_t nonfin, nonfin_nan;    /* infinite or NaN amax; of them, given the NaN scale */
  uint64_t sub_flush;             /* subnormal amax given the scale of amax = 0, which no rounding gives (flushed) */
};

/* The expected scale of rounding k (MX with amax = 0 at 2^-127; the variants of amax = 0
 * are read from zero_code); NVFP4 with the per-tensor decode scale Ng 2^Eg (1, 0: none). */
QR_HD uint32_t q_scale_want(int fam, int src, uint32_t abits, int k, uint64_t Ng, int Eg) {
  if (fam == QM_NVFP4) return qr_nv_scale(src, abits, k, Ng, Eg);
  struct qr_fmt f = qr_format(q_fam_elem(fam));
  return qr_mx_scale(&f, src, abits, k, QZ_MIN);
}

/* One quantizer's totals over a range: its element pairs and its scales. */
struct q_stats {
  uint64_t pairs, nan_any, wrong[QV_N], cls[QV_N][QCL_N], first[QV_N];
  double err;
  struct q_sres s;
};
QR_HD void q_stats_clear(struct q_stats *t) {
  memset(t, 0, sizeof *t);
  for (int v = 0; v < QV_N; v++) t->first[v] = UINT64_MAX;
  for (int k = 0; k < QS_N; k++) t->s.sfirst[k] = UINT64_MAX;
}
/* b into a (keys: the smaller) */
QR_HD void q_stats_add(struct q_stats *a, const struct q_stats *b) {
  a->pairs += b->pairs, a->nan_any += b->nan_any;
  for (int v = 0; v < QV_N; v++) {
    a->wrong[v] += b->wrong[v];
    for (int c = 0; c < QCL_N; c++) a->cls[v][c] += b->cls[v][c];
    if (b->first[v] < a->first[v]) a->first[v] = b->first[v];
  }
  if (b->err > a->err) a->err = b->err;
  a->s.amax += b->s.amax, a->s.finite += b->s.finite, a->s.sub += b->s.sub;
  for (int k = 0; k < QS_N; k++) {
    a->s.swrong[k] += b->s.swrong[k], a->s.ssub[k] += b->s.ssub[k];
    if (b->s.sfirst[k] < a->s.sfirst[k]) a->s.sfirst[k] = b->s.sfirst[k];
  }
  if (b->s.zero_seen) a->s.zero_seen = 1, a->s.zero_code = b->s.zero_code;
  a->s.nonfin += b->s.nonfin, a->s.nonfin_nan += b->s.nonfin_nan, a->s.sub_flush += b->s.sub_flush;
}
/* one element's pairs into t */
QR_HD void q_stats_acc(struct q_stats *t, const struct q_acc *a) {
  t->pairs += a->pairs, t->nan_any += a->nan_any;
  for (int v = 0; v < QV_N; v++) {
    t->wrong[v] += a->wrong[v];
    for (int c = 0; c < QCL_N; c++) t->cls[v][c] += a->cls[v][c];
    if (a->first[v] < t->first[v]) t->first[v] = a->first[v];
  }
  if (a->err > t->err) t->err = a->err;
}

/* A quantizer of the element and the block's amax (rather than the scale): every pair (x,
 * amax) with |x| <= amax against each scale rounding k and element variant v; first
 * keys amax << 32 | x with the outputs; undef[k]: pairs whose scale k is no positive
 * finite scale (an NVFP4 scale of 0), where no element is expected. */
struct q_bstats {
  uint64_t pairs, undef[QS_N], wrong[QS_N][QV_N], first[QS_N][QV_N];
  uint32_t first_got[QS_N][QV_N], first_want[QS_N][QV_N];
};
QR_HD void q_bstats_clear(struct q_bstats *b) {
  memset(b, 0, sizeof *b);
  for (int k = 0; k < QS_N; k++)
    for (int v = 0; v < QV_N; v++) b->first[k][v] = UINT64_MAX;
}
QR_HD void q_bstats_add(struct q_bstats *a, const struct q_bstats *b) {
  a->pairs += b->pairs;
  for (int k = 0; k < QS_N; k++) {
    a->undef[k] += b->undef[k];
    for (int v = 0; v < QV_N; v++) {
      a->wrong[k][v] += b->wrong[k][v];
      if (b->first[k][v] < a->first[k][v])
        a->first[k][v] = b->first[k][v], a->first_got[k][v] = b->first_got[k][v], a->first_want[k][v] = b->first_want[k][v];
    }
  }
}
/* the pair (x, amax) whose output is got; sc[k], Ns[k], Es[k]: amax's scale in rounding k
 * (ok[k] = 0: none) */
QR_HD void q_check_block(const struct qr_fmt *f, int src, uint32_t x, uint32_t amax, const int *ok, const uint64_t *Ns,
                         const int *Es, uint32_t got, struct q_bstats *b) {
  b->pairs++;
  for (int k = 0; k < QS_N; k++) {
    if (!ok[k]) {
      b->undef[k]++;
      continue;
    }
    for (int v = 0; v < QV_N; v++) {
      if (!q_variant_ok(f, v)) continue;
      int64_t w = qr_element(f, src, x, Ns[k], Es[k], v / 3, v % 3);
      uint32_t want = (uint32_t)w;
      if (w < 0 || got == want || (qr_is_nan(f, want) && qr_is_nan(f, got))) continue;
      b->wrong[k][v]++;
      uint64_t key = (uint64_t)amax << 32 | x;
      if (key < b->first[k][v]) b->first[k][v] = key, b->first_got[k][v] = got, b->first_want[k][v] = want;
    }
  }
}

/* amax (source bits, sign clear) whose scale by the quantizer is got; zcode: its scale of
 * amax = +0; Ng 2^Eg the per-tensor scale (NVFP4) */
QR_HD void q_check_amax(int fam, int src, uint32_t abits, uint32_t got, uint32_t zcode, uint64_t Ng, int Eg,
                        struct q_sres *s) {
  struct qr_num a = qr_decode(src, abits);
  s->amax++;
  if (a.cls == QC_ZERO) {
    s->zero_seen = 1, s->zero_code = got;
    return;
  }
  if (a.cls != QC_FINITE) {
    s->nonfin++;
    s->nonfin_nan += got == (fam == QM_NVFP4 ? 0x7fu : 0xffu);
    return;
  }
  s->finite++;
  s->sub += a.sub;
  int flushed = a.sub && got == zcode;
  for (int k = 0; k < QS_N; k++) {
    uint32_t want = q_scale_want(fam, src, abits, k, Ng, Eg);
    flushed &= want != zcode;
    if (got == want) continue;
    s->swrong[k]++;
    s->ssub[k] += a.sub;
    uint64_t key = (uint64_t)abits << 16 | (uint64_t)(got & 0xffu) << 8 | want;
    if (key < s->sfirst[k]) s->sfirst[k] = key;
  }
  s->sub_flush += flushed;
}

#endif
