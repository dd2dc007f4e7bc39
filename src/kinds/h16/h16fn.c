/* h16fn.c: the 16-bit math functions of the catalogue as variants, their references
 * rounded to the format, and the measure of their outputs (h16fn.h).
 *
 * Every 16-bit input is a binary32 number, so the reference is the binary32 engine's pair
 * (y, t), y = RN53(f(x)), t = sign(y - f(x)) (reference.h), and RN_p(f(x)) follows from it
 * exactly (f16_round, whose claim needs y = RN53(f(x)) only). tests/unit/test_h16.c checks the
 * result against MPFR rounding straight to the format on every input of every line. */
#include "src/kinds/h16/h16fn.h"

#include <string.h>

#include "src/catalogue/registry.h"
#include "src/common.h"
#include "src/measure/measure.h"
#include "reference/reference.h"

const struct h16fn_variant h16fn_variants[H16FN_NV] = {
#define H16_FUNCTION(fn, fn2, ref, fmt, doc, src)                                                               \
  {#fn "." #fmt, #fn, ref, H16_FMT_##fmt, doc, src, H16FN_L_##fn##_##fmt, 0, 0},                               \
      {#fn2 "." #fmt, #fn2, ref, H16_FMT_##fmt, doc, src, H16FN_L_##fn##_##fmt, 1, 0},                          \
      {#fn "." #fmt ".fastmath", #fn, ref, H16_FMT_##fmt, doc, src, H16FN_L_##fn##_##fmt, 0, 1},                \
      {#fn2 "." #fmt ".fastmath", #fn2, ref, H16_FMT_##fmt, doc, src, H16FN_L_##fn##_##fmt, 1, 1},
#include "src/kinds/h16/h16_list.h"
};

int h16fn_index(const struct h16fn_variant *v) { return (int)(v - h16fn_variants); }

const struct h16fn_variant *h16fn_find(const char *name) {
  for (int i = 0; i < H16FN_NV; i++)
    if (!strcmp(h16fn_variants[i].name, name)) return &h16fn_variants[i];
  return NULL;
}

const char *h16fn_fmt_name(int fmt) { return f16_name(fmt); }

int gpu_h16fn_eval(int dev, int line, int fast, uint16_t *scalar, uint16_t *lo, uint16_t *hi, char *err,
                   size_t errlen) {
  return fast ? gpu_h16fn_eval_fastmath(dev, line, scalar, lo, hi, err, errlen)
              : gpu_h16fn_eval_default(dev, line, scalar, lo, hi, err, errlen);
}

int h16fn_expected(const char *name, int fmt, uint16_t *exp, double *y, char *err, size_t errlen) {
  const struct reference *ref = ref_find(name);
  if (!ref) {
    snprintf(err, errlen, "no reference '%s' in the catalogue", name);
    return -1;
  }
  for (uint32_t x = 0; x < H16FN_INPUTS; x++) {
    int t;
    ref_eval(ref, f2u((float)f16_decode(fmt, (uint16_t)x)), &y[x], &t);
    if (t < -1 || t > 1) {
      snprintf(err, errlen, "reference %s undecided at the %s input 0x%04x", name, h16fn_fmt_name(fmt), x);
      return -1;
    }
    exp[x] = f16_round(fmt, y[x], t);
  }
  return 0;
}

static void add_input(const struct h16fn_variant *v, struct h16fn_stats *s, uint16_t x, int lane, uint16_t o,
                      uint16_t e, double y) {
  const int k = f16_classify(v->fmt, o, e, 0, 0, f16_issub(v->fmt, x));
  const int32_t st = f16_steps(v->fmt, o, e);
  const double er = f16_err_ulps(v->fmt, o, y);
  s->inputs++;
  s->digest += mix64(((uint64_t)lane << 32) | ((uint64_t)x << 16) | o);
  if (k < 0) s->exact++;
  else {
    s->cls[k]++;
    if (s->nlist < H16FN_LIST) s->list[s->nlist++] = (struct h16fn_sample){x, o, e, k, lane};
  }
  if (st > s->max_steps) s->max_steps = st, s->max_steps_input = x, s->max_steps_lane = lane;
  if (er > s->max_err) s->max_err = er, s->max_err_input = x, s->max_err_lane = lane;
}

/* Inputs in increasing order, the low lane before the high one for each input, so that a
 * strict > keeps the first input on ties and the list is in input order. */
void h16fn_measure(const struct h16fn_variant *v, const uint16_t *exp, const double *y, const uint16_t *const out[2],
                   const uint16_t *scalar, struct h16fn_stats *s) {
  memset(s, 0, sizeof *s);
  s->max_steps = -1, s->max_err = -1;
  s->lane_first[0] = s->lane_first[1] = -1;
  for (uint32_t x = 0; x < H16FN_INPUTS; x++)
    for (int lane = 0; lane < (v->h2 ? 2 : 1); lane++) {
      const uint16_t o = out[lane][x];
      add_input(v, s, (uint16_t)x, lane, o, exp[x], y[x]);
      if (v->h2 && o != scalar[x] && s->lane_diff[lane]++ == 0) s->lane_first[lane] = (int32_t)x;
    }
}

const char *h16fn_verdict(const struct h16fn_variant *v, const struct h16fn_stats *s) {
  if (v->documented == 0) return s->exact == s->inputs ? "HOLDS" : "VIOLATED";
  return s->max_steps <= v->documented && s->cls[H16_NAN] == 0 ? "HOLDS" : "VIOLATED";
}
