/* common.h: exit codes, bit casts and small helpers shared by every module. */
#ifndef ULPCERT_COMMON_H
#define ULPCERT_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "src/bits.h"

#define ULPCERT_VERSION "0.3.0"
/* Version of the result JSON layout. 2: every result file names its "kind" and every kind
 * names a variant by "variant" (format 1: binary32 results had no "kind", float-float
 * results named variants by "name"); readers take both. */
#define ULPCERT_FORMAT 2

/* Exit codes: one per kind of failure, documented in docs/usage.md ("Exit codes"). */
enum {
  EXIT_OK = 0,        /* success; for verification commands: nothing failed */
  EXIT_FAIL = 1,      /* a verification failed (VIOLATED claim, selftest miss, arch difference) */
  EXIT_USAGE = 2,     /* bad command line: unknown option or variant, bad range or number */
  EXIT_NOGPU = 3,     /* --backend gpu asked for, but no usable GPU or driver; or a CUDA error */
  EXIT_IO = 4,        /* a file could not be read or written (disk full included) */
  EXIT_CORRUPT = 5,   /* a file was read but is corrupt, truncated or of another version */
  EXIT_DEPEND = 6,    /* a dependency is missing at run time */
  EXIT_SKIPPED = 7,   /* certify checked nothing: every claim SKIPPED (GPU code without a GPU) */
  EXIT_USERCODE = 8,  /* the user's code crashed, trapped, exited, hung or left the floating-point
                         state changed (src/user/worker.h): no result for it */
  EXIT_INTERRUPT = 130 /* stopped by SIGINT/SIGTERM */
};

#define SIGN32 0x80000000u

/* Print an error prefixed with "ulpcert: " to stderr. */
void errorf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print a notice prefixed with "ulpcert: " to stderr unless quiet. */
void noticef(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
extern int g_quiet;

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
