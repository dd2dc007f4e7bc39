/* arch.h: what the binary32 part of arch records shares with its tests and with the
 * two-argument kind's part. */
#ifndef ULPCERT_ARCH_H
#define ULPCERT_ARCH_H

#include <stdint.h>

#include "src/catalogue/registry.h"
#include "src/measure/metrics.h"

/* A bin whose outputs differ between a record (then) and a run (now), both with
 * moments: if exactly one input changed, set *input and its recorded output *then_out
 * (now_out holds the bin's present outputs) and return 1; else 0. */
int arch_locate(const struct stats *then, const struct stats *now, uint32_t bin, const uint32_t *now_out,
                uint32_t *input, uint32_t *then_out);

/* How the maxima and the bound clauses of variant v moved from a (a record) to b (this
 * run): one or more lines for arch compare (the two-argument kind's too). */
void arch_print_moved(const struct variant *v, const struct stats *a, const struct stats *b);

#endif
