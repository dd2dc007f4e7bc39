/* ff.h: float-float (double-word) variants: the error-free transformations, the
 * double-word algorithms and compensated summation of src/kinds/ff/ff_ops.h, checked exactly
 * (src/kinds/ff/ff_check.h) over every high word of the first operand and a partner set. */
#ifndef ULPCERT_FF_H
#define ULPCERT_FF_H

#include <stdint.h>
#include <stdio.h>

#include "src/kinds/ff/ff_check.h"

struct ff_variant {
  char name[48];
  const char *base;   /* the operation's name (the plain flavour) */
  const char *family; /* ff, eft, dw, sum2 */
  int op, flav;
  double bound_u2;        /* published relative bound in units of u^2 = 2^-48; 0: exact; < 0: none */
  const char *bound_text; /* as published, e.g. "3u^2 + 13u^3" */
  const char *source;
  const char *description;
};

#define FF_NVAR (FF_NOPS * FF_NFLAV)
extern struct ff_variant ff_variants[FF_NVAR];
extern const char *const ff_flavour_names[FF_NFLAV]; /* "", ".fmad", ".ftz" */
extern const char *const ff_class_names[FFC_N];

void ff_registry_init(void);
/* Is name a float-float variant or family (ff, eft, dw, sum2)? */
int ff_is_name(const char *name);
/* Resolve name into out[] (deduplicated, registry order), keeping what the backend runs
 * (the CPU runs the plain flavour only). Returns the number added, or -1 if unknown. */
int ff_resolve(const char *name, int gpu, const struct ff_variant **out, int max, int *nout);
/* Partners per operand: FF_ADV adversarial plus nrandom seeded random ones (conversion: 1). */
uint32_t ff_npart(const struct ff_variant *v, uint32_t nrandom);
/* Evaluate v over high words [from, to] on the CPU (threads: 0 = all). 0, or 1 if stopped. */
int ff_cpu_scan(const struct ff_variant *v, uint32_t from, uint32_t to, uint32_t npart, uint64_t seed, int threads,
                struct ff_stats *out, int (*progress)(void *, uint64_t), void *ctx);
int ff_gpu_scan(int device, int op, int flav, uint32_t from, uint32_t to, uint32_t npart, uint64_t seed, double bound,
                struct ff_stats *out, int (*progress)(void *, uint64_t), void *ctx, char *err, size_t errlen);

/* within / exceeds / no bound published */
const char *ff_verdict(const struct ff_variant *v, const struct ff_stats *s);

/* The table of a run's results, and one variant's statistics as JSON. */
void ff_print_table(FILE *f, const struct ff_variant *const *vs, const struct ff_stats *st, int nv, uint32_t nrandom,
                    uint64_t seed);
struct json_t;
struct json_t *ff_stats_json(const struct ff_variant *v, const struct ff_stats *s, uint32_t npart);

#endif
