/* options.c: see options.h. */
#include "src/engine/options.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "src/reference/refcache.h"
#include "src/common.h"
#include "src/engine/gpu.h"

/* Parse the options shared by run and bench. Returns -1 to continue, or an exit code. */
int parse_scan_options(int argc, char **argv, struct scan_cli *sc, int (*extra)(int, const char *, void *), void *arg,
                       const struct option *more, void (*usage)(FILE *)) {
  enum { O_BACKEND = 256, O_FROM, O_TO, O_THREADS, O_CHUNK, O_JSON, O_CACHE, O_NOCACHE, O_QUIET, O_REDUCE, O_DEVICES, O_NOFAST };
  struct option opts[40];
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
  scan_default_opts(&sc->o);
  sc->backend = -1;
  sc->json = NULL;
  sc->cache_dir = refcache_default_dir();
  int c;
  optind = 1;
  opterr = 0;
  while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
    uint64_t k;
    switch (c) {
    case 'h': usage(stdout); return EXIT_OK;
    case O_BACKEND:
      if (!strcmp(optarg, "gpu")) sc->backend = 1;
      else if (!strcmp(optarg, "cpu")) sc->backend = 0;
      else {
        errorf("--backend must be gpu or cpu, not '%s'", optarg);
        return EXIT_USAGE;
      }
      break;
    case O_FROM:
      if (parse_u32(optarg, &sc->o.from)) {
        errorf("--from: '%s' is not a 32-bit bit pattern (use 0xHHHHHHHH)", optarg);
        return EXIT_USAGE;
      }
      break;
    case O_TO:
      if (parse_u32(optarg, &sc->o.to)) {
        errorf("--to: '%s' is not a 32-bit bit pattern (use 0xHHHHHHHH)", optarg);
        return EXIT_USAGE;
      }
      break;
    case O_THREADS:
      if (parse_count(optarg, &k) || k > 4096) {
        errorf("--threads: '%s' is not a thread count between 1 and 4096", optarg);
        return EXIT_USAGE;
      }
      sc->o.threads = (int)k;
      break;
    case O_CHUNK:
      if (parse_count(optarg, &k) || k < (1u << 12) || k > (1u << 30) || (k & (k - 1))) {
        errorf("--chunk: '%s' is not a power of two between 2^12 and 2^30", optarg);
        return EXIT_USAGE;
      }
      sc->o.chunk = (uint32_t)k;
      break;
    case O_JSON: sc->json = optarg; break;
    case O_CACHE: sc->cache_dir = optarg; break;
    case O_NOCACHE: sc->cache_dir = NULL; break;
    case O_NOFAST: sc->o.no_fast = 1; break;
    case O_QUIET: g_quiet = 1; break;
    case O_DEVICES: {
      if (!strcmp(optarg, "all")) {
        sc->o.ndevices = 0;
        break;
      }
      int n = 0;
      const char *p = optarg;
      while (*p) {
        char *end;
        errno = 0;
        long d = strtol(p, &end, 10);
        int dup = 0;
        for (int i = 0; i < n; i++) dup |= sc->o.devices[i] == d;
        if (end == p || errno || d < 0 || d > 255 || dup || n == SCAN_MAXDEV || (*end && *end != ',')) {
          errorf("--devices: '%s' is not 'all' or a list of distinct device numbers like 0,1", optarg);
          return EXIT_USAGE;
        }
        sc->o.devices[n++] = (int)d;
        p = *end ? end + 1 : end;
      }
      if (!n) {
        errorf("--devices: empty list");
        return EXIT_USAGE;
      }
      sc->o.ndevices = n;
      break;
    }
    case O_REDUCE:
      if (!strcmp(optarg, "host")) sc->o.host_reduce = 1;
      else if (!strcmp(optarg, "gpu")) sc->o.host_reduce = 0;
      else {
        errorf("--reduce must be host or gpu, not '%s'", optarg);
        return EXIT_USAGE;
      }
      break;
    case '?':
      if (optopt) errorf("option '-%c' is unknown or needs a value (see --help)", optopt);
      else errorf("option '%s' is unknown or needs a value (see --help)", argv[optind - 1]);
      return EXIT_USAGE;
    default:
      if (extra) {
        int r = extra(c, optarg, arg);
        if (r >= 0) return r;
        break;
      }
      return EXIT_USAGE;
    }
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

