/* numbers.h: numbers read from the command line (bit patterns, counts) and printed for
 * people (tables, text, plots). */
#ifndef ULPCERT_NUMBERS_H
#define ULPCERT_NUMBERS_H

#include <stddef.h>
#include <stdint.h>

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

#endif
