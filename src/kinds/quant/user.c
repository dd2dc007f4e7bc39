/* user.c: a user's quantizer from --source FILE, compiled for the host at run time (cc,
 * or $ULPCERT_CC; on the GPU backend: user_gpu.c) and loaded: uint32_t quant_element(uint32_t x, uint32_t scale_code) (or
 * the --function NAME), the element's code given the source element's bit pattern and the
 * block scale's code, and, when the file defines it, uint32_t quant_scale(uint32_t amax),
 * the scale's code of a block whose largest magnitude has bit pattern amax; or, for the
 * user-block quantizers, uint32_t quant_block(uint32_t x, uint32_t amax) (or --function),
 * the element's code given the element and the block's amax. */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "src/common.h"
#include "src/kinds/quant/quant.h"
#include "src/user/userfn.h"

static void q_show_log(const char *path) {
  FILE *f = fopen(path, "r");
  char line[512];
  for (int n = 0; f && n < 30 && fgets(line, sizeof line, f); n++) fputs(line, stderr);
  if (f) fclose(f);
}

/* the wrapper: the file, and entry points of fixed names for the functions asked for */
static int q_wrap(const char *dir, const char *abs, const char *efn, const char *bfn, float g, char *wrap, size_t n) {
  snprintf(wrap, n, "%s/wrap.c", dir);
  FILE *w = fopen(wrap, "w");
  if (!w) return -1;
  /* the per-tensor scale of --tensor-scale (NVFP4; 1 without), readable by the file */
  /* CUDA's qualifiers as nothing: a .cu quantizer that keeps to C runs here as on the GPU */
  fprintf(w, "#include <stdint.h>\n#define __device__\n#define __host__\n#define __forceinline__ inline\n");
  fprintf(w, "static const float quant_tensor_scale = %a;\n#include \"%s\"\n", (double)g, abs);
  if (efn) fprintf(w, "uint32_t ulpcert_q_element(uint32_t x, uint32_t s) { return %s(x, s); }\n", efn);
  if (bfn) fprintf(w, "uint32_t ulpcert_q_block(uint32_t x, uint32_t a) { return %s(x, a); }\n", bfn);
  fclose(w);
  return 0;
}

int q_user_load(struct kind_result *r, const char *path, const char *fn, int elem, int block) {
  char dir[] = "/tmp/ulpcert-quant-XXXXXX", abs[1024], wrap[256], so[256], lg[256], cmd[4096];
  const char *efn = elem ? (fn ? fn : "quant_element") : NULL, *bfn = block ? (fn ? fn : "quant_block") : NULL;
  if (!realpath(path, abs)) {
    errorf("cannot read %s: %s", path, strerror(errno));
    return EXIT_IO;
  }
  if (!mkdtemp(dir) || q_wrap(dir, abs, efn, bfn, r->g, wrap, sizeof wrap)) {
    errorf("cannot write a temporary folder: %s", strerror(errno));
    return EXIT_IO;
  }
  snprintf(so, sizeof so, "%s/q.so", dir), snprintf(lg, sizeof lg, "%s/log", dir);
  const char *cc = getenv("ULPCERT_CC");
  snprintf(cmd, sizeof cmd,
           "%s -std=gnu11 -O2 -fPIC -shared -ffp-contract=off -Werror=implicit-function-declaration "
           "-Wl,--no-undefined -o '%s' '%s' -lm >'%s' 2>&1",
           cc && *cc ? cc : "cc", so, wrap, lg);
  int st = system(cmd), rc = 0;
  void *h = NULL;
  if (st != 0) {
    errorf("%s: the quantizer does not compile (it must define uint32_t %s(uint32_t, uint32_t)):", path,
           efn && bfn ? "quant_element and quant_block" : efn ? efn : bfn);
    q_show_log(lg);
    if (userfn_is_cuda(path)) errorf(USERFN_CUDA_ON_CPU, path);
    rc = WIFEXITED(st) && WEXITSTATUS(st) == 127 ? EXIT_DEPEND : EXIT_USAGE;
  } else if (!(h = dlopen(so, RTLD_NOW | RTLD_LOCAL))) {
    errorf("%s: cannot load the compiled quantizer: %s", path, dlerror());
    rc = EXIT_USAGE;
  } else {
    if (efn) *(void **)&r->user_elem = dlsym(h, "ulpcert_q_element"), *(void **)&r->user_scale = dlsym(h, "quant_scale");
    if (bfn) *(void **)&r->user_block = dlsym(h, "ulpcert_q_block");
    if ((efn && !r->user_elem) || (bfn && !r->user_block)) errorf("%s: no entry for the quantizer", path), rc = EXIT_USAGE;
  }
  snprintf(r->source, sizeof r->source, "%s", path);
  unlink(wrap), unlink(so), unlink(lg), rmdir(dir);
  return rc;
}
