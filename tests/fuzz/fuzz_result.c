/* fuzz_result.c: libFuzzer target for the result JSON reader (merge, resume and
 * report read these files). Any input must be accepted or refused with a message,
 * never crash, leak or read out of bounds. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "src/kinds/binary32/result.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FILE *f = fmemopen((void *)data, size, "r");
  if (!f) return 0;
  struct result_file rf;
  char err[1024];
  int rc = result_read_stream(f, "fuzz-input", &rf, err, sizeof err);
  fclose(f);
  if (rc == 0) {
    /* a file that reads must hold consistent statistics */
    for (int i = 0; i < rf.nv; i++) {
      struct stats *s = rf.v[i].st;
      if (s->correctly_rounded > s->inputs) __builtin_trap();
      stats_merge(s, s);
    }
    result_file_free(&rf);
  } else if (!err[0]) {
    __builtin_trap(); /* a refusal must say why */
  }
  return 0;
}
