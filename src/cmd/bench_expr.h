/* bench_expr.h: `ulpcert bench --expressions` (bench_expr.c). */
#ifndef ULPCERT_BENCH_EXPR_H
#define ULPCERT_BENCH_EXPR_H

#include <jansson.h>

/* Each of the 34 target expressions with its kernel as a process of its own (`run
 * --source --function --ref`, cold; gpu: the backend is the GPU (the kernels as a .cu
 * file, else as a .c file); extra: more options for it, e.g. "--backend cpu
 * --from ..."), and the same kernel against the catalogue's reference the expression
 * writes out; a table on stdout, the rows into *out (a JSON array, new), how many
 * written-out forms gave another result than their named reference into *ndiffer. With
 * limit > 0, a process still running after limit seconds is interrupted (SIGINT: it
 * writes what it has) and its row marked cut ("cut_at_s", "complete": false).
 * 0 or an exit code. */
int bench_expressions(int gpu, const char *extra, double limit, json_t **out, int *ndiffer);

#endif
