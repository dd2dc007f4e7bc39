/* ballbench: the ball evaluator's device kernel alone, in several builds (variant.cu),
 * over n inputs from a: inputs decided a second, by how many words, and whether every
 * build that decides an input gives the same (y, t).
 *   ballbench 'EXPR' FIRST N [THREADS [BLOCKS_PER_SM]] */
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

typedef void (*kern)(const struct ib_prog *, uint32_t, uint32_t, int, double *, int8_t *, uint8_t *);
#define V(name) extern "C" __global__ void name(const struct ib_prog *, uint32_t, uint32_t, int, double *, int8_t *, uint8_t *);
V(v20_16) V(v4_2) V(v2_1) V(v3_2)
static const struct { const char *name; kern k; } vars[] = {
    {"maxl20 top16 (k_balls)", v20_16}, {"maxl4 top2", v4_2}, {"maxl3 top2", v3_2}, {"maxl2 top1", v2_1}};

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); exit(3); } } while (0)

int main(int argc, char **argv) {
  if (argc < 4) { fprintf(stderr, "usage: ballbench EXPR FIRST N [THREADS [BLOCKS_PER_SM [VARIANTS]]]\n"); return 2; }
  char err[256];
  struct expr *e = expr_parse(argv[1], err, sizeof err);
  static struct ib_prog P;
  if (!e || expr_ib_compile(e, &P, err, sizeof err)) { fprintf(stderr, "%s\n", err); return 2; }
  const uint32_t a = (uint32_t)strtoul(argv[2], 0, 0), n = (uint32_t)strtoul(argv[3], 0, 0);
  const int th = argc > 4 ? atoi(argv[4]) : 128, bps = argc > 5 ? atoi(argv[5]) : 4;
  const char *only = argc > 6 ? argv[6] : "0123";
  int sms;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CK(cudaDeviceSetLimit(cudaLimitStackSize, 16 * 1024));
  struct ib_prog *dP;
  CK(cudaMalloc(&dP, sizeof P));
  CK(cudaMemcpy(dP, &P, sizeof P, cudaMemcpyHostToDevice));
  double *dy; int8_t *dt; uint8_t *dw;
  CK(cudaMalloc(&dy, (size_t)n * 8)); CK(cudaMalloc(&dt, n)); CK(cudaMalloc(&dw, n));
  double *y0 = (double *)malloc((size_t)n * 8), *y = (double *)malloc((size_t)n * 8);
  int8_t *t0 = (int8_t *)malloc(n), *t = (int8_t *)malloc(n);
  uint8_t *w0 = (uint8_t *)malloc(n), *w = (uint8_t *)malloc(n);
  int have0 = 0;
  printf("%s over [0x%08x, +%u), %d threads x %d blocks/SM x %d SMs\n", argv[1], a, n, th, bps, sms);
  for (size_t v = 0; v < sizeof vars / sizeof vars[0]; v++) {
    if (!strchr(only, (int)('0' + v))) continue;
    cudaFuncAttributes fa;
    CK(cudaFuncGetAttributes(&fa, vars[v].k));
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
    CK(cudaEventRecord(e0));
    vars[v].k<<<sms * bps, th>>>(dP, a, n, 0, dy, dt, dw);
    CK(cudaGetLastError());
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    float ms;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    CK(cudaMemcpy(y, dy, (size_t)n * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(t, dt, n, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(w, dw, n, cudaMemcpyDeviceToHost));
    unsigned long long by[33] = {0}, bad = 0;
    for (uint32_t i = 0; i < n; i++) {
      by[w[i] < 32 ? w[i] : 32]++;
      if (have0 && w[i] && w0[i] && (memcmp(&y[i], &y0[i], 8) || t[i] != t0[i])) bad++;
    }
    printf("%-24s regs %3d stack %5zu B: %8.1f ms, %7.2f M inputs/s; undecided %llu, by words:", vars[v].name,
           fa.numRegs, fa.localSizeBytes, ms, n / (ms * 1e3), by[0]);
    for (int k = 1; k < 33; k++) if (by[k]) printf(" %d:%llu", k, by[k]);
    printf("; differing from the first %llu\n", bad);
    if (!have0) { memcpy(y0, y, (size_t)n * 8); memcpy(t0, t, n); memcpy(w0, w, n); have0 = 1; }
  }
  return 0;
}
