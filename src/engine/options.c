/* options.c: see options.h. */
#include "src/engine/options.h"

#include <float.h>
#include <math.h>
#include <errno.h>
#include <mpfr.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "reference/refcache.h"
#include "src/common.h"
#include "src/engine/device.h"

/* The values getopt_long returns for the shared options ('h' for --help); the commands'
 * own options use values from 1001 on. */
enum { O_BACKEND = 256, O_FROM, O_TO, O_THREADS, O_CHUNK, O_JSON, O_CACHE, O_NOCACHE, O_QUIET, O_REDUCE, O_DEVICES,
       O_NOFAST };

/* The option table: the shared options, then the command's own (more), then the zero
 * entry getopt_long stops at. opts holds 40 entries. */
static void option_table(struct option *opts, const struct option *more) {
  static const struct option base[] = {
    {"backend", required_argument, 0, O_BACKEND}, {"from", required_argument, 0, O_FROM},
    {"to", required_argument, 0, O_TO},           {"threads", required_argument, 0, O_THREADS},
    {"chunk", required_argument, 0, O_CHUNK},     {"json", required_argument, 0, O_JSON},
    {"cache", required_argument, 0, O_CACHE},     {"no-cache", no_argument, 0, O_NOCACHE},
    {"quiet", no_argument, 0, O_QUIET},           {"help", no_argument, 0, 'h'},
    {"reduce", required_argument, 0, O_REDUCE},   {"devices", required_argument, 0, O_DEVICES},
    {"no-fast-path", no_argument, 0, O_NOFAST},
  };
  int n = 0;
  for (size_t i = 0; i < sizeof base / sizeof base[0]; i++) opts[n++] = base[i];
  for (int i = 0; more && more[i].name && n < 39; i++) opts[n++] = more[i];
  memset(&opts[n], 0, sizeof opts[n]);
}

/* --devices: 'all' (ndevices 0: every visible one, once the GPU is probed) or a list of
 * distinct device numbers. -1 to go on, or EXIT_USAGE after saying why. */
static int parse_devices(const char *arg, struct scan_opts *o) {
  if (!strcmp(arg, "all")) {
    o->ndevices = 0;
    return -1;
  }
  int n = 0;
  const char *p = arg;
  while (*p) {
    char *end;
    errno = 0;
    long d = strtol(p, &end, 10);
    int dup = 0;
    for (int i = 0; i < n; i++) dup |= o->devices[i] == d;
    if (end == p || errno || d < 0 || d > 255 || dup || n == SCAN_MAXDEV || (*end && *end != ',')) {
      errorf("--devices: '%s' is not 'all' or a list of distinct device numbers like 0,1", arg);
      return EXIT_USAGE;
    }
    o->devices[n++] = (int)d;
    p = *end ? end + 1 : end;
  }
  if (!n) {
    errorf("--devices: empty list");
    return EXIT_USAGE;
  }
  o->ndevices = n;
  return -1;
}

/* A binary32 value as an end of the range: the text v read exactly (decimal or hex
 * floating point, inf, -0) and rounded to binary32 toward the inside of the range (up for
 * --from, down for --to), subnormals included; its bit pattern in *bits. 0, or -1 when v
 * is not a number (or is NaN). */
static int range_end_value(const char *v, int to, uint32_t *bits) {
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_t x;
  mpfr_init2(x, 24);
  char *end;
  const mpfr_rnd_t rnd = to ? MPFR_RNDD : MPFR_RNDU;
  /* binary32's exponent range in MPFR's convention (x = 0.1b... * 2^e): normal numbers
   * down to 2^-126 = 0.1b * 2^-125, subnormals down to 2^-149 = 0.1b * 2^-148, overflow
   * from 2^128 = 0.1b * 2^129 */
  mpfr_set_emin(-148), mpfr_set_emax(128);
  int t = mpfr_strtofr(x, v, &end, 0, rnd);
  int bad = end == v || *end || mpfr_nan_p(x);
  if (!bad) {
    t = mpfr_check_range(x, t, rnd);
    mpfr_subnormalize(x, t, rnd);
    *bits = f2u(mpfr_get_flt(x, rnd));
  }
  mpfr_set_emin(emin), mpfr_set_emax(emax);
  mpfr_clear(x);
  return bad ? -1 : 0;
}

/* --from (to = 0) or --to (to = 1): a bit pattern 0xHHHHHHHH (1 to 8 hex digits), or a
 * binary32 value (range_end_value). A bare decimal integer other than 0 is refused: 12345
 * could mean either. -1 to go on, or EXIT_USAGE after saying why. */
static int parse_end(int to, const char *v, struct scan_cli *sc) {
  const char *opt = to ? "--to" : "--from";
  uint32_t *out = to ? &sc->o.to : &sc->o.from;
  int *is_value = to ? &sc->to_value : &sc->from_value;
  const char *d = v + (*v == '-' || *v == '+');
  if (d[0] == '0' && (d[1] == 'x' || d[1] == 'X') && !strpbrk(d, ".pP")) { /* hex without point or exponent */
    size_t n = strlen(d + 2);
    if (d != v || !n || n > 8 || strspn(d + 2, "0123456789abcdefABCDEF") != n) {
      errorf("%s: '%s' is not a 32-bit bit pattern (0xHHHHHHHH; a value in hex has an exponent: 0x1p-3)", opt, v);
      return EXIT_USAGE;
    }
    *out = (uint32_t)strtoul(v, NULL, 16);
    *is_value = 0;
    return -1;
  }
  if (*d && strspn(d, "0123456789") == strlen(d) && strspn(d, "0") != strlen(d)) {
    char hex[40] = "";
    errno = 0;
    unsigned long long u = *v == '-' ? ~0ull : strtoull(v, NULL, 10);
    if (!errno && u <= 0xffffffffull) snprintf(hex, sizeof hex, "a bit pattern in hex (0x%08llx) or ", u);
    errorf("%s: '%s' is ambiguous: write %sa value with a point (%s.0)", opt, v, hex, v);
    return EXIT_USAGE;
  }
  if (range_end_value(v, to, out)) {
    errorf("%s: '%s' is neither a bit pattern 0xHHHHHHHH nor a binary32 value (1.0, -0x1p-3, 1e-5, inf, -0)", opt, v);
    return EXIT_USAGE;
  }
  *is_value = 1;
  *(to ? &sc->to_text : &sc->from_text) = v;
  return -1;
}

/* One shared option c (O_BACKEND .. O_NOFAST) with its value v. -1 to go on, or
 * EXIT_USAGE after saying what is wrong with the value. */
static int scan_option(int c, const char *v, struct scan_cli *sc) {
  uint64_t k;
  switch (c) {
  case O_BACKEND:
    if (!strcmp(v, "gpu")) sc->backend = 1;
    else if (!strcmp(v, "cpu")) sc->backend = 0;
    else {
      errorf("--backend must be gpu or cpu, not '%s'", v);
      return EXIT_USAGE;
    }
    return -1;
  case O_FROM:
  case O_TO:
    return parse_end(c == O_TO, v, sc);
  case O_THREADS:
    if (parse_count(v, &k) || k > 4096) {
      errorf("--threads: '%s' is not a thread count between 1 and 4096", v);
      return EXIT_USAGE;
    }
    sc->o.threads = (int)k;
    return -1;
  case O_CHUNK:
    if (parse_count(v, &k) || k < (1u << 12) || k > (1u << 30) || (k & (k - 1))) {
      errorf("--chunk: '%s' is not a power of two between 2^12 and 2^30", v);
      return EXIT_USAGE;
    }
    sc->o.chunk = (uint32_t)k;
    return -1;
  case O_JSON: sc->json = v; return -1;
  case O_CACHE: sc->cache_dir = v, sc->cache_explicit = 1; return -1;
  case O_NOCACHE: sc->cache_dir = NULL; return -1;
  case O_NOFAST: sc->o.no_fast = 1; return -1;
  case O_QUIET: g_quiet = 1; return -1;
  case O_DEVICES: return parse_devices(v, &sc->o);
  case O_REDUCE:
    if (!strcmp(v, "host")) sc->o.host_reduce = 1;
    else if (!strcmp(v, "gpu")) sc->o.host_reduce = 0;
    else {
      errorf("--reduce must be host or gpu, not '%s'", v);
      return EXIT_USAGE;
    }
    return -1;
  }
  return EXIT_USAGE; /* not a shared option */
}

void scan_default_opts(struct scan_opts *o) {
  memset(o, 0, sizeof *o);
  o->from = 0;
  o->to = 0xffffffffu;
  o->chunk = 1u << 22;
  o->progress = 1;
}

/* --from and --to both values: the range of the values between them. Negative values'
 * bit patterns grow with their magnitude, so a range of negative values runs from the
 * pattern of the upper end to that of the lower end; a range across zero is two ranges of
 * bit patterns, and is refused with the two commands to run. -1 to go on, or EXIT_USAGE. */
/* Both ends values, --from not above --to as typed, yet no binary32 value between them
 * (--from rounds up, --to down): both beyond the largest finite binary32, where every
 * value rounds to infinity, or both between two neighbouring binary32 values. Said as
 * such: EXIT_USAGE, or -1 when the range holds a value. */
static int empty_gap(const struct scan_cli *sc) {
  const double lo = strtod(sc->from_text, NULL), hi = strtod(sc->to_text, NULL);
  const float up = u2f(sc->o.from), down = u2f(sc->o.to);
  if (!(lo <= hi) || up <= down) return -1;
  if (fabs(lo) > FLT_MAX && fabs(hi) > FLT_MAX && (lo > 0) == (hi > 0))
    errorf("--from %s and --to %s both lie beyond binary32's largest finite value (%s0x1.fffffep+127, about "
           "%s3.4028235e+38): no binary32 input lies between them (--from %sinf --to %sinf checks infinity alone)",
           sc->from_text, sc->to_text, lo < 0 ? "-" : "", lo < 0 ? "-" : "", lo < 0 ? "-" : "", lo < 0 ? "-" : "");
  else
    errorf("no binary32 value lies between --from %s and --to %s: both fall between the neighbours %a and %a",
           sc->from_text, sc->to_text, (double)down, (double)up);
  return EXIT_USAGE;
}

/* One end a value, the other a bit pattern (or the default --to 0xffffffff): the range is
 * of bit patterns, and past +inf it runs through the NaNs into the negative numbers (or,
 * from a negative value, on past -inf into the negative NaNs), which a value typed
 * alone may not mean. Said as a notice, and a value beyond binary32's finite range as the
 * infinity it rounds to; the range is kept as given. */
static void note_mixed_range(const struct scan_cli *sc) {
  for (int to = 0; to < 2; to++) {
    const char *text = to ? sc->to_text : sc->from_text;
    if (!(to ? sc->to_value : sc->from_value)) continue;
    const double v = strtod(text, NULL);
    const uint32_t p = to ? sc->o.to : sc->o.from;
    if (isfinite(v) && fabs(v) > FLT_MAX)
      noticef("%s %s lies beyond binary32's largest finite value: rounded %s it is %s%a (0x%08x)", to ? "--to" : "--from",
              text, to ? "downward" : "upward", isinf(u2f(p)) && !signbit(u2f(p)) ? "+" : "", (double)u2f(p), p);
  }
  if (!sc->from_value || sc->to_value) return;
  const uint32_t a = sc->o.from, b = sc->o.to, inf = a & SIGN32 ? 0xff800000u : 0x7f800000u;
  if (a <= inf && b > inf)
    noticef("--from %s with --to 0x%08x: the range is of bit patterns, 0x%08x..0x%08x: after %sinf come the %sNaNs%s"
            " (to end at %sinf: --to %sinf)", sc->from_text, b, a, b, a & SIGN32 ? "-" : "+",
            a & SIGN32 ? "negative " : "", a & SIGN32 || b < SIGN32 ? "" : " and every negative number",
            a & SIGN32 ? "-" : "+", a & SIGN32 ? "-" : "");
}

static int value_range(struct scan_cli *sc) {
  note_mixed_range(sc);
  if (!sc->from_value || !sc->to_value) return -1;
  if (empty_gap(sc) >= 0) return EXIT_USAGE;
  uint32_t a = sc->o.from, b = sc->o.to;
  if ((a & SIGN32) && (b & SIGN32)) {
    if (a < b) { /* |from| < |to|: from is above to (-1.0 to -2.0) */
      errorf("empty range: --from %a is above --to %a (write the lower value first: --from %a --to %a)",
             (double)u2f(a), (double)u2f(b), (double)u2f(b), (double)u2f(a));
      return EXIT_USAGE;
    }
    sc->o.from = b, sc->o.to = a;
  } else if ((a & SIGN32) && !(b & SIGN32)) {
    errorf("--from %a --to %a crosses zero: a run covers one range of bit patterns, and negative values come "
           "after the positive ones; run the two halves: --from %a --to -0 and --from 0 --to %a",
           (double)u2f(a), (double)u2f(b), (double)u2f(a), (double)u2f(b));
    return EXIT_USAGE;
  } else if (!(a & SIGN32) && (b & SIGN32)) {
    errorf("empty range: --from %a is above --to %a", (double)u2f(a), (double)u2f(b));
    return EXIT_USAGE;
  }
  return -1;
}

/* Parse the options shared by run and bench. Returns -1 to continue, or an exit code. */
int parse_scan_options(int argc, char **argv, struct scan_cli *sc, int (*extra)(int, const char *, void *), void *arg,
                       const struct option *more, void (*usage)(FILE *)) {
  struct option opts[40];
  option_table(opts, more);
  scan_default_opts(&sc->o);
  sc->backend = -1;
  sc->json = NULL;
  sc->from_value = sc->to_value = 0;
  sc->cache_explicit = 0;
  sc->cache_dir = refcache_default_dir();
  int c, r;
  optind = 1;
  opterr = 0;
  while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
    if (c == 'h') {
      usage(stdout);
      return EXIT_OK;
    }
    if (c == '?' || c == ':') return option_error(c, argv);
    if (c >= O_BACKEND && c <= O_NOFAST) r = scan_option(c, optarg, sc);
    else r = extra ? extra(c, optarg, arg) : EXIT_USAGE; /* the command's own options */
    if (r >= 0) return r;
  }
  if ((r = value_range(sc)) >= 0) return r;
  if (sc->o.from > sc->o.to) {
    errorf("empty range: --from 0x%08x is above --to 0x%08x", sc->o.from, sc->o.to);
    return EXIT_USAGE;
  }
  sc->o.cache_dir = sc->cache_dir;
  if (sc->json && output_check(sc->json)) return EXIT_IO;
  /* a folder named by --cache that cannot hold the cache is an error, said now (not a
   * cache silently never written); the default folder's trouble is said when saving */
  char err[4400];
  if (sc->cache_dir && sc->cache_explicit && refcache_dir_usable(sc->cache_dir, err, sizeof err)) {
    errorf("--cache: %s (--no-cache runs without one)", err);
    return EXIT_IO;
  }
  return -1;
}

int option_error(int c, char *const *argv) {
  const char *a = argv[optind - 1];
  char name[80];
  if (a[0] == '-' && a[1] != '-' && optopt > ' ' && optopt < 127) snprintf(name, sizeof name, "-%c", optopt);
  else snprintf(name, sizeof name, "%.*s", (int)strcspn(a, "="), a);
  if (c == ':') errorf("option '%s' needs a value (see --help)", name);
  else errorf("option '%s' is unknown (see --help)", name);
  return EXIT_USAGE;
}

int output_check(const char *path) {
  char dir[4200];
  const char *slash = strrchr(path, '/');
  if (!slash) snprintf(dir, sizeof dir, ".");
  else snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
  struct stat st;
  const char *why = NULL;
  if (!*path || (slash && !slash[1])) why = "no file name";
  else if (stat(dir, &st)) why = strerror(errno);
  else if (!S_ISDIR(st.st_mode)) why = strerror(ENOTDIR);
  else if (access(dir, W_OK | X_OK)) why = strerror(errno);
  else if (!stat(path, &st) && S_ISDIR(st.st_mode)) why = strerror(EISDIR);
  if (!why) return 0;
  errorf("cannot write %s: %s (checked before the run)", path, why);
  return EXIT_IO;
}

int choose_backend(struct scan_cli *sc, struct run_info *ri) {
  char why[512] = "";
  int ok = gpu_probe(&ri->ginfo, why, sizeof why) == 0;
  if (sc->backend == 1 && !ok) {
    errorf("--backend gpu: %s", why);
    return EXIT_NOGPU;
  }
  if (sc->backend == -1) {
    sc->backend = ok;
    if (!ok) noticef("no usable GPU (%s): using the CPU backend", why);
  }
  ri->gpu = sc->backend;
  sc->o.gpu = sc->backend;
  if (sc->o.gpu && sc->o.ndevices == 0) { /* default: every visible device */
    int n = ri->ginfo.device_count > 0 ? ri->ginfo.device_count : 1;
    if (n > SCAN_MAXDEV) n = SCAN_MAXDEV;
    for (int i = 0; i < n; i++) sc->o.devices[i] = i;
    sc->o.ndevices = n;
  }
  for (int i = 0; sc->o.gpu && i < sc->o.ndevices; i++)
    if (sc->o.devices[i] >= (ri->ginfo.device_count > 0 ? ri->ginfo.device_count : 1)) {
      errorf("--devices: there is no device %d (%d visible)", sc->o.devices[i], ri->ginfo.device_count);
      return EXIT_USAGE;
    }
  ri->ndevices = sc->o.gpu ? sc->o.ndevices : 0;
  return -1;
}

void run_info_cpu(const struct scan_cli *sc, struct run_info *ri) {
  run_info_init(ri, 0, NULL);
  snprintf(ri->command, sizeof ri->command, "%s", g_command_line);
  ri->from = sc->o.from, ri->to = sc->o.to;
  ri->threads = sc->o.threads > 0 ? sc->o.threads : omp_get_max_threads();
}

int run_info_for(struct scan_cli *sc, struct run_info *ri) {
  run_info_cpu(sc, ri); /* choose_backend leaves the range and the threads as they are */
  int rc = choose_backend(sc, ri);
  return rc > 0 ? rc : 0;
}

int run_info_gpu(struct run_info *ri, const char *what) {
  run_info_init(ri, 0, NULL);
  snprintf(ri->command, sizeof ri->command, "%s", g_command_line);
  char why[512];
  if (gpu_probe(&ri->ginfo, why, sizeof why)) {
    errorf("%s need a GPU: %s", what, why);
    return EXIT_NOGPU;
  }
  ri->gpu = 1;
  return 0;
}

int gpu_only_backend(const struct scan_cli *sc, const char *runs_on) {
  if (sc->backend != 0) return 0;
  errorf("%s: there is no CPU backend for them", runs_on);
  return EXIT_USAGE;
}

int first_device(const struct scan_cli *sc) { return sc->o.ndevices > 0 ? sc->o.devices[0] : 0; }
