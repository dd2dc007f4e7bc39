/* fuzz_args.c: libFuzzer target for the command-line value parsers and the claim
 * reader: bit patterns, counts, K/N shards, claimed bounds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/catalogue/registry.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char buf[256];
  if (size >= sizeof buf) size = sizeof buf - 1;
  memcpy(buf, data, size);
  buf[size] = 0;
  uint32_t u;
  uint64_t k;
  if (parse_u32(buf, &u) == 0) {
    char back[32];
    snprintf(back, sizeof back, "0x%08x", u);
    uint32_t v;
    if (parse_u32(back, &v) || v != u) __builtin_trap(); /* round trip */
  }
  if (parse_count(buf, &k) == 0 && k == 0) __builtin_trap(); /* counts are positive */
  char r[64];
  enum verdict vd = claim_verdict(buf, CLAIM_MEASURED, 1.5, r, sizeof r);
  if (vd != VERDICT_NONE && !r[0]) __builtin_trap();
  return 0;
}
