/* device_nogpu.c: the probe of a build without the CUDA toolkit: it reports that no GPU
 * can be used, so every kind falls back to (or refuses in favour of) the CPU. */
#include <stdio.h>
#include <string.h>

#include "src/engine/device.h"

/* why the build has no device code (the Makefile says: no GPU on the build machine, no
 * nvcc, the sanitizer build) */
#ifndef ULPCERT_NOGPU_WHY
#define ULPCERT_NOGPU_WHY "built without the CUDA toolkit"
#endif
#define NOGPU_HOW "make ARCHS=all (every GPU architecture) or ARCHS=sm_XY (one), with the CUDA toolkit"

const char *gpu_build_info(void) {
  return "built for the CPU only, no device code (" ULPCERT_NOGPU_WHY "); for GPUs: " NOGPU_HOW;
}

int gpu_probe(struct gpu_info *info, char *why, size_t whylen) {
  memset(info, 0, sizeof *info);
  snprintf(why, whylen, "this ulpcert was built for the CPU only (" ULPCERT_NOGPU_WHY "); to use a GPU, rebuild with " NOGPU_HOW);
  return -1;
}

int gpu_open_contexts(int n, char *why, size_t whylen) {
  (void)n;
  snprintf(why, whylen, "this ulpcert was built without the CUDA toolkit");
  return -1;
}
