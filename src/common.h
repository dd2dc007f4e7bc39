/* common.h: exit codes, bit casts and small helpers shared by every module. */
#ifndef ULPCERT_COMMON_H
#define ULPCERT_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "reference/bits.h"
#include "reference/diag.h" /* exit codes, errorf, noticef */

#include "reference/version.h" /* ULPCERT_VERSION */
/* Version of the result JSON layout. 2: every result file names its "kind" and every kind
 * names a variant by "variant" (format 1: binary32 results had no "kind", float-float
 * results named variants by "name"); readers take both. */
#define ULPCERT_FORMAT 2

/* Parse a 32-bit bit pattern "0xHHHHHHHH" (also decimal); returns 0 on success. */
int parse_u32(const char *s, uint32_t *out);
/* Parse a positive integer with optional K/M/G suffix or 2^N form. */
int parse_count(const char *s, uint64_t *out);

/* A non-negative number as a person reads it (tables, text, plots; JSON and CSV keep every
 * digit): with `decimals` decimals below 10^7, as an integer below 10^10, above that in
 * four significant digits and a plain exponent (4.316e39, not forty digits). Returns buf. */
char *num_text(char *buf, size_t n, double v, int decimals);
/* num_text into a buffer of the enclosing block: printf("%s", NUM(x, 5)) */
#define NUM(v, decimals) num_text((char[48]){0}, 48, (v), (decimals))

/* A file name made of in: letters, digits, '.' and '-' kept, anything else '-'. */
void file_safe_name(char *out, size_t n, const char *in);

/* Monotonic wall clock in seconds. */
double now_s(void);

#endif
