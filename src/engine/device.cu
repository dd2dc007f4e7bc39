/* device.cu: see device.h. The probe every kind uses before it opens a device of its
 * own, and the build's description. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

#include "src/engine/device.h"

#ifndef ULPCERT_ARCHS
#define ULPCERT_ARCHS "unknown"
#endif

extern "C" const char *gpu_build_info(void) {
  static char buf[256];
  snprintf(buf, sizeof buf, "CUDA toolkit %d.%d; device code for %s", CUDART_VERSION / 1000,
           (CUDART_VERSION % 1000) / 10, ULPCERT_ARCHS);
  return buf;
}

/* The NVIDIA driver release (e.g. 580.159.04): the first token of
 * /proc/driver/nvidia/version that looks like N.N[.N]. Empty when unknown. */
static void read_driver_release(char *out, size_t n) {
  out[0] = 0;
  FILE *f = fopen("/proc/driver/nvidia/version", "r");
  if (!f) return;
  char line[512];
  if (fgets(line, sizeof line, f)) {
    for (char *tok = strtok(line, " \t\n"); tok; tok = strtok(NULL, " \t\n")) {
      int dots = 0, ok = tok[0] >= '0' && tok[0] <= '9';
      for (char *p = tok; *p && ok; p++) {
        if (*p == '.') dots++;
        else if (*p < '0' || *p > '9') ok = 0;
      }
      if (ok && dots >= 1) {
        snprintf(out, n, "%s", tok);
        break;
      }
    }
  }
  fclose(f);
}

extern "C" int gpu_probe(struct gpu_info *info, char *why, size_t whylen) {
  memset(info, 0, sizeof *info);
  int n = 0;
  cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess || n == 0) {
    FILE *f = fopen("/proc/driver/nvidia/version", "r");
    if (f) fclose(f);
    if (!f && (e == cudaErrorInsufficientDriver || e == cudaErrorNoDevice))
      snprintf(why, whylen, "no NVIDIA GPU driver is loaded on this machine");
    else
      snprintf(why, whylen, "no usable CUDA device (%s)", e != cudaSuccess ? cudaGetErrorString(e) : "0 devices");
    return -1;
  }
  cudaDeviceProp p;
  e = cudaGetDeviceProperties(&p, 0);
  if (e != cudaSuccess) {
    snprintf(why, whylen, "cudaGetDeviceProperties: %s", cudaGetErrorString(e));
    return -1;
  }
  snprintf(info->name, sizeof info->name, "%s", p.name);
  info->device_count = n;
  info->cc_major = p.major;
  info->cc_minor = p.minor;
  info->sm_count = p.multiProcessorCount;
  cudaDriverGetVersion(&info->driver_version);
  cudaRuntimeGetVersion(&info->runtime_version);
  read_driver_release(info->driver_release, sizeof info->driver_release);
  if (p.major * 10 + p.minor < 75) {
    snprintf(why, whylen, "%s has compute capability %d.%d; ulpcert needs 7.5 or newer", p.name, p.major, p.minor);
    return -1;
  }
  if (info->driver_version < info->runtime_version) {
    snprintf(why, whylen, "the driver supports CUDA %d.%d but ulpcert was built with %d.%d; update the driver",
             info->driver_version / 1000, (info->driver_version % 1000) / 10, info->runtime_version / 1000,
             (info->runtime_version % 1000) / 10);
    return -1;
  }
  return 0;
}

extern "C" int gpu_open_contexts(int n, char *why, size_t whylen) {
  int cur = 0;
  cudaGetDevice(&cur);
  for (int d = 0; d < n; d++) {
    cudaError_t e = cudaSetDevice(d);
    if (e == cudaSuccess) e = cudaFree(0); /* makes the primary context */
    if (e != cudaSuccess) {
      snprintf(why, whylen, "device %d: %s", d, cudaGetErrorString(e));
      return -1;
    }
  }
  cudaSetDevice(cur);
  return 0;
}
