/* userfn.c: users' own functions, compiled at run time.
 *
 * CPU backend: the file is included into a small wrapper that exports one entry
 * point per function, compiled by the host compiler ($ULPCERT_CC, default cc) with
 * -O2 -ffp-contract=off into a shared object, which a separate process loads and runs
 * (worker.h): the user's code never runs in ulpcert's process. The compiler checks each
 * function's type: the wrapper assigns its address to a float (*)(float), an error
 * (-Werror=incompatible-pointer-types) for any other type, whatever typedefs spell it.
 * GPU backend: the file is included into a wrapper with one kernel per function,
 * ulpcert_eval_K(first, count, out), compiled by NVRTC (opened with dlopen, so that
 * the binary needs it only for this) to a CUBIN for the device, and handed to the GPU
 * backend (gpu_dyn_add) with the time limit of one launch ($ULPCERT_USER_TIMEOUT: past it the
 * process ends, src/kinds/binary32/device/watch.cuh). Undecorated functions become device functions
 * (-default-device); NVRTC's defaults otherwise (as nvcc would compile them). */
#include "src/user/userfn.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "src/catalogue/registry.h"
#include "src/common.h"
#include "src/kinds/binary32/device/gpu.h"
#include "src/user/claims.h"
#include "src/user/sha256.h"
#include "src/user/worker.h"

#include <jansson.h>

static int abs_path(const char *path, char *out, size_t n) {
  char *r = realpath(path, NULL);
  if (!r) return -1;
  snprintf(out, n, "%s", r);
  free(r);
  return 0;
}

static void read_log(const char *path, char *log, size_t loglen) {
  FILE *f = fopen(path, "r");
  size_t k = 0;
  if (f) {
    k = fread(log, 1, loglen - 1, f);
    fclose(f);
  }
  log[k] = 0;
}

/* The log with the temporary folder's files named as what they are: the wrapper that
 * calls the user's functions, the library built from it. */
static void hide_dir(char *log, const char *dir) {
  static const struct {
    const char *file, *as;
  } names[] = {{"/wrap.c", "ulpcert's wrapper"}, {"/user.so", "the compiled functions"}, {"", "(a temporary folder)"}};
  size_t dl = strlen(dir);
  for (char *p = strstr(log, dir); p; p = strstr(p, dir)) {
    size_t k = 0;
    while (strncmp(p + dl, names[k].file, strlen(names[k].file))) k++; /* the last one, "", always matches */
    size_t old = dl + strlen(names[k].file), neu = strlen(names[k].as), tail = strlen(p + old);
    if (neu > old) break; /* (every replacement is shorter) */
    memcpy(p, names[k].as, neu);
    memmove(p + neu, p + old, tail + 1);
    p += neu;
  }
}

#define HOST_FLAGS                                                                                               \
  "-std=gnu11 -O2 -fPIC -shared -ffp-contract=off -Werror=implicit-function-declaration"                          \
  " -Werror=incompatible-pointer-types -Wl,--no-undefined"
#define NVRTC_FLAGS "-default-device -std=c++17"

static const char *host_cc(void) {
  const char *cc = getenv("ULPCERT_CC");
  return cc && *cc ? cc : "cc";
}

int userfn_host(const char *path, int n, const char *const *fns, struct user_worker **out, char *log, size_t loglen) {
  char ap[4096], dir[] = "/tmp/ulpcert-user-XXXXXX";
  log[0] = 0;
  if (abs_path(path, ap, sizeof ap)) {
    snprintf(log, loglen, "cannot read %s: %s", path, strerror(errno));
    return EXIT_IO;
  }
  if (!mkdtemp(dir)) {
    snprintf(log, loglen, "cannot create a temporary folder: %s", strerror(errno));
    return EXIT_IO;
  }
  char wrap[4200], so[4200], lg[4200], cmd[16384];
  snprintf(wrap, sizeof wrap, "%s/wrap.c", dir);
  snprintf(so, sizeof so, "%s/user.so", dir);
  snprintf(lg, sizeof lg, "%s/log", dir);
  FILE *w = fopen(wrap, "w");
  if (!w) {
    snprintf(log, loglen, "cannot write %s", wrap);
    return EXIT_IO;
  }
  fprintf(w, "#include \"%s\"\n", ap);
  for (int i = 0; i < n; i++)
    fprintf(w,
            "float (*const ulpcert_type_%d)(float) = &%s; /* %s must be float %s(float) */\n"
            "float ulpcert_entry_%d(float x) { return ulpcert_type_%d(x); }\n",
            i, fns[i], fns[i], fns[i], i, i);
  fclose(w);
  const char *cc = host_cc();
  /* a call of an undeclared function is an error here (C99 removed implicit declarations),
   * not a symbol missing when the library is loaded */
  snprintf(cmd, sizeof cmd, "%s " HOST_FLAGS " -o '%s' '%s' -lm >'%s' 2>&1", cc, so, wrap, lg);
  int st = system(cmd);
  int rc = 0;
  if (st != 0) {
    read_log(lg, log, loglen);
    hide_dir(log, dir);
    if (WIFEXITED(st) && WEXITSTATUS(st) == 127) {
      snprintf(log, loglen, "the host compiler '%s' was not found (set ULPCERT_CC)", cc);
      rc = EXIT_DEPEND;
    } else {
      rc = EXIT_USAGE;
    }
  } else {
    *out = user_worker_start(so, n, fns, &rc, log, loglen);
    if (*out) rc = 0;
    else hide_dir(log, dir);
  }
  unlink(wrap), unlink(so), unlink(lg), rmdir(dir);
  return rc;
}

/* NVRTC, opened at run time */
typedef int nvrtcResult_t;
typedef struct _nvrtcProgram *nvrtcProgram_t;
static struct {
  nvrtcResult_t (*create)(nvrtcProgram_t *, const char *, const char *, int, const char *const *, const char *const *);
  nvrtcResult_t (*compile)(nvrtcProgram_t, int, const char *const *);
  nvrtcResult_t (*log_size)(nvrtcProgram_t, size_t *);
  nvrtcResult_t (*log)(nvrtcProgram_t, char *);
  nvrtcResult_t (*cubin_size)(nvrtcProgram_t, size_t *);
  nvrtcResult_t (*cubin)(nvrtcProgram_t, char *);
  nvrtcResult_t (*destroy)(nvrtcProgram_t *);
} nv;

static int open_nvrtc(char *log, size_t loglen) {
  if (nv.create) return 0;
  const char *names[] = {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so", "/usr/local/cuda/lib64/libnvrtc.so",
                         "/usr/local/cuda/lib64/libnvrtc.so.13"};
  void *h = NULL;
  for (size_t i = 0; !h && i < sizeof names / sizeof names[0]; i++) h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    snprintf(log, loglen, "NVRTC (libnvrtc.so, part of the CUDA toolkit) was not found: install the toolkit or add "
                          "its lib64 folder to LD_LIBRARY_PATH");
    return -1;
  }
  *(void **)&nv.create = dlsym(h, "nvrtcCreateProgram");
  *(void **)&nv.compile = dlsym(h, "nvrtcCompileProgram");
  *(void **)&nv.log_size = dlsym(h, "nvrtcGetProgramLogSize");
  *(void **)&nv.log = dlsym(h, "nvrtcGetProgramLog");
  *(void **)&nv.cubin_size = dlsym(h, "nvrtcGetCUBINSize");
  *(void **)&nv.cubin = dlsym(h, "nvrtcGetCUBIN");
  *(void **)&nv.destroy = dlsym(h, "nvrtcDestroyProgram");
  if (!nv.create || !nv.compile || !nv.log_size || !nv.log || !nv.cubin_size || !nv.cubin || !nv.destroy) {
    nv.create = NULL;
    snprintf(log, loglen, "NVRTC lacks the functions ulpcert needs (too old?)");
    return -1;
  }
  return 0;
}

int userfn_nvrtc(const char *src, int nh, const char *const *headers, const char *const *hnames, const char *path,
                 int cc_major, int cc_minor, char **cubin, size_t *size, char *log, size_t loglen) {
  char ap[4096];
  log[0] = 0, *cubin = NULL, *size = 0;
  if (abs_path(path, ap, sizeof ap)) {
    snprintf(log, loglen, "cannot read %s: %s", path, strerror(errno));
    return EXIT_IO;
  }
  if (open_nvrtc(log, loglen)) return EXIT_DEPEND;
  nvrtcProgram_t prog;
  if (nv.create(&prog, src, "ulpcert_user.cu", nh, headers, hnames)) {
    snprintf(log, loglen, "NVRTC could not create the program");
    return EXIT_USAGE;
  }
  char arch[32], inc[4200];
  snprintf(arch, sizeof arch, "--gpu-architecture=sm_%d%d", cc_major, cc_minor);
  snprintf(inc, sizeof inc, "-I%s", ap);
  char *slash = strrchr(inc, '/');
  if (slash) *slash = 0;
  /* the toolkit's headers (cuda_fp16.h, cuda_fp8.h, ...), which NVRTC does not hold, where
   * the toolkit is installed: $CUDA_HOME, else /usr/local/cuda */
  char tk[4200];
  const char *home = getenv("CUDA_HOME"), *root = home && *home ? home : "/usr/local/cuda";
  snprintf(tk, sizeof tk, "%s/include/cuda_fp16.h", root);
  int ntk = access(tk, R_OK) == 0;
  snprintf(tk, sizeof tk, "-I%s/include", root);
  const char *opts[] = {arch, "-default-device", "-std=c++17", inc, tk}; /* NVRTC_FLAGS */
  int crc = nv.compile(prog, 4 + ntk, opts), rc = 0;
  size_t ls = 0;
  nv.log_size(prog, &ls);
  if (ls > 1) {
    char *l = malloc(ls);
    if (l) {
      nv.log(prog, l);
      snprintf(log, loglen, "%s", l);
      free(l);
    }
  }
  if (crc) {
    rc = EXIT_USAGE;
  } else {
    size_t cs = 0;
    nv.cubin_size(prog, &cs);
    *cubin = malloc(cs ? cs : 1);
    if (!*cubin || nv.cubin(prog, *cubin)) {
      snprintf(log, loglen, "NVRTC gave no CUBIN");
      free(*cubin), *cubin = NULL;
      rc = EXIT_USAGE;
    }
    *size = cs;
  }
  nv.destroy(&prog);
  return rc;
}

int userfn_gpu(const char *path, int n, const char *const *fns, int cc_major, int cc_minor, int *ids, char *log,
               size_t loglen) {
  char ap[4096];
  log[0] = 0;
  if (abs_path(path, ap, sizeof ap)) {
    snprintf(log, loglen, "cannot read %s: %s", path, strerror(errno));
    return EXIT_IO;
  }
  size_t cap = 8192 + (size_t)n * 512;
  char *src = malloc(cap);
  if (!src) return EXIT_IO;
  size_t k = (size_t)snprintf(src, cap,
                              "#include \"%s\"\n"
                              "template <class T> struct ulpcert_is_unary { static const bool v = false; };\n"
                              "template <> struct ulpcert_is_unary<float (*)(float)> { static const bool v = true; };\n",
                              ap);
  for (int i = 0; i < n; i++)
    k += (size_t)snprintf(src + k, cap - k,
                          "static_assert(ulpcert_is_unary<decltype(&%s)>::v, \"%s must be float %s(float)\");\n", fns[i],
                          fns[i], fns[i]);
  for (int i = 0; i < n; i++)
    k += (size_t)snprintf(src + k, cap - k,
                          "extern \"C\" __global__ void ulpcert_eval_%d(unsigned first, unsigned count, unsigned *out)"
                          " { for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < count;"
                          " i += gridDim.x * blockDim.x) out[i] = __float_as_uint(%s(__uint_as_float(first + i))); }\n",
                          i, fns[i]);
  char *cubin;
  size_t cs;
  int rc = userfn_nvrtc(src, 0, NULL, NULL, path, cc_major, cc_minor, &cubin, &cs, log, loglen);
  for (int i = 0; !rc && i < n; i++) {
    char kname[64];
    snprintf(kname, sizeof kname, "ulpcert_eval_%d", i);
    ids[i] = gpu_dyn_add(cubin, cs, kname, fns[i], user_timeout());
    if (ids[i] < 0) {
      snprintf(log, loglen, "%s", gpu_last_error());
      rc = EXIT_NOGPU;
    }
  }
  free(cubin);
  free(src);
  return rc;
}

int userfn_check(const char *path, const char *name, char *msg, size_t n) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(msg, n, "cannot read %s: %s", path, strerror(errno));
    return EXIT_IO;
  }
  size_t cap = 1 << 16, len = 0;
  char *text = malloc(cap);
  while (text) {
    len += fread(text + len, 1, cap - len, f);
    if (len < cap || cap >= (64u << 20)) break;
    char *nt = realloc(text, cap *= 2);
    if (!nt) free(text);
    text = nt;
  }
  fclose(f);
  if (!text) {
    snprintf(msg, n, "out of memory reading %s", path);
    return EXIT_IO;
  }
  struct claim_site c;
  int found = claims_function(text, len, name, &c);
  free(text);
  if (!found) {
    snprintf(msg, n, "%s defines no function %s (--function names a definition float %s(float) in the file)", path,
             name, name);
    return EXIT_USAGE;
  }
  if (!c.unary_float && !c.unary_maybe) {
    snprintf(msg, n, "%s:%d: %s is declared '%s', not float %s(float)", path, c.fn_line, name, c.sig, name);
    return EXIT_USAGE;
  }
  return 0;
}

/* A user's host function: its worker and its number there. */
struct user_host {
  struct user_worker *w;
  int fn;
};

static int user_batch(const struct variant *v, int threads, int nr, const uint32_t *first, const uint32_t *count,
                      uint32_t *out, int *threads_used, char *err, size_t errlen) {
  const struct user_host *h = v->host_ctx;
  return user_worker_eval(h->w, h->fn, threads, nr, first, count, out, threads_used, err, errlen);
}

/* What the figures of function fn of the file at path compiled so depend on (registry.h,
 * origin): the file's SHA-256, the compiler and its options, the declarations of the
 * reference. NULL when the file cannot be read. Lives as long as the process. */
static char *origin_of(const char *path, const struct reference *ref, int gpu, const struct gpu_info *gi) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, len = 0;
  char *text = malloc(cap), hex[65];
  while (text && (len += fread(text + len, 1, cap - len, f)) == cap) {
    char *t = realloc(text, cap *= 2);
    if (!t) free(text);
    text = t;
  }
  int bad = ferror(f);
  fclose(f);
  if (!text || bad) return free(text), NULL;
  sha256_hex(text, len, hex);
  free(text);
  char comp[1024];
  if (gpu) snprintf(comp, sizeof comp, "NVRTC --gpu-architecture=sm_%d%d " NVRTC_FLAGS, gi->cc_major, gi->cc_minor);
  else snprintf(comp, sizeof comp, "%s " HOST_FLAGS, host_cc());
  const char *sym = ref->symmetry == REF_SYM_ODD ? "odd" : ref->symmetry == REF_SYM_EVEN ? "even" : "none";
  const char *mono = ref->monotone == REF_MONO_INCREASING ? "increasing" : ref->monotone == REF_MONO_DECREASING ? "decreasing" : "none";
  char decl[64];
  snprintf(decl, sizeof decl, "symmetry %s, monotone %s", sym, mono);
  json_t *o = json_pack("{s:s, s:s, s:s}", "source_sha256", hex, "compiler", comp, "reference_declared", decl);
  char *s = o ? json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
  json_decref(o);
  return s;
}

/* A user function as a variant of the engine (shared with `run --source`). */
int userfn_is_cuda(const char *path) {
  size_t n = strlen(path);
  return n >= 3 && !strcmp(path + n - 3, ".cu");
}

/* What the variants of users' functions point to lives as long as the process (their
 * origins, the host functions' contexts): kept here, so that it stays reachable (a leak
 * checker at exit sees it held, not lost). */
static void *kept[4 * USER_MAXFN];
static int n_kept;
static void keep(void *p) {
  if (p && n_kept < (int)(sizeof kept / sizeof kept[0])) kept[n_kept++] = p;
}

int user_variants(const char *path, int n, const char *const *names, const struct reference *const *refs, int gpu,
                  const struct gpu_info *gi, struct variant *out, char (*vnames)[256], char *log, size_t loglen) {
  struct user_worker *wk = NULL;
  int ids[USER_MAXFN];
  if (n > USER_MAXFN) {
    snprintf(log, loglen, "more than %d functions in one file", USER_MAXFN);
    return EXIT_USAGE;
  }
  char *origin[USER_MAXFN]; /* the text as it is before it is compiled */
  for (int i = 0; i < n; i++)
    if (!(origin[i] = origin_of(path, refs[i], gpu, gi))) {
      snprintf(log, loglen, "cannot read %s: %s", path, strerror(errno));
      return EXIT_IO;
    } else
      keep(origin[i]);
  int rc = gpu ? userfn_gpu(path, n, names, gi->cc_major, gi->cc_minor, ids, log, loglen)
               : userfn_host(path, n, names, &wk, log, loglen);
  if (rc) return rc;
  /* the worker and these lives as long as the process (the variants point to them) */
  struct user_host *hs = gpu ? NULL : calloc((size_t)n, sizeof *hs);
  keep(hs);
  if (!gpu && !hs) {
    user_worker_stop(wk);
    snprintf(log, loglen, "out of memory");
    return EXIT_IO;
  }
  const char *b0 = strrchr(path, '/');
  char base[128];
  /* the file's name in the variant's name, without what would break a table, a CSV field
   * or a plot's string: control characters, quotes, '|', ',' and backslashes become '_' */
  snprintf(base, sizeof base, "%.120s", b0 ? b0 + 1 : path);
  for (char *p = base; *p; p++)
    if ((unsigned char)*p < 0x20 || *p == 0x7f || strchr("'\"|,\\", *p)) *p = '_';
  for (int i = 0; i < n; i++) {
    snprintf(vnames[i], 256, "%.120s:%.120s", base, names[i]);
    if (hs) hs[i] = (struct user_host){wk, i};
    out[i] = (struct variant){.name = vnames[i], .family = "user", .ref_name = refs[i]->name, .ref = refs[i],
                              .kind = VK_F32_UNARY, .gpu_fn = gpu ? ids[i] : GPU_NONE,
                              .host_batch = gpu ? NULL : user_batch, .host_ctx = hs ? &hs[i] : NULL,
                              .claim = {NULL, NULL, CLAIM_NONE, ""}, .doc = {NULL, NULL, CLAIM_NONE, ""},
                              .description = "a user function compiled at run time", .origin = origin[i]};
  }
  return 0;
}
