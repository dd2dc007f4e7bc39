/* numbers.c: numbers read from the command line and printed for people (numbers.h). */
#include "src/numbers.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int parse_u32(const char *s, uint32_t *out) {
  if (!s || !*s || isspace((unsigned char)*s) || *s == '-' || *s == '+') return -1;
  errno = 0;
  char *end;
  unsigned long long v = strtoull(s, &end, 0);
  if (errno || *end || v > 0xffffffffull) return -1;
  *out = (uint32_t)v;
  return 0;
}

int parse_count(const char *s, uint64_t *out) {
  if (!s || !*s || *s == '-' || *s == '+' || isspace((unsigned char)*s)) return -1;
  if (s[0] == '2' && s[1] == '^') {
    char *end;
    errno = 0;
    unsigned long e = strtoul(s + 2, &end, 10);
    if (errno || *end || e > 62 || end == s + 2) return -1;
    *out = 1ull << e;
    return 0;
  }
  errno = 0;
  char *end;
  unsigned long long v = strtoull(s, &end, 0);
  if (errno || end == s) return -1;
  unsigned long long mul = 1;
  if (*end == 'K' || *end == 'k') mul = 1ull << 10, end++;
  else if (*end == 'M' || *end == 'm') mul = 1ull << 20, end++;
  else if (*end == 'G' || *end == 'g') mul = 1ull << 30, end++;
  if (*end || v == 0 || v > (~0ull) / mul) return -1;
  *out = v * mul;
  return 0;
}

char *num_text(char *buf, size_t n, double v, int decimals) {
  if (!(v < 1e10) || v <= -1e10) { /* (infinity too) */
    char e[48];
    snprintf(e, sizeof e, "%.3e", v);
    char *x = strchr(e, 'e');
    if (!x) { /* inf, nan */
      snprintf(buf, n, "%s", e);
      return buf;
    }
    int ex = atoi(x + 1);
    *x = 0;
    snprintf(buf, n, "%se%d", e, ex);
  } else if (v >= 1e7 || v <= -1e7) {
    snprintf(buf, n, "%.0f", v);
  } else {
    snprintf(buf, n, "%.*f", decimals, v);
  }
  return buf;
}
