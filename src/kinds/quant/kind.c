/* kind.c: the quantizers kind: block-scaled quantizers (OCP MX v1.0's MXFP8, MXFP6,
 * MXFP4; NVFP4) checked on every (scale, element) pair and every amax against the exact
 * quantizers of reference/quant/quant.h and their named variants. Its variants are
 * FAMILY.SOURCE.IMPL: mxfp8-e4m3.bf16.cuda, nvfp4.f32.user (--source). */
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/driver.h"
#include "src/kinds/quant/quant.h"

const char *const q_fam_names[QM_NFAM] = {"mxfp8-e4m3", "mxfp8-e5m2", "mxfp6-e2m3", "mxfp6-e3m2", "mxfp4", "nvfp4"};
const char *const q_src_names[QX_NSRC] = {"f32", "f16", "bf16"};
const char *const q_fam_spec[QM_NFAM] = {
    "OCP MX v1.0 MXFP8 (E4M3 elements, E8M0 scale, blocks of 32)",
    "OCP MX v1.0 MXFP8 (E5M2 elements, E8M0 scale, blocks of 32)",
    "OCP MX v1.0 MXFP6 (E2M3 elements, E8M0 scale, blocks of 32)",
    "OCP MX v1.0 MXFP6 (E3M2 elements, E8M0 scale, blocks of 32)",
    "OCP MX v1.0 MXFP4 (E2M1 elements, E8M0 scale, blocks of 32)",
    "NVIDIA NVFP4 (E2M1 elements, E4M3 scale amax/6, blocks of 16)"};
const char *q_impl_name(int fam, int impl) {
  return impl == QI_USER ? "user" : impl == QI_BLOCK ? "user-block" : impl == QI_CUDA ? "cuda" : fam == QM_NVFP4 ? "cuda-rcp" : "cuda-rceil";
}

/* variant v of the table: fam, src, impl from its index */
static void q_var_of(int v, int *fam, int *src, int *impl) {
  *fam = v / (QX_NSRC * QI_N), *src = v / QI_N % QX_NSRC, *impl = v % QI_N;
}
static void q_var_name(int v, char *buf, size_t n) {
  int fam, src, impl;
  q_var_of(v, &fam, &src, &impl);
  snprintf(buf, n, "%s.%s.%s", q_fam_names[fam], q_src_names[src], q_impl_name(fam, impl));
}
/* does name select variant v: its own name, "quant" (every CUDA one), FAMILY or
 * FAMILY.SOURCE (its CUDA ones) */
static int q_selects(const char *name, int v) {
  int fam, src, impl;
  char full[64], pre[64];
  q_var_of(v, &fam, &src, &impl);
  q_var_name(v, full, sizeof full);
  if (!strcmp(name, full)) return 1;
  if (impl >= QI_USER) return 0;
  snprintf(pre, sizeof pre, "%s.%s", q_fam_names[fam], q_src_names[src]);
  return !strcmp(name, "quant") || !strcmp(name, q_fam_names[fam]) || !strcmp(name, pre);
}
static int owns(const char *name) {
  for (int v = 0; v < Q_MAXVAR; v++)
    if (q_selects(name, v)) return 1;
  return 0;
}

static const char *q_impl_desc(int fam, int impl) {
  if (impl == QI_USER) return "quant_element(x, scale) and quant_scale(amax) of --source FILE (C or CUDA C)";
  if (impl == QI_BLOCK) return "quant_block(x, amax) of --source FILE (C or CUDA C): every |x| <= amax";
  if (fam == QM_NVFP4)
    return impl == QI_CUDA ? "CUDA: scale __nv_cvt_float_to_fp8(amax / 6.0f), elements __nv_cvt_float_to_fp4(x / s)"
                           : "CUDA: scale __nv_cvt_float_to_fp8(amax / 6.0f), elements __nv_cvt_float_to_fp4(x * (1.0f / s))";
  return impl == QI_CUDA ? "CUDA: scale __nv_cvt_float_to_e8m0(amax, rz) - emax, elements converted from x * 2^-k (binary32)"
                         : "CUDA: scale __nv_cvt_float_to_e8m0(amax / max, rp), elements converted from x * 2^-k (binary32)";
}
static void list(FILE *f) {
  fprintf(f, "\nblock quantizers (family quant, FAMILY, FAMILY.SOURCE; every (scale, element) pair and every amax):\n");
  for (int v = 0; v < Q_MAXVAR; v++) {
    int fam, src, impl;
    char name[64];
    q_var_of(v, &fam, &src, &impl);
    q_var_name(v, name, sizeof name);
    if (!src && !impl) fprintf(f, " %s: %s\n", q_fam_names[fam], q_fam_spec[fam]);
    fprintf(f, "  %-28s  %s\n", name, q_impl_desc(fam, impl));
  }
}

static void release(struct kind_result *r) { free(r); }
static struct run_info *info(struct kind_result *r) { return &r->ri; }

/* --tensor-scale G: a positive finite binary32 (G = Ng 2^Eg), for NVFP4 quantizers only.
 * 0, or EXIT_USAGE after a message. */
static int q_tensor_scale(struct kind_result *r, const char *arg) {
  r->g = 1.0f, r->Ng = 1, r->Eg = 0;
  if (!arg) return 0;
  char *end;
  double d = strtod(arg, &end);
  float f = (float)d;
  uint32_t b;
  memcpy(&b, &f, 4);
  struct qr_num n = qr_decode(QX_F32, b);
  if (end == arg || *end || !(d > 0) || n.cls != QC_FINITE) {
    errorf("--tensor-scale: '%s' is not a positive finite binary32 value (0.5, 0x1.8p-3)", arg);
    return EXIT_USAGE;
  }
  if ((double)f != d) { /* the scale is stored as FP32: its value must be one */
    errorf("--tensor-scale: %s is not a binary32 value (the nearest is %a)", arg, (double)f);
    return EXIT_USAGE;
  }
  for (int i = 0; i < r->nv; i++)
    if (r->run[i].fam != QM_NVFP4) {
      errorf("--tensor-scale is NVFP4's per-tensor scale: %s has none", r->run[i].name);
      return EXIT_USAGE;
    }
  r->g = f, r->Ng = n.n, r->Eg = n.e;
  return 0;
}

/* the variants the names select, in table order; *elem, *block: whether user and
 * user-block quantizers are among them (their --source is loaded by q_load) */
static int q_resolve(struct kind_result *r, struct run_request *rq, int *elem, int *block) {
  int need_user = 0, need_block = 0;
  for (int v = 0; v < Q_MAXVAR; v++) {
    int take = 0;
    for (int i = 0; i < rq->nnames && !take; i++) take = q_selects(rq->names[i], v);
    if (!take) continue;
    struct q_run *q = &r->run[r->nv++];
    q_var_of(v, &q->fam, &q->src, &q->impl);
    q_var_name(v, q->name, sizeof q->name);
    q_stats_clear(&q->st);
    q_bstats_clear(&q->bs);
    need_user |= q->impl == QI_USER, need_block |= q->impl == QI_BLOCK;
  }
  if (need_user && need_block && rq->function) {
    errorf("--function names one function: run the .user and .user-block quantizers separately");
    return EXIT_USAGE;
  }
  int need_elem = need_user;
  need_user |= need_block;
  if (need_user && !rq->source) {
    errorf("the .user and .user-block quantizers are the functions of --source FILE (docs/quantizers.md)");
    return EXIT_USAGE;
  }
  if (!need_user && rq->source) {
    errorf("--source is for the .user and .user-block quantizers (FAMILY.SOURCE.user, FAMILY.SOURCE.user-block)");
    return EXIT_USAGE;
  }
  *elem = need_elem, *block = need_block;
  return q_tensor_scale(r, rq->tensor_scale);
}

/* the --source file compiled for the run's backend: the host (cc), or the device (NVRTC) */
static int q_load(struct kind_result *r, struct run_request *rq, int elem, int block) {
  if (!elem && !block) return 0;
  if (!r->ri.gpu) return q_user_load(r, rq->source, rq->function, elem, block);
  char log[8192];
  const char *fn = rq->function, *efn = elem ? (fn ? fn : "quant_element") : NULL;
  const char *bfn = block ? (fn ? fn : "quant_block") : NULL;
  snprintf(r->source, sizeof r->source, "%s", rq->source);
  int rc = q_user_gpu(r, rq->source, efn, bfn, r->ri.ginfo.cc_major, r->ri.ginfo.cc_minor, log, sizeof log);
  if (rc) {
    errorf("%s: the quantizer does not compile for the GPU (NVRTC, sm_%d%d; it must define uint32_t %s(uint32_t, "
           "uint32_t)):",
           rq->source, r->ri.ginfo.cc_major, r->ri.ginfo.cc_minor, efn && bfn ? "quant_element and quant_block" : efn ? efn : bfn);
    fprintf(stderr, "%s\n", log);
  }
  return rc;
}

static int begin(struct run_request *rq, struct kind_result **out) {
  struct kind_result *r = calloc(1, sizeof *r);
  if (!r) return EXIT_IO;
  if (rq->resume || rq->shard_n > 1 || rq->pairs || rq->bound) {
    errorf("quantizers take no --resume, --shard, --pairs or --bound (split a range with --from/--to)");
    release(r);
    return EXIT_USAGE;
  }
  int elem = 0, block = 0, rc = q_resolve(r, rq, &elem, &block);
  if (!rc) rc = run_info_for(rq->sc, &r->ri);
  r->sc = rq->sc;
  r->device = first_device(rq->sc);
  if (!rc) rc = q_load(r, rq, elem, block);
  if (rc) {
    release(r);
    return rc;
  }
  int kept = 0;
  for (int i = 0; i < r->nv; i++) {
    struct q_run *q = &r->run[i];
    uint32_t last = q_src_last(q->src);
    if (r->ri.from > last) continue; /* a 16-bit source, a range above its patterns */
    q->from = r->ri.from, q->to = r->ri.to < last ? r->ri.to : last;
    r->run[kept++] = *q;
  }
  r->nv = kept;
  if (!kept) {
    errorf("no quantizer has elements in 0x%08x..0x%08x (16-bit sources end at 0xffff)", r->ri.from, r->ri.to);
    release(r);
    return EXIT_USAGE;
  }
  if (!g_quiet)
    fprintf(stderr, "ulpcert: %d quantizer%s, elements 0x%08x..0x%08x (16-bit sources up to 0xffff), %s backend\n",
            r->nv, r->nv == 1 ? "" : "s", r->ri.from, r->ri.to, r->ri.gpu ? "gpu" : "cpu");
  *out = r;
  return 0;
}

static int scan(struct kind_result *r, uint32_t from, uint32_t to, uint32_t cov[][2], int *ncov) {
  for (int i = 0; i < r->nv; i++) {
    int rc = q_scan_variant(r, &r->run[i], from, to);
    if (rc) {
      *ncov = -1;
      return rc;
    }
  }
  cov[0][0] = from, cov[0][1] = to, *ncov = 1;
  return 0;
}

static int same(const struct kind_result *a, const struct kind_result *b, const char *pa, const char *pb, char *err,
                size_t errlen) {
  int differ = a->nv != b->nv || a->g != b->g;
  for (int i = 0; i < a->nv && !differ; i++) differ = strcmp(a->run[i].name, b->run[i].name) != 0;
  if (differ) snprintf(err, errlen, "%s and %s hold other quantizers (or another --tensor-scale)", pa, pb);
  return differ ? EXIT_USAGE : 0;
}
static void merge(struct kind_result *a, const struct kind_result *b) {
  for (int i = 0; i < a->nv; i++) {
    q_stats_add(&a->run[i].st, &b->run[i].st);
    q_bstats_add(&a->run[i].bs, &b->run[i].bs);
    a->run[i].seconds += b->run[i].seconds;
    if (b->run[i].from < a->run[i].from) a->run[i].from = b->run[i].from;
    if (b->run[i].to > a->run[i].to) a->run[i].to = b->run[i].to;
  }
}

const struct kind kind_quant = {
    .name = "quant",
    .title = "block quantizer",
    .unit = "elements",
    .run_help =
        "Block quantizers (family quant; docs/quantizers.md): FAMILY.SOURCE.IMPL, FAMILY one of mxfp8-e4m3,\n"
        "mxfp8-e5m2, mxfp6-e2m3, mxfp6-e3m2, mxfp4, nvfp4; SOURCE f32, f16 or bf16 (the elements' format);\n"
        "IMPL cuda / cuda-rceil (MX) / cuda-rcp (NVFP4): CUDA's cuda_fp8.h, cuda_fp6.h, cuda_fp4.h\n"
        "conversions as a quantizer, or user: the functions of --source FILE (C: uint32_t\n"
        "quant_element(uint32_t x, uint32_t scale_code), and optionally uint32_t quant_scale(uint32_t amax);\n"
        "--function NAME renames quant_element), or user-block: uint32_t quant_block(uint32_t x, uint32_t\n"
        "amax) of --source, checked on every amax of the range with every |x| <= amax. On the GPU backend\n"
        "the file (C, or CUDA C: .cu) is compiled with NVRTC and checked by the device scan of CUDA's own.\n"
        "--tensor-scale G:\n"
        "NVFP4's per-tensor decode scale. Each element in [--from, --to] is checked against every\n"
        "scale code (255 E8M0, 126 E4M3) and, sign clear, as an amax; the run names the specification\n"
        "variant each quantizer matches (scale floor/ceil/nearest or rne/up/down; elements rne/rna/rz with\n"
        "sat/nan/inf on overflow) and counts the differences by class. `quant` runs every CUDA quantizer,\n"
        "FAMILY or FAMILY.SOURCE a part. Exit 1 when a quantizer is not the specification's exactly.\n",
    .owns = owns,
    .list = list,
    .begin = begin,
    .scan = scan,
    .status = q_status,
    .read = q_read,
    .info = info,
    .same = same,
    .merge = merge,
    .write = q_write,
    .print = q_print,
    .release = release,
    .report = q_report,
    .arch_record = q_arch_record,
    .arch_compare = q_arch_compare,
    .arch_gpu_only = 1,
};
