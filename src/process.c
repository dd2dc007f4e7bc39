/* process.c: what the host process knows of itself: its clock, its command line, the
 * file names it makes (process.h). */
#include "src/process.h"

#include <time.h>

void file_safe_name(char *out, size_t n, const char *in) {
  size_t k = 0;
  for (; *in && k + 1 < n; in++) {
    char ch = *in;
    int alnum = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
    if (k == 0 && !alnum) continue; /* no leading '-', '_' or '.': names stay safe as arguments */
    int ok = alnum || ch == '.' || ch == '-' || ch == '_';
    out[k] = ok ? ch : '-';
    k++;
  }
  out[k] = 0;
}

double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The command line as typed (main fills it before option parsing permutes argv). */
char g_command_line[4096];
