/* user_gpu.c: a user's quantizer from --source on the GPU backend. The file (CUDA C, or C
 * that keeps to what C++ takes: undecorated functions become device functions) is compiled
 * with NVRTC by the machinery of `run --source` (userfn_nvrtc; its kernels loaded and
 * launched under the users' time limit by gpu_dyn_add / gpu_dyn_launch), into a program
 * holding, per quantizer of the run, the same device scan CUDA's quantizers run
 * (qg_kernel.cuh, with check.h and reference/quant/quant.h: their text is built into the
 * binary, build/gen/quant_nvrtc.h), so that a user's quantizer gets the verdicts and class
 * counts of the CPU path and of CUDA's own:
 *   ulpcert_q_F_S(from, n, Ng, Eg, tot)   elements from + [0, n) of family F, source S
 *                                         (quant_element, and quant_scale where the file
 *                                         defines it: found by overload resolution)
 *   ulpcert_qb_F_S(a0, Ng, Eg, tot)       user-block: amax a0 + blockIdx.x (quant_block)
 *   ulpcert_qbfix_F_S(Ng, Eg, tot)        user-block: the first differences' outputs */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/binary32/device/gpu.h"
#include "src/kinds/quant/quant.h"
#include "src/user/userfn.h"
#include "src/user/worker.h"

/* {name, text} of the files of the device scan */
static const char *const q_nvrtc_files[][2] = {
#include "quant_nvrtc.h"
};
#define Q_NFILES (int)(sizeof q_nvrtc_files / sizeof q_nvrtc_files[0])

/* NVRTC has no C library: the three system headers those files include, as much of them as
 * they (and a user's quantizer) use; the math functions are NVRTC's built-ins */
static const char q_stdint_h[] =
    "#ifndef ULPCERT_NVRTC_STDINT\n#define ULPCERT_NVRTC_STDINT\n"
    "typedef signed char int8_t; typedef short int16_t; typedef int int32_t; typedef long long int64_t;\n"
    "typedef unsigned char uint8_t; typedef unsigned short uint16_t; typedef unsigned int uint32_t;\n"
    "typedef unsigned long long uint64_t;\n"
    "#define UINT8_MAX 0xff\n#define UINT16_MAX 0xffff\n#define UINT32_MAX 0xffffffffu\n"
    "#define UINT64_MAX 0xffffffffffffffffull\n#define INT32_MAX 0x7fffffff\n#define INT64_MAX 0x7fffffffffffffffll\n"
    "#endif\n";

/* the program: the scan, the user's file, and the kernels of every user quantizer of r */
static char *q_program(const struct kind_result *r, const char *abs, const char *efn, const char *bfn) {
  size_t cap = 65536, k = 0; /* the head (4 KiB) and Q_MAXVAR quantizers' kernels (under 600 bytes each) */
  char *s = malloc(cap);
  if (!s) return NULL;
  k += (size_t)snprintf(s + k, cap - k,
                        "#include <stdint.h>\n#include \"src/kinds/quant/qg_kernel.cuh\"\n"
                        "[[maybe_unused]] static constexpr float quant_tensor_scale = %a;\n#include \"%s\"\n"
                        "template <class T> struct ulpcert_is_q { static const bool v = false; };\n"
                        "template <> struct ulpcert_is_q<uint32_t (*)(uint32_t, uint32_t)> { static const bool v = true; };\n",
                        (double)r->g, abs);
  if (efn)
    k += (size_t)snprintf(s + k, cap - k,
                          "static_assert(ulpcert_is_q<decltype(&%s)>::v, \"%s must be uint32_t %s(uint32_t x, uint32_t scale_code)\");\n"
                          "template <class T> static __device__ auto ulpcert_qs(T a, int) -> decltype((uint32_t)quant_scale(a)) { return quant_scale(a); }\n"
                          "template <class T> static __device__ uint32_t ulpcert_qs(T, long) { return 0xffffffffu; }\n"
                          "template <class T> struct ulpcert_has_qs {\n"
                          "  template <class U> static auto t(U a, int) -> decltype(quant_scale(a), char()) { return 0; }\n"
                          "  template <class U> static long t(U, long) { return 0; }\n"
                          "  enum { v = sizeof(t<T>(T(), 0)) == 1 };\n};\n"
                          "struct ulpcert_qu {\n  enum { has_scale = ulpcert_has_qs<uint32_t>::v };\n"
                          "  __device__ uint32_t elem(uint32_t x, uint32_t s) const { return %s(x, s); }\n"
                          "  __device__ uint32_t scale(uint32_t a) const { return ulpcert_qs<uint32_t>(a, 0); }\n};\n",
                          efn, efn, efn, efn);
  if (bfn)
    k += (size_t)snprintf(s + k, cap - k,
                          "static_assert(ulpcert_is_q<decltype(&%s)>::v, \"%s must be uint32_t %s(uint32_t x, uint32_t amax)\");\n"
                          "struct ulpcert_qbu {\n"
                          "  __device__ uint32_t block(uint32_t x, uint32_t a) const { return %s(x, a); }\n};\n",
                          bfn, bfn, bfn, bfn);
  for (int i = 0; i < r->nv; i++) {
    const struct q_run *q = &r->run[i];
    int F = q->fam, S = q->src;
    if (q->impl == QI_USER)
      k += (size_t)snprintf(s + k, cap - k,
                            "extern \"C\" __global__ void ulpcert_q_%d_%d(uint64_t from, uint64_t n, uint64_t Ng, int Eg,"
                            " struct q_stats *tot) { qg_elem_body<%d, %d>(from, n, Ng, Eg, tot, ulpcert_qu()); }\n",
                            F, S, F, S);
    else if (q->impl == QI_BLOCK)
      k += (size_t)snprintf(s + k, cap - k,
                            "extern \"C\" __global__ void ulpcert_qb_%d_%d(uint32_t a0, uint64_t Ng, int Eg, struct q_bstats *tot)"
                            " { qg_block_body<%d, %d>(a0, Ng, Eg, tot, ulpcert_qbu()); }\n"
                            "extern \"C\" __global__ void ulpcert_qbfix_%d_%d(uint64_t Ng, int Eg, struct q_bstats *tot)"
                            " { qg_block_fix<%d, %d>(Ng, Eg, tot, ulpcert_qbu()); }\n",
                            F, S, F, S, F, S, F, S);
    if (k >= cap - 1024) { /* cannot happen (above) */
      free(s);
      return NULL;
    }
  }
  return s;
}

int q_user_cubin(const struct kind_result *r, const char *path, const char *efn, const char *bfn, int cc_major,
                 int cc_minor, char **cubin, size_t *size, char *log, size_t loglen) {
  char abs[1024];
  *cubin = NULL, *size = 0;
  if (!realpath(path, abs)) {
    snprintf(log, loglen, "cannot read %s", path);
    return EXIT_IO;
  }
  char *src = q_program(r, abs, efn, bfn);
  if (!src) return EXIT_IO;
  const char *hdr[Q_NFILES + 3], *hname[Q_NFILES + 3];
  for (int i = 0; i < Q_NFILES; i++) hname[i] = q_nvrtc_files[i][0], hdr[i] = q_nvrtc_files[i][1];
  hname[Q_NFILES] = "stdint.h", hdr[Q_NFILES] = q_stdint_h;
  hname[Q_NFILES + 1] = "math.h", hdr[Q_NFILES + 1] = "";
  hname[Q_NFILES + 2] = "string.h", hdr[Q_NFILES + 2] = "";
  int rc = userfn_nvrtc(src, Q_NFILES + 3, hdr, hname, path, cc_major, cc_minor, cubin, size, log, loglen);
  free(src);
  return rc;
}

int q_user_gpu(struct kind_result *r, const char *path, const char *efn, const char *bfn, int cc_major, int cc_minor,
               char *log, size_t loglen) {
  char *cubin;
  size_t size;
  int rc = q_user_cubin(r, path, efn, bfn, cc_major, cc_minor, &cubin, &size, log, loglen);
  for (int i = 0; !rc && i < r->nv; i++) {
    struct q_run *q = &r->run[i];
    char kn[2][64];
    if (q->impl < QI_USER) continue;
    snprintf(kn[0], sizeof kn[0], "ulpcert_q%s_%d_%d", q->impl == QI_USER ? "" : "b", q->fam, q->src);
    snprintf(kn[1], sizeof kn[1], "ulpcert_qbfix_%d_%d", q->fam, q->src);
    for (int j = 0; j < 1 + (q->impl == QI_BLOCK) && !rc; j++)
      if ((q->dyn[j] = gpu_dyn_add(cubin, size, kn[j], q->name, user_timeout())) < 0) {
        snprintf(log, loglen, "%s", gpu_last_error());
        rc = EXIT_NOGPU;
      }
  }
  free(cubin);
  return rc;
}
