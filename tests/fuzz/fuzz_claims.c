/* fuzz_claims.c: libFuzzer target for the claim parser of `ulpcert certify`: any
 * text must parse or be refused, offsets must lie inside the text and point at the
 * numbers, and formatting a value like any claim must not overflow; finding a function
 * by name (run --source) reads only the text and finds a function of that name. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "src/user/claims.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  struct claim_site c[16];
  char err[128];
  int n = claims_parse((const char *)data, size, c, 16, err, sizeof err);
  for (int i = 0; i < n; i++)
    for (int w = 0; w < 2; w++) {
      if (!c[i].len[w]) continue;
      if (c[i].off[w] + c[i].len[w] > size) __builtin_trap();
      if (c[i].len[w] < sizeof c[i].num[w] && memcmp(data + c[i].off[w], c[i].num[w], c[i].len[w])) __builtin_trap();
      char out[48];
      claims_format_like(c[i].num[w], 123.456, out, sizeof out);
    }
  struct claim_site f;
  static const char *const names[] = {"f", "tanhf", "x"};
  for (int k = 0; k < 3; k++)
    if (claims_function((const char *)data, size, names[k], &f) && strcmp(f.fn, names[k])) __builtin_trap();
  return 0;
}
