/* device_nogpu.c: the probe of a build without the CUDA toolkit: it reports that no GPU
 * can be used, so every kind falls back to (or refuses in favour of) the CPU. */
#include <stdio.h>
#include <string.h>

#include "src/engine/device.h"

const char *gpu_build_info(void) { return "built without the CUDA toolkit: no device code"; }

int gpu_probe(struct gpu_info *info, char *why, size_t whylen) {
  memset(info, 0, sizeof *info);
  snprintf(why, whylen, "this ulpcert was built without the CUDA toolkit (install it and rebuild)");
  return -1;
}

int gpu_open_contexts(int n, char *why, size_t whylen) {
  (void)n;
  snprintf(why, whylen, "this ulpcert was built without the CUDA toolkit");
  return -1;
}
