/* userfn.h: users' own functions compiled at run time (certify, run --source). */
#ifndef ULPCERT_USERFN_H
#define ULPCERT_USERFN_H

#include <stddef.h>

/* Compile functions fns[0..n) of the C file at path for the host and start the process
 * that runs them (worker.h; function i is its number i) in *out. 0, or an exit code with
 * the compiler's log (or the reason) in log. */
struct user_worker;
int userfn_host(const char *path, int n, const char *const *fns, struct user_worker **out, char *log, size_t loglen);

/* Compile them with NVRTC for a device of compute capability cc_major.cc_minor;
 * ids[i] receives each one's GPU function number. 0, or an exit code with the log. */
int userfn_gpu(const char *path, int n, const char *const *fns, int cc_major, int cc_minor, int *ids, char *log,
               size_t loglen);

/* The machinery of userfn_gpu for a program of the caller's: compile the CUDA C text src
 * (which includes the user's file at path, found through -I its folder, and the in-memory
 * headers hnames[i] = headers[i], i < nh) with NVRTC for compute capability cc_major.cc_minor
 * into a CUBIN (*cubin, malloc'ed, *size bytes), for gpu_dyn_add. 0, or an exit code with
 * NVRTC's log (or the reason) in log. Needs no GPU. */
int userfn_nvrtc(const char *src, int nh, const char *const *headers, const char *const *hnames, const char *path,
                 int cc_major, int cc_minor, char **cubin, size_t *size, char *log, size_t loglen);

/* Is the file CUDA C (its name ends in .cu)? The CPU backend builds one with the host's C
 * compiler, which takes it only when it keeps to C (no __device__, no intrinsics). */
int userfn_is_cuda(const char *path);
/* The message, in place of the C compiler's errors, for a CUDA C file the CPU backend
 * cannot build: what it needs instead. */
#define USERFN_CUDA_ON_CPU                                                                                           \
  "%s is CUDA C beyond C (__device__, intrinsics), which runs on the GPU backend only, and this run is on the CPU " \
  "(no usable GPU, or --backend cpu): run it where 'ulpcert --version' shows device code and nvidia-smi a GPU, "    \
  "or keep to C in it (or write a .c file) for the CPU backend"

/* Whether the file at path defines name as float name(float) (the check certify makes
 * of a claim's function): 0, or an exit code with the reason in msg. */
int userfn_check(const char *path, const char *name, char *msg, size_t n);

/* The functions names[0..n) of the file at path, compiled for the backend (gpu: for the
 * device gi), as variants of reference refs[i] named "FILE:NAME" (vnames[i] holds the
 * name). 0, or an exit code with the compiler's log. */
#define USER_MAXFN 64
struct variant;
struct reference;
struct gpu_info;
int user_variants(const char *path, int n, const char *const *names, const struct reference *const *refs, int gpu,
                  const struct gpu_info *gi, struct variant *out, char (*vnames)[256], char *log, size_t loglen);

#endif
