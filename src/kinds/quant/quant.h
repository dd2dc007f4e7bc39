/* quant.h: the quantizers kind's variants and result, shared by its files (kind.c, scan.c,
 * print.c, json.c, user.c) and the entry points of its CUDA code (quant_host.cu,
 * quant_gpu.cu; quant_nogpu.c without the toolkit). */
#ifndef ULPCERT_QUANT_QUANT_H
#define ULPCERT_QUANT_QUANT_H

#include <stddef.h>
#include <stdint.h>

#include "src/engine/kind.h"
#include "src/kinds/quant/check.h"

/* implementations: CUDA's headers (two each: MX floor "cuda" and ceil "cuda-rceil"; NVFP4
 * with a division "cuda" and with a reciprocal "cuda-rcp"), and the user's (--source):
 * "user", of the element and the scale code, "user-block", of the element and the amax */
enum q_impl { QI_CUDA, QI_CUDA2, QI_USER, QI_BLOCK, QI_N };
#define Q_MAXVAR (QM_NFAM * QX_NSRC * QI_N)

extern const char *const q_fam_names[QM_NFAM];
extern const char *const q_src_names[QX_NSRC];
const char *q_impl_name(int fam, int impl);
/* the specification each family follows, for messages */
extern const char *const q_fam_spec[QM_NFAM];

typedef uint32_t (*q_efn)(uint32_t x, uint32_t scale);
typedef uint32_t (*q_sfn)(uint32_t amax);
typedef uint32_t (*q_bfn)(uint32_t x, uint32_t amax);

struct q_run {
  int fam, src, impl;
  char name[64];
  char path[48]; /* "device", "host software path", "host (user C)" */
  uint32_t from, to; /* source bit patterns checked */
  double seconds;
  struct q_stats st;
  struct q_bstats bs; /* user-block */
  int dyn[2];         /* a user's on the GPU: its kernels (gpu_dyn_add; user-block: the scan, the fix) */
};

struct kind_result {
  struct run_info ri;
  struct scan_cli *sc;
  int nv, device;
  struct q_run run[Q_MAXVAR];
  q_efn user_elem;  /* --source: quant_element, and quant_scale when defined (else NULL) */
  q_sfn user_scale;
  q_bfn user_block; /* --source's quant_block, for user-block */
  float g;          /* --tensor-scale: NVFP4's per-tensor decode scale G = Ng 2^Eg (1: none) */
  uint64_t Ng;
  int Eg;
  char source[1024];
};

/* the last bit pattern of a source format */
static inline uint32_t q_src_last(int src) { return src == QX_F32 ? 0xffffffffu : 0xffffu; }

#ifdef __cplusplus
extern "C" {
#endif
/* quant_host.cu: CUDA's quantizer on the host, the elements of x over scales [s0, s1] into
 * out; its scale of amax. -1 (and nothing) without the CUDA toolkit. */
int qcuda_host_row(int fam, int src, int impl, float g, uint32_t x, uint32_t s0, uint32_t s1, uint32_t *out);
int qcuda_host_scale(int fam, int src, int impl, float g, uint32_t a, uint32_t *out);
/* quant_gpu.cu: CUDA's quantizer on device dev over source patterns [from, to], added to st.
 * 0, or -1 with the reason in err. */
int qcuda_gpu_scan(int dev, int fam, int src, int impl, float g, uint32_t from, uint32_t to, struct q_stats *st,
                   char *err, size_t errlen);
/* quant_gpu.cu: a user's quantizer q (compiled by user_gpu.c) on device dev over source
 * patterns [from, to] (user-block: the amax), added to q->st or q->bs. 0, or -1 with the
 * reason in err. */
int quser_gpu_scan(int dev, struct q_run *q, uint64_t Ng, int Eg, uint32_t from, uint32_t to, char *err,
                   size_t errlen);

#ifdef __cplusplus
}
#endif

/* scan.c: variant i over [from, to] on the run's backend. 0, or an exit code. */
int q_scan_variant(struct kind_result *r, struct q_run *q, uint32_t from, uint32_t to);
/* user.c: compile the --source file for the quantizers it must define (elem: quant_element
 * or fn, and quant_scale when present; block: quant_block or fn): 0, or an exit code with
 * the message printed */
int q_user_load(struct kind_result *r, const char *path, const char *fn, int elem, int block);
/* user_gpu.c: compile the --source file with NVRTC for compute capability cc_major.cc_minor
 * into the kernels of r's user quantizers (their dyn[]), with elem (quant_element or
 * --function) or block (quant_block or --function) the functions they call (NULL: none): 0,
 * or an exit code with NVRTC's log (or the reason) in log */
int q_user_gpu(struct kind_result *r, const char *path, const char *efn, const char *bfn, int cc_major, int cc_minor,
               char *log, size_t loglen);
/* its compilation alone (no GPU needed): the CUBIN (*cubin, malloc'ed, *size bytes) */
int q_user_cubin(const struct kind_result *r, const char *path, const char *efn, const char *bfn, int cc_major,
                 int cc_minor, char **cubin, size_t *size, char *log, size_t loglen);
/* print.c; q_departs: where a quantizer departs from the specification ("" when nowhere) */
void q_departs(const struct q_run *q, char *b, size_t n);
/* a user-block quantizer: the (scale rounding, element variant) pairs it matches exactly
 * ("ceil scale + rne-sat, ..."), into b; 0 when none, the nearest pair in *bk, *bv */
int q_block_matched(const struct q_run *q, char *b, size_t n, int *bk, int *bv);
void q_print(FILE *f, const struct kind_result *r);
int q_status(const struct kind_result *r);
/* json.c */
int q_write(const char *path, const struct kind_result *r, char *err, size_t errlen);
int q_read(struct json_t *root, const char *path, struct kind_result **out, char *err, size_t errlen);
/* a quantizer's result object, as --json writes it */
struct json_t *q_run_json(const struct q_run *q);
/* arch.c: the kind's part of arch records */
int q_arch_record(struct arch_ctx *a);
int q_arch_compare(struct arch_ctx *a);
/* report.c: its part of ulpcert report */
struct report;
int q_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n);

#endif
