/* ballbench: the ball evaluator's device kernel alone, as k_balls runs it (one launch per
 * precision over what the one before left, compacted), in builds with different register
 * caps (variant.cu): inputs decided a second, per precision and in all, and whether every
 * build gives the same (y, t) for every input. Before the levels, the generic 1-word level
 * alone (the first level before the fast double-word balls of ib1.h) runs over all N
 * inputs: its rate, what it decides, and that every input both decide has the same pair.
 *   ballbench 'EXPR' FIRST N [BLOCKS_PER_SM [VARIANTS]]  (VARIANTS: digits of vars[]) */
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference/interval/ib_prog.h"
extern "C" {
struct expr;
struct expr *expr_parse(const char *text, char *err, size_t errlen);
int expr_ib_compile(const struct expr *e, struct ib_prog *P, char *why, size_t whylen);
}

typedef void (*kern)(const struct ib_prog *, const uint32_t *, uint32_t, uint32_t, int, double *, int8_t *,
                     uint8_t *);
#define V(name)                                                                                                      \
  extern "C" __global__ void name(const struct ib_prog *, const uint32_t *, uint32_t, uint32_t, int, double *,      \
                                  int8_t *, uint8_t *);
V(v_r255) V(v_r128) V(v_r80)
static const struct {
  const char *name;
  kern k;
  int minb;
} vars[] = {{"launch_bounds(128,2)", v_r255, 2}, {"launch_bounds(128,4)", v_r128, 4}, {"launch_bounds(128,6)", v_r80, 6}};

#define CK(x)                                                                                                        \
  do {                                                                                                               \
    cudaError_t e_ = (x);                                                                                            \
    if (e_ != cudaSuccess) {                                                                                         \
      fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));                                                     \
      exit(3);                                                                                                       \
    }                                                                                                                \
  } while (0)

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: ballbench EXPR FIRST N [BLOCKS_PER_SM [VARIANTS]]\n");
    return 2;
  }
  char err[256];
  struct expr *e = expr_parse(argv[1], err, sizeof err);
  static struct ib_prog P;
  if (!e || expr_ib_compile(e, &P, err, sizeof err)) {
    fprintf(stderr, "%s\n", err);
    return 2;
  }
  const uint32_t a = (uint32_t)strtoul(argv[2], 0, 0), n = (uint32_t)strtoul(argv[3], 0, 0);
  const int bps_arg = argc > 4 ? atoi(argv[4]) : 0;
  const char *only = argc > 5 ? argv[5] : "012";
  int sms;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CK(cudaDeviceSetLimit(cudaLimitStackSize, 24 * 1024)); /* the evaluator's frames: 15504 bytes (ptxas -v, sm_90) */
  struct ib_prog *dP;
  CK(cudaMalloc(&dP, sizeof P));
  CK(cudaMemcpy(dP, &P, sizeof P, cudaMemcpyHostToDevice));
  double *dy;
  int8_t *dt;
  uint8_t *dw;
  uint32_t *dl;
  CK(cudaMalloc(&dy, (size_t)n * 8));
  CK(cudaMalloc(&dt, n));
  CK(cudaMalloc(&dw, n));
  CK(cudaMalloc(&dl, (size_t)n * 4));
  double *y0 = (double *)malloc((size_t)n * 8), *y = (double *)malloc((size_t)n * 8), *yl = (double *)malloc((size_t)n * 8);
  int8_t *t0 = (int8_t *)malloc(n), *t = (int8_t *)malloc(n), *tl = (int8_t *)malloc(n);
  uint8_t *w0 = (uint8_t *)malloc(n), *w = (uint8_t *)malloc(n), *wl = (uint8_t *)malloc(n);
  double *yo = (double *)malloc((size_t)n * 8); /* the old 1-word level's answers */
  int8_t *to = (int8_t *)malloc(n);
  uint8_t *wo = (uint8_t *)malloc(n);
  uint32_t *list = (uint32_t *)malloc((size_t)n * 4), *idx = (uint32_t *)malloc((size_t)n * 4);
  int have0 = 0;
  printf("%s over [0x%08x, +%u), 128 threads, %d SMs\n", argv[1], a, n, sms);
  for (size_t v = 0; v < sizeof vars / sizeof vars[0]; v++) {
    if (!strchr(only, (int)('0' + v))) continue;
    cudaFuncAttributes fa;
    CK(cudaFuncGetAttributes(&fa, vars[v].k));
    const int bps = bps_arg ? bps_arg : vars[v].minb;
    memset(w, 0, n);
    uint32_t m = n;
    float total = 0;
    printf("%-22s regs %3d stack %5zu B, %d blocks/SM:", vars[v].name, fa.numRegs, fa.localSizeBytes, bps);
    { /* the generic 1-word level alone (lev -1: the first level before ib1.h), for comparison */
      cudaEvent_t e0, e1;
      CK(cudaEventCreate(&e0));
      CK(cudaEventCreate(&e1));
      CK(cudaEventRecord(e0));
      vars[v].k<<<sms * bps, 128>>>(dP, NULL, a, n, -1, dy, dt, dw);
      CK(cudaGetLastError());
      CK(cudaEventRecord(e1));
      CK(cudaEventSynchronize(e1));
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      CK(cudaMemcpy(yo, dy, (size_t)n * 8, cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(to, dt, n, cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(wo, dw, n, cudaMemcpyDeviceToHost));
      uint32_t dec = 0;
      for (uint32_t i = 0; i < n; i++) dec += wo[i] == 1;
      printf(" [old 1 word: %u decided in %.1f ms, %.2f M inputs/s]", dec, ms, n / (ms * 1e3));
    }
    for (int lev = 0; lev < IB_LEVELS && m; lev++) {
      if (lev) CK(cudaMemcpy(dl, list, (size_t)m * 4, cudaMemcpyHostToDevice));
      cudaEvent_t e0, e1;
      CK(cudaEventCreate(&e0));
      CK(cudaEventCreate(&e1));
      CK(cudaEventRecord(e0));
      vars[v].k<<<sms * bps, 128>>>(dP, lev ? dl : NULL, a, m, lev, dy, dt, dw);
      CK(cudaGetLastError());
      CK(cudaEventRecord(e1));
      CK(cudaEventSynchronize(e1));
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      total += ms;
      CK(cudaMemcpy(yl, dy, (size_t)m * 8, cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(tl, dt, m, cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(wl, dw, m, cudaMemcpyDeviceToHost));
      uint32_t next = 0;
      for (uint32_t i = 0; i < m; i++) {
        const uint32_t k = lev ? idx[i] : i;
        y[k] = yl[i], t[k] = tl[i], w[k] = wl[i];
        if (!wl[i]) list[next] = lev ? list[i] : a + i, idx[next++] = k;
      }
      printf(" [%d words: %u in %.1f ms]", ib_level_words(lev), m, ms);
      m = next;
    }
    unsigned long long und = 0, bad = 0, oldbad = 0;
    for (uint32_t i = 0; i < n; i++) {
      und += w[i] == 0 || w[i] == 255;
      if (wo[i] == 1 && w[i] && w[i] != 255 && (memcmp(&y[i], &yo[i], 8) || t[i] != to[i])) oldbad++;
      if (have0 && w[i] && w[i] != 255 && w0[i] && w0[i] != 255 && (memcmp(&y[i], &y0[i], 8) || t[i] != t0[i]))
        bad++;
    }
    printf(" total %.1f ms, %.2f M inputs/s; undecided %llu; differing from the first %llu, from the old 1-word level %llu\n",
           total, n / (total * 1e3), und, bad, oldbad);
    if (!have0) {
      memcpy(y0, y, (size_t)n * 8), memcpy(t0, t, n), memcpy(w0, w, n);
      have0 = 1;
    }
  }
  return 0;
}
