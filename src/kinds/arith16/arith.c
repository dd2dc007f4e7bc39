/* arith.c: the 16-bit arithmetic operations of the catalogue (H16_OP lines) as variants,
 * and the expected result of a pair on the host (the device's code: arith.h). */
#include <string.h>

#include "src/kinds/arith16/ops.h"

#define H16A_SUF_none ""
#define H16A_SUF_negzero ".negzero"
#define H16A_SUF_residual ".residual"
#define H16A_SUF_tiny ".tiny"
#define H16A_THIRD_none H16A_NONE
#define H16A_THIRD_negzero H16A_NEGZERO
#define H16A_THIRD_residual H16A_RESIDUAL
#define H16A_THIRD_tiny H16A_TINY

const struct h16a_variant h16a_variants[H16A_NV] = {
#define H16_OP(op, fmt, third, post, ref, cc, doc, src)                                                         \
  {#op "." #fmt H16A_SUF_##third, #op, H16_FMT_##fmt, H16A_THIRD_##third, H16A_POST_##post, cc, ref, doc, src},
#include "src/kinds/h16/h16_list.h"
};

int h16a_index(const struct h16a_variant *v) { return (int)(v - h16a_variants); }

const struct h16a_variant *h16a_find(const char *name) {
  for (int i = 0; i < H16A_NV; i++)
    if (!strcmp(h16a_variants[i].name, name)) return &h16a_variants[i];
  return NULL;
}

uint32_t h16a_expected(const struct h16a_variant *v, uint16_t a, uint16_t b, uint16_t c, double *y) {
  return h16a_post(v->post, v->fmt, v->ref(v->fmt, a, b, c, y), y);
}
