/* scan.c: one quantizer over a range of source elements: on the device with the GPU
 * backend (CUDA's quantizers, and a user's compiled by user_gpu.c), or on the host under
 * OpenMP (CUDA's through the headers' software paths, the user's from --source), element
 * by element, each against every scale of its family and, sign clear, as an amax. */
#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/driver.h"
#include "src/kinds/quant/quant.h"

/* the host quantizer's elements of x over every scale, and its scale of amax a: 0, or -1 */
static int host_row(const struct kind_result *r, const struct q_run *q, uint32_t x, uint32_t *out) {
  uint32_t s0 = q_fam_s0(q->fam), s1 = q_fam_s1(q->fam);
  if (q->impl < QI_USER) return qcuda_host_row(q->fam, q->src, q->impl, r->g, x, s0, s1, out);
  for (uint32_t s = s0; s <= s1; s++) out[s - s0] = r->user_elem(x, s);
  return 0;
}
static int host_scale(const struct kind_result *r, const struct q_run *q, uint32_t a, uint32_t *out) {
  if (q->impl < QI_USER) return qcuda_host_scale(q->fam, q->src, q->impl, r->g, a, out);
  if (!r->user_scale) return 1; /* no scale function: nothing to check */
  *out = r->user_scale(a);
  return 0;
}

/* elements [from, to] on the host, into st; -1 when the quantizer has no host build */
static int host_scan(const struct kind_result *r, const struct q_run *q, uint32_t from, uint32_t to,
                     struct q_stats *st) {
  const struct qr_fmt f = qr_format(q_fam_elem(q->fam));
  const uint32_t s0 = q_fam_s0(q->fam), s1 = q_fam_s1(q->fam), signbit = q->src == QX_F32 ? 31 : 15;
  uint64_t Ns[256];
  int Es[256], bad = 0;
  double S[256];
  for (uint32_t s = s0; s <= s1; s++)
    qr_scale_value(q_fam_skind(q->fam), s, r->Ng, r->Eg, &Ns[s], &Es[s]), S[s] = ldexp((double)Ns[s], Es[s]);
  uint32_t zcode = 0;
  int noscale = host_scale(r, q, 0, &zcode);
  if (noscale < 0) return -1;
  int nt = r->sc->o.threads > 0 ? r->sc->o.threads : omp_get_max_threads();
#pragma omp parallel num_threads(nt) reduction(| : bad)
  {
    struct q_stats loc;
    struct q_acc a;
    uint32_t out[256];
    q_stats_clear(&loc);
#pragma omp for schedule(dynamic, 1024)
    for (int64_t i = from; i <= (int64_t)to; i++) {
      if (g_scan_stop || bad) continue;
      uint32_t x = (uint32_t)i, sc;
      if (host_row(r, q, x, out)) {
        bad = 1;
        continue;
      }
      const struct qr_num xn = qr_decode(q->src, x);
      const double xv = q_abs_value(&xn);
      q_acc_clear(&a);
      for (uint32_t s = s0; s <= s1; s++) q_check_pair(&f, &xn, xv, x, s, Ns[s], Es[s], S[s], out[s - s0], &a);
      q_stats_acc(&loc, &a);
      if (!noscale && !(x >> signbit) && !host_scale(r, q, x, &sc))
        q_check_amax(q->fam, q->src, x, sc, zcode, r->Ng, r->Eg, &loc.s);
    }
#pragma omp critical(quant_scan)
    q_stats_add(st, &loc);
  }
  return bad ? -1 : 0;
}

/* user-block: every amax in [from, to] (sign clear, finite), with every x, |x| <= amax */
static void block_scan(const struct kind_result *r, const struct q_run *q, uint32_t from, uint32_t to,
                       struct q_bstats *bs) {
  const struct qr_fmt f = qr_format(q_fam_elem(q->fam));
  const uint32_t signbit = q->src == QX_F32 ? 0x80000000u : 0x8000u;
  int nt = r->sc->o.threads > 0 ? r->sc->o.threads : omp_get_max_threads();
#pragma omp parallel num_threads(nt)
  {
    struct q_bstats loc;
    q_bstats_clear(&loc);
#pragma omp for schedule(dynamic, 1)
    for (int64_t i = from; i <= (int64_t)to; i++) {
      uint32_t a = (uint32_t)i;
      int cls = qr_decode(q->src, a).cls;
      if (g_scan_stop || (a & signbit) || cls == QC_NAN || cls == QC_INF) continue;
      int ok[QS_N], Es[QS_N];
      uint64_t Ns[QS_N];
      for (int k = 0; k < QS_N; k++)
        ok[k] = qr_scale_value(q_fam_skind(q->fam), q_scale_want(q->fam, q->src, a, k, r->Ng, r->Eg), r->Ng, r->Eg,
                               &Ns[k], &Es[k]);
      for (uint32_t m = 0; m <= a; m++) /* sign-clear finite patterns grow with their values */
        for (uint32_t x = m, n = 0; n < 2; n++, x = m | signbit)
          q_check_block(&f, q->src, x, a, ok, Ns, Es, r->user_block(x, a), &loc);
    }
#pragma omp critical(quant_block)
    q_bstats_add(bs, &loc);
  }
}

int q_scan_variant(struct kind_result *r, struct q_run *q, uint32_t from, uint32_t to) {
  uint32_t last = q_src_last(q->src);
  if (from > last) return 0;
  if (to > last) to = last;
  double t0 = omp_get_wtime();
  if (r->ri.gpu && q->impl >= QI_USER) {
    char err[512];
    snprintf(q->path, sizeof q->path, "device (user, NVRTC)");
    if (quser_gpu_scan(r->device, q, r->Ng, r->Eg, from, to, err, sizeof err)) {
      errorf("%s: %s", q->name, err);
      return EXIT_NOGPU;
    }
  } else if (q->impl == QI_BLOCK) {
    snprintf(q->path, sizeof q->path, "host (user C)");
    block_scan(r, q, from, to, &q->bs);
  } else if (r->ri.gpu) {
    char err[256];
    snprintf(q->path, sizeof q->path, "device");
    if (qcuda_gpu_scan(r->device, q->fam, q->src, q->impl, r->g, from, to, &q->st, err, sizeof err)) {
      errorf("%s: %s", q->name, err);
      return EXIT_NOGPU;
    }
  } else {
    snprintf(q->path, sizeof q->path, q->impl >= QI_USER ? "host (user C)" : "host software path");
    if (host_scan(r, q, from, to, &q->st)) {
      errorf("%s: no host build of CUDA's quantizers here (built without the CUDA toolkit)", q->name);
      return EXIT_DEPEND;
    }
  }
  q->seconds += omp_get_wtime() - t0;
  return g_scan_stop ? EXIT_INTERRUPT : 0;
}
