/* userfn.h: users' own functions compiled at run time (certify, run --source). */
#ifndef ULPCERT_USERFN_H
#define ULPCERT_USERFN_H

#include <stddef.h>

/* Compile functions fns[0..n) of the C file at path for the host; out[i] receives
 * each. 0, or an exit code with the compiler's log (or the reason) in log. */
int userfn_host(const char *path, int n, const char *const *fns, float (**out)(float), char *log, size_t loglen);

/* Compile them with NVRTC for a device of compute capability cc_major.cc_minor;
 * ids[i] receives each one's GPU function number. 0, or an exit code with the log. */
int userfn_gpu(const char *path, int n, const char *const *fns, int cc_major, int cc_minor, int *ids, char *log,
               size_t loglen);

#endif
