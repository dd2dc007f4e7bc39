/* ops.h: the 16-bit arithmetic kind, seen from the host: the catalogue's H16_OP lines as
 * variants, and the device entry points (arith_gpu.cu; arith_nogpu.c without CUDA). */
#ifndef ULPCERT_ARITH16_OPS_H
#define ULPCERT_ARITH16_OPS_H

#include <stddef.h>
#include <stdint.h>

#include "src/kinds/arith16/arith.h"

/* every H16_OP line, in catalogue order */
enum {
#define H16_OP(op, fmt, third, ...) H16A_V_##op##_##fmt##_##third,
#include "src/kinds/h16/h16_list.h"
  H16A_NV
};

#define H16_FMT_f16 FMT16_BINARY16
#define H16_FMT_bf16 FMT16_BFLOAT16

struct h16a_variant {
  const char *name; /* op.fmt, or op.fmt.third */
  const char *op;
  int fmt, third, post, min_cc;
  uint32_t (*ref)(int, uint16_t, uint16_t, uint16_t, double *);
  const char *documented, *source;
};

#ifdef __cplusplus
extern "C" {
#endif

extern const struct h16a_variant h16a_variants[H16A_NV];
const struct h16a_variant *h16a_find(const char *name);
int h16a_index(const struct h16a_variant *v);
/* The expected result of pair (a, b) (third operand c) of v: bits and flags, *y the exact
 * value (the device computes the same, arith.h and the references being shared). */
uint32_t h16a_expected(const struct h16a_variant *v, uint16_t a, uint16_t b, uint16_t c, double *y);

/* Rows a = row0 .. row0 + nrows - 1 of variant v on GPU dev: rows[k] the statistics of row
 * row0 + k. 0; 1 when the GPU's compute capability is below the variant's (reason in err);
 * -1 on a CUDA error. */
int gpu_h16a_rows(int dev, int v, uint32_t row0, uint32_t nrows, struct h16a_acc *rows, char *err, size_t errlen);
/* Every output of row a of variant v: out[b]. 0, 1 or -1 as above. */
int gpu_h16a_row_outputs(int dev, int v, uint16_t a, uint16_t *out, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
