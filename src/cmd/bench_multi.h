/* bench_multi.h: the multi-GPU rows of `ulpcert bench` (bench_multi.c). */
#ifndef ULPCERT_BENCH_MULTI_H
#define ULPCERT_BENCH_MULTI_H

#include <jansson.h>

#include "src/engine/options.h"

/* The runs of LIST (families of any kind, "record": the whole arch record) over sc's
 * range on 1 GPU and on ndev, printed as rows and appended to rows (JSON). 0, or an exit
 * code (EXIT_FAIL when the two computed different statistics). */
int bench_multi(const char *list, const struct scan_cli *sc, int ndev, json_t *rows);

#endif
