/* convert.h: the conversions kind. Every conversion of the catalogue (catalogue.h), in
 * each flavour it is built in, over every input of its source format (2^32 binary32
 * inputs, 2^16 binary16 or bfloat16 ones, every code of a narrower format), against the
 * exact result of its documented semantics (lowp.h): exact matches, mismatches by class
 * with the first input of each, the largest error in units of the target format, the x2
 * forms lane by lane, and digests of the outputs. */
#ifndef ULPCERT_CONVERT_H
#define ULPCERT_CONVERT_H

#include <stdint.h>
#include <stdio.h>

#include "src/kinds/convert/catalogue.h"
#include "src/kinds/convert/classify.h"

#ifdef __cplusplus
extern "C" {
#endif

/* one CONV line */
struct conv_def {
  const char *id, *name, *family;
  int src, dst;
  struct lowp_sem sem;
  int x2, hw, inner, need;
  const char *api, *doc;
};
extern const struct conv_def conv_defs[CONV_NDEF];

/* a conversion in one flavour */
struct conv_variant {
  const struct conv_def *d;
  int idx, flav;
  char name[80]; /* the conversion's name, then ".emul" or ".family" */
};
#define CONV_MAXVAR (CV_NFLAV * CONV_NDEF)
/* Every variant, catalogue order, each conversion's flavours together; their number. */
int conv_variants(const struct conv_variant **v);
const struct conv_variant *conv_find(const char *name);
/* A variant, "convert" (every one) or "convert.<family>". */
int conv_owns(const char *name);
/* Does variant v answer to name (itself, its family, "convert")? */
int conv_matches(const struct conv_variant *v, const char *name);
const char *conv_flavour_name(int flav);
/* the number of inputs of a source format: 2^32 for binary32 */
uint64_t conv_domain(int src);
/* lowp_name (a format's token): reference/formats/format.h */
const char *lowp_mode_name(int mode);
const char *lowp_ovf_name(int ovf);
const char *lowp_nanres_name(int nan);
struct conv_kparams conv_kparams_of(const struct conv_def *d);

#define CONV_LIST 64  /* mismatches listed in full when there are at most this many */
#define CONV_BINS 256 /* digests of the outputs per 2^24 binary32 inputs */

struct conv_stats {
  uint64_t inputs, exact, nan_other, mismatches;
  uint64_t cls[CL_N];
  uint32_t first[CL_N], first_out[CL_N]; /* each class's lowest input and its output */
  uint64_t lanes, lane_bad;
  uint32_t lane_first;
  uint64_t err_n, err_key; /* inputs whose error is measured; conv_err_key of the largest */
  uint32_t err_out;        /* the output at the largest error */
  uint32_t nlist;          /* every mismatch (input, output), sorted, when mismatches <= CONV_LIST */
  uint32_t list[CONV_LIST][2];
  uint64_t digest;          /* sum of conv_digest_term over the inputs */
  uint64_t bins[CONV_BINS]; /* binary32 sources: the same per 2^24 inputs (x >> 24) */
};
void conv_stats_init(struct conv_stats *s);
/* Account input x (a source code or binary32 bits) with output y, its verdict o, the
 * lanes lo, hi of the x2 form (0 without one). */
void conv_stats_add(struct conv_stats *s, uint32_t x, uint32_t y, const struct conv_one *o, uint32_t lo, uint32_t hi);
/* the mismatch list in input order */
void conv_stats_sort_list(struct conv_stats *s);
/* a and b of disjoint inputs into a */
void conv_stats_merge(struct conv_stats *a, const struct conv_stats *b);
/* "HOLDS" when every output is the documented result and every lane agrees, else "VIOLATED" */
const char *conv_verdict(const struct conv_stats *s);
float conv_max_err(const struct conv_stats *s);
uint32_t conv_max_err_input(const struct conv_stats *s);

/* The measure of a small domain: outputs y[0..n) of inputs 0..n-1, with the x2 lanes lo, hi
 * (NULL without). */
void conv_measure_small(const struct conv_def *d, uint32_t n, const uint32_t *y, const uint32_t *lo,
                        const uint32_t *hi, struct conv_stats *s);

/* What the device (conv_gpu.cu and its flavours) and the host builds of the wrappers
 * (conv_host.cu) do; conv_nogpu.c in a build without CUDA. */
struct conv_wide {
  unsigned long long cls[CL_N], nan_other, lane_bad, err_n, err_key, bins[CONV_BINS];
  unsigned int first[CL_N], lane_first, nlist, pad;
  unsigned int list[CONV_LIST][2];
};
struct conv_probe {
  int ok, arch, family; /* the architecture its code was compiled for, and whether family-specific */
  char why[256];
};
/* Does a build carrying codes (space-separated nvcc codes: "sm_90 compute_90",
 * "sm_100f sm_120f", "compute_75") have code that runs on compute capability
 * major.minor? The flavours' probes ask it before they launch anything. */
int conv_code_runs(const char *codes, int major, int minor);
/* Flavour flav's code on device dev: 0 with p filled (p->ok 0 and why when it has no code
 * for this GPU), -1 on a CUDA error (why). */
int conv_gpu_probe(int flav, int dev, struct conv_probe *p);
/* Binary32 inputs [from, to] through conversion idx, checked and reduced on the device. */
int conv_gpu_wide(int flav, int dev, int idx, const struct conv_kparams *kp, uint32_t from, uint32_t to,
                  struct conv_wide *w, char *err, size_t errlen);
/* Inputs 0..n-1: outputs y, and with x2 the lanes lo, hi of the x2 form on (i, partner). */
int conv_gpu_small(int flav, int dev, int idx, int x2, uint32_t n, uint32_t *y, uint32_t *lo, uint32_t *hi,
                   char *err, size_t errlen);
/* The outputs of a list of inputs. */
int conv_gpu_list(int flav, int dev, int idx, uint32_t n, const uint32_t *x, uint32_t *y, char *err, size_t errlen);
/* The host's build of conversion idx (the header's host path) over a list: 0, or -1 where
 * the host has none (inline PTX) or the build has no CUDA headers. */
int conv_host_eval(int idx, uint32_t n, const uint32_t *x, uint32_t *y);
int conv_host_eval2(int idx, uint32_t n, const uint32_t *a, const uint32_t *b, uint32_t *lo, uint32_t *hi);

#ifdef __cplusplus
}
#endif

#endif
