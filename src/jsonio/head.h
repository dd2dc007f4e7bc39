/* head.h: what every result file says about its run, whatever its kind: the tool and
 * format, the command, the date, the device (GPU or CPU), the input range and the part of
 * it that was covered. Written by result_header_json and friends, read back by
 * run_info_read. */
#ifndef ULPCERT_HEAD_H
#define ULPCERT_HEAD_H

#include <stddef.h>
#include <stdint.h>


#define RESULT_MAXCOV 64

struct json_t;

/* A GPU as result files describe it (gpu_probe fills it). */
struct gpu_info {
  char name[256];
  int cc_major, cc_minor;
  int driver_version;  /* cudaDriverGetVersion, e.g. 13000 */
  int runtime_version; /* cudaRuntimeGetVersion */
  int sm_count;
  int device_count; /* CUDA devices visible */
  char driver_release[64]; /* NVIDIA driver release (e.g. 580.159.04) where known */
};

struct run_info {
  char command[4096];
  int complete;                   /* 0: interrupted; 'covered' says what was done */
  int ncov;                       /* 0: the whole domain [from, to] */
  uint32_t cov[RESULT_MAXCOV][2]; /* covered inclusive ranges */
  int gpu;
  int ndevices; /* GPUs used */
  struct gpu_info ginfo;
  int threads;
  uint32_t from, to;
  /* as a file read back states them ("" when absent) */
  char version[32], date[32], backend[8], device[256], cc[16], driver[64], toolkit[16];
  char build[256]; /* what the binary was built with: this binary's for a run, the file's when read */
};

/* The build description every result file states ("build"); main sets it at start-up. */
void head_set_build(const char *build);
/* Fill the host/tool parts of run_info (command line). */
void run_info_init(struct run_info *ri, int argc, char **argv);
/* The device part of a run_info made from a file's strings (merged results). */
void run_info_device(struct run_info *ri, const char *backend, const char *device, const char *driver,
                     const char *cc, const char *toolkit);
/* Describe the host CPU ("model name" of /proc/cpuinfo). */
void host_cpu_name(char *buf, size_t n);

/* The first fields of every result file: tool, version, kind, format, command, date,
 * backend, device, build. */
struct json_t *result_header_json(const struct run_info *ri, const char *kind);
/* The "device" object of a result JSON. */
struct json_t *result_device_json(const struct run_info *ri);
/* "complete", "covered" (ri's covered ranges, the domain when ncov is 0, sorted and
 * coalesced, so that a resumed run reads like an uninterrupted one) and "domain". */
void result_range_json(struct json_t *root, const struct run_info *ri);

/* Read the header fields back: version, command, date, backend, device strings, domain,
 * complete (absent: true) and covered (absent: the whole domain). 0, or EXIT_CORRUPT with
 * a message naming path and the field. */
int run_info_read(struct json_t *root, const char *path, struct run_info *ri, char *err, size_t errlen);

/* The "kind" a result document declares; binary32 results of format 1 declare none. */
const char *result_kind(struct json_t *root);

/* Add [lo, hi] to ri's covered ranges. -1 when there is no room. */
int run_info_cover(struct run_info *ri, uint32_t lo, uint32_t hi);

#endif
