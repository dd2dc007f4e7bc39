/* results.h: the parts of a result document that the kinds' read and write entries
 * (kind.h) share: its start (header, range, wall time), its "results" array read back, and
 * its writing. A kind's own statistics stay in its folder; these take the parts every
 * kind has, its struct run_info and the JSON document. */
#ifndef ULPCERT_RESULTS_H
#define ULPCERT_RESULTS_H

#include <stddef.h>

#include "src/jsonio/head.h"

struct json_t;

/* A result document's start: the header of kind `kind` (result_header_json), the covered
 * range when `range` (result_range_json), and "timing": {"wall_s": wall}. */
struct json_t *result_root(const struct run_info *ri, const char *kind, int range, double wall);

/* Write root to path (result_write_root), with res as its last member "results" when res is
 * not NULL, and release root. 0, or an exit code with a message in err. */
int result_write_free(const char *path, struct json_t *root, struct json_t *res, char *err, size_t errlen);

/* A result document's header into ri (run_info_read) and its "results" member into *res
 * (borrowed; NULL when absent). 0; run_info_read's exit code with its message; or
 * EXIT_CORRUPT with "<path>: <bad>" when "results" is not an array, or one of more than
 * max elements (max 0: any number). */
int result_array_read(struct json_t *root, const char *path, struct run_info *ri, struct json_t **res, size_t max,
                      const char *bad, char *err, size_t errlen);

#endif
