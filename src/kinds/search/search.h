/* search.h: the search kind: a search for the largest error of functions whose domain is too
 * large to run whole (binary64 functions of one and two arguments, binary32 functions of two):
 * sampling (sample.h), a local search around the largest errors found, and MPFR's verdict
 * (reference/search/ref64.h) at every input it reports. docs/search.md describes it. */
#ifndef ULPCERT_SEARCH_H
#define ULPCERT_SEARCH_H

#include <stdint.h>

#include "src/kinds/search/sample.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One function searched: its domain for the sampler, its MPFR reference, its ranking reference
 * on the host, the C library's and SLEEF's functions, and CUDA's documented bound. */
struct sr_fn {
  const char *name;  /* the C name of the function under test: "exp", "powf" */
  const char *mpfr;  /* its reference in reference/search/ref64.c: "exp", "pow" */
  struct sr_dom dom;
  long double (*rank1)(long double); /* host ranking reference (binary64 functions), or NULL */
  long double (*rank2)(long double, long double);
  double (*libc1)(double);            /* glibc, binary64 */
  double (*libc2)(double, double);
  float (*libf2)(float, float);       /* glibc, binary32 two-argument */
  const char *sleef;                  /* SLEEF's scalar function of the same error tier, or NULL */
  int guide;                          /* CUDA's bound in steps from the correctly rounded result, -1: none */
  int device;                         /* 1: CUDA's function runs on the device */
};
extern const struct sr_fn sr_fns[];
extern const int sr_nfns;

enum sr_lib { SR_CUDA, SR_GLIBC, SR_LLVM, SR_MUSL, SR_SLEEF, SR_PLANTED };
enum sr_bound { SR_NO_BOUND, SR_BOUND_STEPS, SR_BOUND_ULP };

/* One variant: a function in one library. */
struct sr_variant {
  char name[48]; /* search.<fn>.<lib> */
  int fn;        /* index in sr_fns */
  enum sr_lib lib;
  double (*host1)(double);         /* host code, or NULL */
  double (*host2)(double, double);
  float (*hostf2)(float, float);
  enum sr_bound bound;
  double bound_value;
  const char *bound_source;
};
/* The variants (built at first use): every function in every library that has it. */
int sr_variants(const struct sr_variant **v);
int sr_variant_index(const char *name);

/* The planted variant's interval: exp(x) one ulp too large for x in [1.5, 1.5 + 2^-8]. */
#define SR_PLANT_LO 0x1.8p+0
#define SR_PLANT_HI 0x1.81p+0

/* A candidate: an input, the output, the ranking estimate, and MPFR's verdict once checked. */
struct sr_cand {
  double x, y, out;
  double est;     /* the ranking reference's ulp error (+inf: a non-finite output) */
  int checked, measured;
  double ulp_err, cr;
  uint64_t steps;
  char exact[64];
};
#define SR_MAXV 192 /* variants at most */
#define SR_POOL 16 /* candidates kept per variant */
#define SR_WALK 8  /* of which the local search starts from the first */

/* Order of candidates: larger estimate first, then lower x, then lower y (bit patterns). */
int sr_cand_before(const struct sr_cand *a, const struct sr_cand *b);
/* Put c in the pool (n entries, at most SR_POOL) unless its input is there or it ranks last. */
void sr_pool_add(struct sr_cand *pool, int *n, const struct sr_cand *c);

/* The ranking estimate of an output (host): |out - ref| / ulp(ref) with ref from the ranking
 * reference; -1 when the input is not measured (NaN or overflowing reference). */
double sr_estimate(const struct sr_fn *f, double x, double y, double out);
/* The host variant's output. */
double sr_host_eval(const struct sr_variant *v, double x, double y);

/* The device (search_gpu.cu; search_nogpu.c without the toolkit), device number dev: sample
 * blocks [b0, b1) (SR_GROUP_BLOCKS at most) of function fn (its index) into the pool, each
 * block's best input (so that the pool depends on the blocks only, not on how they are split
 * between launches, devices or ranks), counting the inputs not measured; evaluate n inputs with
 * their estimates. 0, or -1 with a message in err. */
#define SR_GROUP_BLOCKS 1024 /* blocks of a launch at most (2^26 inputs) */
int sr_gpu_sample(int dev, int fn, const struct sr_dom *d, uint64_t seed, uint64_t stream, uint64_t b0, uint64_t b1,
                  struct sr_cand *pool, int *npool, uint64_t *unmeasured, char *err, int errlen);
int sr_gpu_eval(int dev, int fn, int n, const double *x, const double *y, double *out, double *est, char *err,
                int errlen);
/* The digest of the outputs of inputs [0, n) of function fn (sum modulo 2^64 of sr_digest_term). */
int sr_gpu_digest(int dev, int fn, const struct sr_dom *d, uint64_t seed, uint64_t stream, uint64_t n,
                  uint64_t *digest, char *err, int errlen);
/* Whether the device has a ranking reference for function fn. */
int sr_gpu_has(int fn);

#ifdef __cplusplus
}
#endif
#endif
