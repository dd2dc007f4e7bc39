/* device.h: the GPU as every kind sees it: whether device 0 is usable and what it is
 * (gpu_probe), the devices' contexts opened ahead (gpu_open_contexts), and what the
 * binary's device code was built with (gpu_build_info).
 * Implemented in src/engine/device.cu, or src/engine/device_nogpu.c when the build has no
 * CUDA toolkit. A kind's own device pipeline lives in its folder (src/kinds/<kind>/). */
#ifndef ULPCERT_DEVICE_H
#define ULPCERT_DEVICE_H

#include <stddef.h>

#include "src/jsonio/head.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Number of the toolkit the binary was built with, and the architectures compiled in. */
const char *gpu_build_info(void);

/* 0 if device 0 is usable, filling info; otherwise -1 with a reason in why. */
int gpu_probe(struct gpu_info *info, char *why, size_t whylen);

/* Creates the primary context of devices 0 .. n-1 (what a device's first CUDA call
 * otherwise does inside a run): 0, or -1 with a reason in why. A benchmark calls it so
 * that its first timed run does not pay what the others do not. */
int gpu_open_contexts(int n, char *why, size_t whylen);

#ifdef __cplusplus
}
#endif
#endif
