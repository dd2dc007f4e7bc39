/* options.c: see options.h. */
#include "src/engine/options.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "src/reference/refcache.h"
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
    if (parse_u32(v, c == O_FROM ? &sc->o.from : &sc->o.to)) {
      errorf("--%s: '%s' is not a 32-bit bit pattern (use 0xHHHHHHHH)", c == O_FROM ? "from" : "to", v);
      return EXIT_USAGE;
    }
    return -1;
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
  case O_CACHE: sc->cache_dir = v; return -1;
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

/* Parse the options shared by run and bench. Returns -1 to continue, or an exit code. */
int parse_scan_options(int argc, char **argv, struct scan_cli *sc, int (*extra)(int, const char *, void *), void *arg,
                       const struct option *more, void (*usage)(FILE *)) {
  struct option opts[40];
  option_table(opts, more);
  scan_default_opts(&sc->o);
  sc->backend = -1;
  sc->json = NULL;
  sc->cache_dir = refcache_default_dir();
  int c;
  optind = 1;
  opterr = 0;
  while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
    int r;
    if (c == 'h') {
      usage(stdout);
      return EXIT_OK;
    }
    if (c == '?') {
      if (optopt) errorf("option '-%c' is unknown or needs a value (see --help)", optopt);
      else errorf("option '%s' is unknown or needs a value (see --help)", argv[optind - 1]);
      return EXIT_USAGE;
    }
    if (c >= O_BACKEND && c <= O_NOFAST) r = scan_option(c, optarg, sc);
    else r = extra ? extra(c, optarg, arg) : EXIT_USAGE; /* the command's own options */
    if (r >= 0) return r;
  }
  if (sc->o.from > sc->o.to) {
    errorf("empty range: --from 0x%08x is above --to 0x%08x", sc->o.from, sc->o.to);
    return EXIT_USAGE;
  }
  sc->o.cache_dir = sc->cache_dir;
  return -1;
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

