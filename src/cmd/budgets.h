/* budgets.h: `ulpcert report --budgets FORMAT`: ulp budgets for test suites from results
 * (src/cmd/budgets.c; the layouts: docs/reports.md, "Budgets"). */
#ifndef ULPCERT_BUDGETS_H
#define ULPCERT_BUDGETS_H

#include <stdio.h>

#include "src/engine/kind.h"

/* Is fmt one of h, json, csv, xla, llvm? */
int budgets_format_ok(const char *fmt);
/* Write the budgets of the results (every kind with maxima) to f in fmt. 0, EXIT_USAGE
 * (no result has maxima) or EXIT_IO. */
int budgets_write(FILE *f, const char *fmt, int nf, const struct kind **ks, struct kind_result **rs);

#endif
