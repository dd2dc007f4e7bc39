/* ptx16.h: the PTX half-precision MUFU forms of the 16-bit function kind (family half:
 * binary16 and bfloat16), each over all 2^16 inputs of its format, against MPFR references
 * rounded to that format. */
#ifndef ULPCERT_PTX16_H
#define ULPCERT_PTX16_H

#include <stdint.h>
#include <stdio.h>

#include "src/kinds/h16/ptx16_list.h"

/* binary16 or bfloat16 as this kind reads it: the format's id and name in
 * reference/formats/format.h, and from its description there p significand bits (the
 * leading one included), normal exponents emin..emax, subnormals below 2^emin. */
struct half_fmt {
  const char *name;
  int p, emin, emax;
  int id; /* enum lowp_id */
};
extern const struct half_fmt half_binary16, half_bfloat16;

struct half_variant {
  const char *name, *ptx;
  const struct half_fmt *fmt;
  const char *ref;                  /* reference function (reference/reference.h) */
  const char *doc_abs, *doc_rel;    /* documented bounds (decimal strings), NULL: none */
  const char *source, *description;
};
extern const struct half_variant half_variants[HALF_NFN];
const struct half_variant *half_find(const char *name);
/* Evaluate half variant fn (its index) over every input on GPU dev. 0; 1 when this GPU's
 * architecture lacks the instruction (reason in err); -1 on a CUDA error. */
int gpu_half_eval(int dev, int fn, uint16_t *out, char *err, size_t errlen);

struct half_sample {
  uint16_t input, output, expected;
};

/* Statistics of one variant over its 2^16 inputs (definitions: docs/half.md) */
struct half_stats {
  uint32_t inputs, correctly_rounded, faithful, above_1ulp, nonfinite, flushed, special_mismatches;
  double max_ulp, max_rel, max_abs; /* -1: nothing measured */
  uint16_t max_ulp_input, max_ulp_output, max_rel_input, max_rel_output, max_abs_input, max_abs_output;
  double max_ulp_ref, max_rel_ref, max_abs_ref;
  /* the same two maxima over the inputs whose correctly rounded result is a normal
   * number of the format: the documents are silent on subnormal results (ex2.approx.f16
   * flushes them, the .ftz forms say they do) */
  double max_rel_n, max_abs_n;
  uint16_t max_rel_n_input, max_abs_n_input;
  int n_special;
  struct half_sample special[8];
  uint64_t digest; /* of (input, output) over every input */
};

/* the value of a bit pattern (exact in binary32, hence in binary64) */
double half_decode(const struct half_fmt *f, uint16_t bits);
/* The bit pattern of RN_p(z), z exact, from y = RN53(z) and t = sign(y - z) (the
 * reference's pair): ties to even, subnormals, overflow to infinity. */
uint16_t half_round(const struct half_fmt *f, double y, int t);
/* ulp of a value y in the format: 2^(max(floor(log2|y|), emin) - p + 1) */
double half_ulp(const struct half_fmt *f, double y);
/* Measure outputs out[0..2^16) of variant v against MPFR. */
void half_measure(const struct half_variant *v, const uint16_t *out, struct half_stats *s);
/* Verdict against the documented bound over every input, or (normal) over the inputs
 * with a normal correctly rounded result. */
const char *half_verdict(const struct half_variant *v, const struct half_stats *s, int normal);
/* The index of v in half_variants. */
int half_index(const struct half_variant *v);
/* One variant's result object; with out, every output too (4 hex digits per input). */
struct json_t;
struct json_t *half_variant_json(const struct half_variant *v, const struct half_stats *s, const uint16_t *out);
/* A record's outputs of a variant: 0, or -1 when the field is not 2^16 hex groups. */
int half_parse_outputs(struct json_t *o, uint16_t *out);
void half_print_row(FILE *f, const struct half_variant *v, const struct half_stats *s);

#endif
