/* diag.c: messages on stderr (diag.h). */
#include "reference/diag.h"

#include <stdarg.h>
#include <stdio.h>

int g_quiet = 0;

/* A message on stderr, its control bytes (but newlines and tabs) written as \xHH: names
 * and options echoed from the command line or a file stay readable. */
static void message(const char *prefix, const char *fmt, va_list ap) {
  char buf[32768];
  vsnprintf(buf, sizeof buf, fmt, ap);
  fputs(prefix, stderr);
  for (const unsigned char *p = (const unsigned char *)buf; *p; p++)
    if ((*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f) fprintf(stderr, "\\x%02x", *p);
    else fputc(*p, stderr);
  fputc('\n', stderr);
}

void errorf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  message("ulpcert: error: ", fmt, ap);
  va_end(ap);
}

void noticef(const char *fmt, ...) {
  if (g_quiet) return;
  va_list ap;
  va_start(ap, fmt);
  message("ulpcert: ", fmt, ap);
  va_end(ap);
}
