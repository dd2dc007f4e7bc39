/* run.c: one conversion variant over its inputs, on the GPU (the flavour's device code,
 * checked there for binary32 sources) or on the CPU (the header's host path, the default
 * flavour only), into its statistics. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/options.h"
#include "src/kinds/convert/conv_kind.h"

/* the flavours' probes, once per process and device */
static struct conv_probe probes[CV_NFLAV];
static int probed[CV_NFLAV], probed_dev = -1;

static const struct conv_probe *probe(int flav, int dev) {
  if (probed_dev != dev) memset(probed, 0, sizeof probed), probed_dev = dev;
  if (!probed[flav]) {
    if (conv_gpu_probe(flav, dev, &probes[flav]) < 0) probes[flav].ok = 0;
    probed[flav] = 1;
  }
  return &probes[flav];
}

/* "cvt" when the conversion is one instruction in code compiled for arch (family: with the
 * family-specific instructions), else "software" */
static const char *path_of(const struct conv_def *d, int arch, int family) {
  if (d->need || (d->hw & CV_HW_ALWAYS) || ((d->hw & CV_HW_SM80) && arch >= 800) ||
      ((d->hw & CV_HW_SM89) && arch >= 890) || ((d->hw & CV_HW_SM90) && arch >= 900) ||
      ((d->hw & CV_HW_FAM) && family))
    return "cvt";
  return "software";
}

/* The statistics of a device reduction; the outputs at the first input of each class and
 * at the largest error come from the device again. */
static int from_wide(struct conv_run *cr, int dev, const struct conv_wide *w, char *err, size_t errlen) {
  struct conv_stats *s = &cr->st;
  conv_stats_init(s);
  s->inputs = (uint64_t)cr->to - cr->from + 1;
  for (int c = 0; c < CL_N; c++) s->cls[c] = w->cls[c], s->first[c] = w->first[c], s->mismatches += w->cls[c];
  s->nan_other = w->nan_other, s->exact = s->inputs - s->mismatches - s->nan_other;
  s->lanes = cr->v->d->x2 ? s->inputs : 0, s->lane_bad = w->lane_bad, s->lane_first = w->lane_first;
  s->err_n = w->err_n, s->err_key = w->err_key;
  for (int i = 0; i < CONV_BINS; i++) s->bins[i] = w->bins[i], s->digest += w->bins[i];
  if (s->mismatches <= CONV_LIST) {
    s->nlist = (uint32_t)s->mismatches;
    for (uint32_t i = 0; i < s->nlist; i++) s->list[i][0] = w->list[i][0], s->list[i][1] = w->list[i][1];
    conv_stats_sort_list(s);
  }
  uint32_t x[CL_N + 1], y[CL_N + 1], n = 0;
  for (int c = 0; c < CL_N; c++)
    if (s->cls[c]) x[n++] = s->first[c];
  if (s->err_n) x[n++] = conv_max_err_input(s);
  if (conv_gpu_list(cr->v->flav, dev, cr->v->idx, n, x, y, err, errlen)) return -1;
  n = 0;
  for (int c = 0; c < CL_N; c++)
    if (s->cls[c]) s->first_out[c] = y[n++];
  if (s->err_n) s->err_out = y[n];
  return 0;
}

static int run_gpu(struct kind_result *r, struct conv_run *cr, uint32_t from, uint32_t to, int keep) {
  const struct conv_def *d = cr->v->d;
  const struct conv_probe *p = probe(cr->v->flav, r->device);
  char err[512];
  if (!p->ok) return snprintf(cr->why, sizeof cr->why, "%s", p->why), 0;
  if (d->need && p->arch < d->need * 10)
    return snprintf(cr->why, sizeof cr->why, "needs sm_%d; the %s flavour runs code for sm_%d here", d->need,
                    conv_flavour_name(cr->v->flav), p->arch / 10),
           0;
  snprintf(cr->path, sizeof cr->path, "%s", path_of(d, p->arch, p->family));
  cr->arch = p->arch;
  if (d->src == LOWP_F32) {
    const struct conv_kparams kp = conv_kparams_of(d);
    struct conv_wide w;
    cr->from = from, cr->to = to;
    if (conv_gpu_wide(cr->v->flav, r->device, cr->v->idx, &kp, from, to, &w, err, sizeof err) ||
        from_wide(cr, r->device, &w, err, sizeof err))
      return errorf("%s: %s", cr->v->name, err), EXIT_NOGPU;
  } else {
    const uint32_t n = (uint32_t)conv_domain(d->src);
    uint32_t *y = calloc(3 * (size_t)n, sizeof *y);
    if (!y) return EXIT_IO;
    cr->from = 0, cr->to = n - 1;
    if (conv_gpu_small(cr->v->flav, r->device, cr->v->idx, d->x2, n, y, y + n, y + 2 * n, err, sizeof err)) {
      free(y);
      return errorf("%s: %s", cr->v->name, err), EXIT_NOGPU;
    }
    conv_measure_small(d, n, y, d->x2 ? y + n : NULL, d->x2 ? y + 2 * n : NULL, &cr->st);
    if (keep) cr->out = y, cr->lo = y + n, cr->hi = y + 2 * n;
    else free(y);
  }
  cr->ran = 1;
  return 0;
}

/* Binary32 inputs [a, b] on the host into s (one thread's part). */
static void cpu_chunk(const struct conv_variant *v, uint32_t a, uint32_t b, struct conv_stats *s, uint32_t *buf) {
  const struct conv_def *d = v->d;
  const uint32_t n = b - a + 1;
  uint32_t *x = buf, *y = buf + n, *p = buf + 2 * n, *yp = buf + 3 * n, *lo = buf + 4 * n, *hi = buf + 5 * n;
  for (uint32_t i = 0; i < n; i++) x[i] = a + i, p[i] = conv_partner(a + i, 0);
  conv_host_eval(v->idx, n, x, y);
  const struct conv_kparams kp = conv_kparams_of(d);
  if (d->x2) conv_host_eval(v->idx, n, p, yp), conv_host_eval2(v->idx, n, x, p, lo, hi);
  for (uint32_t i = 0; i < n; i++) {
    const uint32_t l = d->x2 ? lo[i] : 0, h = d->x2 ? hi[i] : 0;
    const struct conv_one o = conv_judge(&kp, x[i], y[i], l, h, d->x2 ? yp[i] : 0);
    conv_stats_add(s, x[i], y[i], &o, l, h);
  }
  if (d->x2) s->lanes += n;
}

#define CPU_CHUNK 65536u

static int run_cpu(struct kind_result *r, struct conv_run *cr, uint32_t from, uint32_t to, int keep) {
  const struct conv_def *d = cr->v->d;
  uint32_t probe_x = 0, probe_y;
  if (cr->v->flav != CV_DEFAULT || conv_host_eval(cr->v->idx, 1, &probe_x, &probe_y))
    return snprintf(cr->why, sizeof cr->why, "%s", d->need ? "inline PTX: runs on the GPU only"
                    : cr->v->flav != CV_DEFAULT ? "a device flavour: runs on the GPU only"
                                                : "this build has no host build of the CUDA headers"), 0;
  snprintf(cr->path, sizeof cr->path, "host");
  if (d->src != LOWP_F32) {
    const uint32_t n = (uint32_t)conv_domain(d->src);
    uint32_t *y = calloc(5 * (size_t)n, sizeof *y), *x = y + 3 * n, *p = y + 4 * n;
    if (!y) return EXIT_IO;
    for (uint32_t i = 0; i < n; i++) x[i] = i, p[i] = conv_partner(i, n);
    conv_host_eval(cr->v->idx, n, x, y);
    if (d->x2) conv_host_eval2(cr->v->idx, n, x, p, y + n, y + 2 * n);
    conv_measure_small(d, n, y, d->x2 ? y + n : NULL, d->x2 ? y + 2 * n : NULL, &cr->st);
    cr->from = 0, cr->to = n - 1, cr->ran = 1;
    if (keep) cr->out = y, cr->lo = y + n, cr->hi = y + 2 * n;
    else free(y);
    return 0;
  }
  cr->from = from, cr->to = to;
  conv_stats_init(&cr->st);
  const uint64_t nchunk = (((uint64_t)to - from) / CPU_CHUNK) + 1;
  int rc = 0;
#pragma omp parallel num_threads(r->ri.threads)
  {
    struct conv_stats *s = malloc(sizeof *s);
    uint32_t *buf = malloc(6 * sizeof(uint32_t) * CPU_CHUNK);
    if (s && buf) conv_stats_init(s);
#pragma omp for schedule(dynamic, 4)
    for (uint64_t c = 0; c < nchunk; c++) {
      const uint64_t a = from + c * CPU_CHUNK, b = a + CPU_CHUNK - 1 < to ? a + CPU_CHUNK - 1 : to;
      if (!s || !buf || r->stopped) continue;
      cpu_chunk(cr->v, (uint32_t)a, (uint32_t)b, s, buf);
      if (r->pc)
#pragma omp critical(conv_progress)
        r->stopped |= progress_add(r->pc, b - a + 1);
    }
#pragma omp critical
    {
      if (s && buf) conv_stats_merge(&cr->st, s);
      else rc = EXIT_IO;
    }
    free(s), free(buf);
  }
  cr->ran = !rc && !r->stopped;
  return rc ? rc : r->stopped ? EXIT_INTERRUPT : 0;
}

int conv_run_variant(struct kind_result *r, struct conv_run *cr, uint32_t from, uint32_t to, int keep) {
  const double t0 = now_s();
  cr->ran = 0, cr->why[0] = 0, cr->path[0] = 0, cr->arch = 0;
  conv_stats_init(&cr->st);
  const int rc = r->ri.gpu ? run_gpu(r, cr, from, to, keep) : run_cpu(r, cr, from, to, keep);
  cr->seconds = now_s() - t0;
  return rc;
}
