/* arch.h: the search kind's part of arch records (arch.c). */
#ifndef ULPCERT_SEARCH_ARCH_H
#define ULPCERT_SEARCH_ARCH_H

#include "src/engine/kind.h"

extern const struct kind kind_search;
int sr_arch_record(struct arch_ctx *a);
int sr_arch_compare(struct arch_ctx *a);

#endif
