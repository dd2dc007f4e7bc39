/* cells.h: table cells the kinds' reports read from their result JSON: a string member or
 * "-", a device with its architecture, and mismatch counts by class. */
#ifndef ULPCERT_REPORT_CELLS_H
#define ULPCERT_REPORT_CELLS_H

#include <jansson.h>
#include <stddef.h>

#include "src/jsonio/head.h"

/* o's string member k, or "-" */
const char *cell_str(json_t *o, const char *k);
/* o's integer member k (0 when absent) */
long long cell_num(json_t *o, const char *k);
/* "NVIDIA H100 80GB HBM3 (sm_90)": the run's device and its compute capability ("9.0") */
void cell_device_sm(const struct run_info *ri, char *buf, size_t n);
/* "nan 3, rounding 12": the classes names[0..nc) whose count in the object m is not 0, in that
 * order; "none" when every count is 0 */
void cell_classes(json_t *m, const char *const *names, int nc, char *buf, size_t n);

#endif
