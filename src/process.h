/* process.h: what the host process knows of itself: a monotonic clock, the command line
 * as typed, safe file names. */
#ifndef ULPCERT_PROCESS_H
#define ULPCERT_PROCESS_H

#include <stddef.h>

/* A file name made of in: letters, digits, '.' and '-' kept, anything else '-'. */
void file_safe_name(char *out, size_t n, const char *in);

/* Monotonic wall clock in seconds. */
double now_s(void);

/* The command line as typed (main fills it before option parsing permutes argv). */
extern char g_command_line[4096];

#endif
