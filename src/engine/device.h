/* device.h: the GPU as every kind sees it: whether device 0 is usable and what it is
 * (gpu_probe), and what the binary's device code was built with (gpu_build_info).
 * Implemented in src/engine/device.cu, or src/engine/device_nogpu.c when the build has no
 * CUDA toolkit. A kind's own device pipeline lives in its folder (src/kinds/<kind>/). */
#ifndef ULPCERT_DEVICE_H
#define ULPCERT_DEVICE_H

#include <stddef.h>

#include "src/formats/head.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Number of the toolkit the binary was built with, and the architectures compiled in. */
const char *gpu_build_info(void);

/* 0 if device 0 is usable, filling info; otherwise -1 with a reason in why. */
int gpu_probe(struct gpu_info *info, char *why, size_t whylen);

#ifdef __cplusplus
}
#endif
#endif
