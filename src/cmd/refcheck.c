/* refcheck.c: `ulpcert refcheck REFERENCE`: a reference's proved shortcut, or its whole
 * fast path (shortcut, then table; on the host or the device), against MPFR on every
 * input of a range. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference/interval/ib_prog.h"
#include "reference/expr/expr.h"
#include "src/catalogue/registry.h"
#include "src/cmd/cmd.h"
#include "src/cmd/refcheck_llvm.h"
#include "src/common.h"
#include "src/kinds/binary32/device/gpu.h"
#include "src/engine/options.h"
#include "src/libm/libm.h"
#include "reference/fast/fastref.h"

static void usage_refcheck(FILE *f) {
  fprintf(f,
          "usage: ulpcert refcheck REFERENCE [--from 0xHHHHHHHH] [--to 0xHHHHHHHH] [--threads N]\n"
          "                        [--fast-path [--backend cpu|gpu]] [--binades [--per N]]\n"
          "\n"
          "Without --fast-path: for every input in the range where the reference's proved\n"
          "shortcut answers, calls MPFR too and compares (binary64 value and ternary).\n"
          "\n"
          "With --fast-path: every input of the range goes through what a run computes before\n"
          "it calls MPFR: the shortcut, then the fast path's table (built from the reference's\n"
          "Taylor series over its FAST_RANGE lines within the range), then for an expression\n"
          "the ball evaluator (balls of 64 to 1280 bits, reference/interval/; on the host even\n"
          "with --backend gpu, where the device runs the same source after the table), on the\n"
          "host or, with --backend gpu, on the device; every input they decide is compared with\n"
          "MPFR. Prints how many each decided (the balls' by precision: 64 to 1280 bits), how\n"
          "many are left to MPFR (and their share of the inputs), and every disagreement.\n"
          "\n"
          "With --binades (the default for an expression given without --from and --to): the\n"
          "fast path as with --fast-path, on --per inputs (default 64: the first and last 16 and\n"
          "two runs of 16 from random places) of every binade of both signs, subnormals, zeros\n"
          "and infinities included, against MPFR; prints the binades where the fast path leaves\n"
          "inputs to MPFR. Inputs the table decides beyond MPFR's reach (the expression engine\n"
          "answers undecidable, e.g. x/(1+exp(-x)) above 1420) are counted apart: the tests\n"
          "check those against naive loops (tests/unit/test_exprtail.c).\n"
          "\n"
          "REFERENCE is a reference name or an expression in x, as run's --ref takes it: an\n"
          "expression's table covers every finite magnitude of both signs, its MPFR the\n"
          "expression engine's (exact MPFR operations, else Arb balls).\n"
          "\n"
          "Exit status 1 if there is a disagreement.\n"
          "References: %s.\n"
          "\n"
          "usage: ulpcert refcheck --against llvm-libc [REFERENCE...] [--from --to --backend --threads\n"
          "                        --json FILE --resume FILE --modes RN,RZ,RU,RD --partners N --seed S]\n"
          "\n"
          "Every reference that LLVM libc rounds correctly (all of them by default: %s)\n"
          "against LLVM libc's function over the range (a two-argument one: every x against\n"
          "its partners, as run sweeps them): the reference value as a run computes it\n"
          "(shortcut, table, MPFR; on the device with --backend gpu; a negative input of an\n"
          "odd or even reference mirrored from its magnitude) rounded in each mode (--modes,\n"
          "default all four, checked in one pass; LLVM libc under fesetround) must equal LLVM\n"
          "libc's result bit for bit. Every mismatch is listed with both values and MPFR's own\n"
          "at 24 bits, which says which one is wrong. --json FILE writes the counts and lists,\n"
          "also while the check goes on (every minute, after each reference, and on SIGINT or\n"
          "SIGTERM, which stop it after the batch under way); --resume FILE (with the same\n"
          "command) goes on from what FILE covers. Exit status 1 if a reference value is wrong\n"
          "(a wrong LLVM libc result is reported only), 130 when interrupted. --plant X (a\n"
          "test hook) makes the reference value at x = X wrong.\n",
          ref_names(), libm_llvm_cr_names());
}

#define BATCH (1u << 24)

struct check {
  const struct reference *r;
  const struct ref_fast *fast;
  int gpu, threads;
  uint64_t by[4], bad, beyond; /* by: undecided, shortcut, table, balls; beyond: MPFR undecidable */
  double *y;
  int8_t *t;
  uint8_t *how;
  uint64_t words[IB_LEVELS]; /* the balls' decisions by precision: 1, 2, 4, 8, 16, 20 words (zero-initialized) */
};

/* The share of the inputs left to MPFR, in percent (by: as struct check's). */
static double share_pct(const uint64_t *by) {
  const uint64_t n = by[0] + by[1] + by[2] + by[3];
  return n ? 100.0 * (double)by[0] / (double)n : 0;
}

/* the level (0 for 1 word ... IB_LEVELS - 1 for the last) of a precision of words words */
static int words_level(int words) {
  int l = 0;
  while (ib_level_words(l) < words && l < IB_LEVELS - 1) l++;
  return l;
}

/* The answers of [first, first + n) on the host (same order as scan.c: shortcut, table, the
 * ball evaluator of an expression). */
static void host_batch(struct check *k, uint32_t first, uint32_t n) {
  uint64_t w[IB_LEVELS] = {0};
#pragma omp parallel for num_threads(k->threads) schedule(dynamic, 4096) reduction(+ : w[:IB_LEVELS])
  for (uint32_t i = 0; i < n; i++) {
    double y = 0;
    int t = 0, how = 0;
    uint32_t x = first + i;
    int words;
    if (k->r->shortcut(x, &y, &t)) how = 1;
    else if (k->fast->ok && fast_eval(&k->fast->view, x, &y, &t)) how = 2;
    else if (k->r->ctx_ib && (x & 0x7fffffffu) <= 0x7f800000u && ib_decide(k->r->ctx_ib, x, &y, &t, &words)) {
      how = 3;
      w[words_level(words)]++;
    }
    k->y[i] = y, k->t[i] = (int8_t)t, k->how[i] = (uint8_t)how;
  }
  for (int l = 0; l < IB_LEVELS; l++) k->words[l] += w[l];
}

/* the balls' decisions by precision, one line (nothing when they decided none) */
static void print_words(const struct check *k) {
  if (!k->by[3]) return;
  printf("the balls by precision:");
  for (int l = 0; l < IB_LEVELS; l++) printf(" %d bits %llu%s", 64 * ib_level_words(l), (unsigned long long)k->words[l], l + 1 < IB_LEVELS ? "," : "\n");
}

/* Every decided answer of the batch against MPFR. */
static void compare_batch(struct check *k, uint32_t first, uint32_t n) {
  uint64_t by0 = 0, by1 = 0, by2 = 0, by3 = 0, bad = 0, w[IB_LEVELS] = {0};
#pragma omp parallel for num_threads(k->threads) schedule(dynamic, 4096) reduction(+ : by0, by1, by2, by3, bad, w[:IB_LEVELS])
  for (uint32_t i = 0; i < n; i++) {
    uint32_t x = first + i;
    if ((x & 0x7fffffffu) > 0x7f800000u) continue; /* NaN: the engine's own case */
    if (k->gpu && k->how[i] == 0 && k->r->ctx_ib && (x & 0x7fffffffu) < 0x7f800000u) { /* the balls, here */
      double y;
      int t, words;
      if (ib_decide(k->r->ctx_ib, x, &y, &t, &words)) k->y[i] = y, k->t[i] = (int8_t)t, k->how[i] = 3, w[words_level(words)]++;
    }
    by0 += k->how[i] == 0, by1 += k->how[i] == 1, by2 += k->how[i] == 2, by3 += k->how[i] == 3;
    if (k->how[i] == 0) continue;
    double ym;
    int tm;
    ref_mpfr(k->r, x, &ym, &tm);
    if (tm == REF_T_UNDECIDABLE) { /* the table decides beyond MPFR's reach: not comparable */
#pragma omp atomic
      k->beyond++;
      continue;
    }
    if (d2u(k->y[i]) != d2u(ym) || k->t[i] != tm) {
      bad++;
#pragma omp critical
      printf("MISMATCH x=0x%08x (%a): %s %a t=%d, MPFR %a t=%d\n", x, (double)u2f(x),
             k->how[i] == 1 ? "shortcut" : k->how[i] == 2 ? "table" : "balls", k->y[i], k->t[i], ym, tm);
    }
  }
  k->by[0] += by0, k->by[1] += by1, k->by[2] += by2, k->by[3] += by3, k->bad += bad;
  for (int l = 0; l < IB_LEVELS; l++) k->words[l] += w[l];
}

/* The batches of [from, to]: their answers on the host, or on the device (the next batch
 * computed there while this one is compared here), each compared with MPFR. */
static int check_batches(struct check *k, const struct scan_cli *sc, uint32_t from, uint32_t to, double *hy, int8_t *ht,
                         uint8_t *hh) {
  struct gpu_refs *g = NULL;
  if (k->gpu && !(g = gpu_refs_open(sc->o.ndevices ? sc->o.devices[0] : 0, ref_device_shortcut(k->r),
                                    k->fast->ok ? &k->fast->view : NULL, BATCH))) {
    errorf("%s", gpu_last_error());
    return EXIT_NOGPU;
  }
#define BATCH_N(a) ((uint32_t)((uint64_t)to - (a) + 1 < BATCH ? (uint64_t)to - (a) + 1 : BATCH))
  int rc = g && gpu_refs_submit(g, 0, from, BATCH_N(from)) ? EXIT_NOGPU : EXIT_OK;
  for (uint64_t a = from, slot = 0; a <= to && !rc; a += BATCH, slot ^= 1) {
    const uint32_t n = BATCH_N(a);
    k->y = hy, k->t = ht, k->how = hh;
    if (!g) host_batch(k, (uint32_t)a, n);
    else if ((a + n <= to && gpu_refs_submit(g, (int)(slot ^ 1), (uint32_t)(a + n), BATCH_N(a + n))) ||
             gpu_refs_wait(g, (int)slot, &k->y, &k->t, &k->how))
      rc = EXIT_NOGPU;
    if (!rc) compare_batch(k, (uint32_t)a, n);
  }
#undef BATCH_N
  if (rc == EXIT_NOGPU) errorf("%s", gpu_last_error());
  gpu_refs_close(g);
  return rc;
}

static int check_fast_path(const struct reference *r, struct scan_cli *sc, int threads) {
  struct run_info ri;
  memset(&ri, 0, sizeof ri);
  int rc = choose_backend(sc, &ri);
  if (rc >= 0) return rc;
  const uint32_t from = sc->o.from, to = sc->o.to, H = 0x80000000u;
  int64_t plo = from, phi = to < H ? to : H - 1, nlo = (from > H ? from : H) - (int64_t)H, nhi = (int64_t)to - H;
  if (from >= H) plo = 1, phi = 0;
  if (to < H) nlo = 1, nhi = 0;
  struct ref_fast fast;
  struct fast_range decl[MAX_FAST_RANGES];
  int nd = ref_fast_ranges(r, decl, MAX_FAST_RANGES);
  if (ref_fast_prepare(&fast, r, decl, nd, plo, phi, nlo, nhi, threads, NULL, 0)) {
    errorf("out of memory building the table of %s", r->name);
    return EXIT_IO;
  }
  struct check k = {r, &fast, sc->o.gpu, threads, {0, 0, 0, 0}, 0, 0, NULL, NULL, NULL, {0}};
  double *hy = malloc((size_t)BATCH * 8);
  int8_t *ht = malloc(BATCH);
  uint8_t *hh = malloc(BATCH);
  const double t0 = now_s();
  rc = hy && ht && hh ? EXIT_OK : EXIT_IO;
  if (rc) errorf("out of host memory");
  rc = rc ? rc : check_batches(&k, sc, (uint32_t)from, (uint32_t)to, hy, ht, hh);
#pragma omp parallel num_threads(threads)
  ref_thread_cleanup();
  printf("refcheck %s --fast-path (%s%s) 0x%08x..0x%08x: %llu inputs: %llu by the shortcut, %llu by the table, "
         "%llu by the balls, %llu left to MPFR (%.3f%%); %llu mismatches (%.1f s)\n",
         r->name, k.gpu ? "device" : "host", k.gpu && ref_device_shortcut(r) < 0 ? ", no device shortcut" : "", from,
         to, (unsigned long long)(k.by[0] + k.by[1] + k.by[2] + k.by[3]), (unsigned long long)k.by[1],
         (unsigned long long)k.by[2], (unsigned long long)k.by[3], (unsigned long long)k.by[0],
         share_pct(k.by), (unsigned long long)k.bad, now_s() - t0);
  print_words(&k);
  if (fast.ok)
    printf("table: %u blocks, %.1f KiB, built in %.2f s over %llu patterns (%llu undecided by construction)\n",
           fast.tab.hdr.nblk, fast_table_bytes(&fast.tab) / 1024.0, fast.build_s, (unsigned long long)fast.patterns,
           (unsigned long long)fast.patterns_undec);
  else
    printf("table: none (%s)\n", !ref_has_series(r) ? "the reference has no series" : "no FAST_RANGE here");
  free(hy), free(ht), free(hh);
  ref_fast_free(&fast);
  if (!rc && k.bad) rc = EXIT_FAIL;
  return rc;
}

/* n consecutive inputs from first through the fast path (host or device), then against
 * MPFR. 0 or an exit code. */
static int check_run(struct check *k, struct gpu_refs *g, uint32_t first, uint32_t n) {
  double *y = k->y;
  int8_t *t = k->t;
  uint8_t *how = k->how;
  if (!g) host_batch(k, first, n);
  else if (gpu_refs_submit(g, 0, first, n) || gpu_refs_wait(g, 0, &k->y, &k->t, &k->how)) {
    errorf("%s", gpu_last_error());
    return EXIT_NOGPU;
  }
  compare_batch(k, first, n);
  k->y = y, k->t = t, k->how = how; /* the device's buffers are its own */
  return 0;
}

/* The runs of one binade (g: sign and biased exponent): the first and last per/4 inputs
 * and two runs of per/4 from random places (a fixed sequence); the infinity alone for
 * exponent 255. 0 or an exit code. */
static int check_binade(struct check *k, struct gpu_refs *gr, uint32_t g, uint32_t per, uint64_t *rng) {
  const uint32_t base = g << 23, run = per / 4 ? per / 4 : 1, span = 1u << 23;
  if ((g & 255u) == 255u) return check_run(k, gr, base, 1);
  uint32_t at[4] = {0, span - run, 0, 0};
  for (int j = 2; j < 4; j++) {
    *rng = *rng * 6364136223846793005ull + 1442695040888963407ull;
    at[j] = (uint32_t)(*rng >> 33) % (span - run);
  }
  for (int j = 0; j < 4; j++) {
    int rc = check_run(k, gr, base + at[j], run);
    if (rc) return rc;
  }
  return 0;
}

/* --binades: per inputs of every binade of both signs, the table over every magnitude. */
static int check_binades(const struct reference *r, struct scan_cli *sc, int threads, uint32_t per) {
  struct run_info ri;
  memset(&ri, 0, sizeof ri);
  int rc = choose_backend(sc, &ri);
  if (rc >= 0) return rc;
  struct ref_fast fast;
  struct fast_range decl[MAX_FAST_RANGES];
  const int nd = ref_fast_ranges(r, decl, MAX_FAST_RANGES);
  if (ref_fast_prepare(&fast, r, decl, nd, 0, 0x7fffffff, 0, 0x7fffffff, threads, NULL, 0)) {
    errorf("out of memory building the table of %s", r->name);
    return EXIT_IO;
  }
  struct check k = {r, &fast, sc->o.gpu, threads, {0, 0, 0, 0}, 0, 0, malloc((size_t)per * 8), malloc(per), malloc(per), {0}};
  struct gpu_refs *gr = NULL;
  double t0 = now_s();
  uint64_t rng = 0x2545f4914f6cdd1dull;
  rc = !k.y || !k.t || !k.how ? (errorf("out of host memory"), EXIT_IO) : EXIT_OK;
  if (!rc && k.gpu && !(gr = gpu_refs_open(sc->o.ndevices ? sc->o.devices[0] : 0, ref_device_shortcut(r),
                                           fast.ok ? &fast.view : NULL, per)))
    rc = (errorf("%s", gpu_last_error()), EXIT_NOGPU);
  for (uint32_t g = 0; g < 512 && !rc; g++) {
    const uint64_t und = k.by[0];
    rc = check_binade(&k, gr, g, per, &rng);
    char where[32];
    if ((g & 255u) == 0) snprintf(where, sizeof where, "%czero and subnormals", g >> 8 ? '-' : '+');
    else if ((g & 255u) == 255u) snprintf(where, sizeof where, "%cinf", g >> 8 ? '-' : '+');
    else snprintf(where, sizeof where, "%c[2^%d, 2^%d)", g >> 8 ? '-' : '+', (int)(g & 255u) - 127, (int)(g & 255u) - 126);
    if (!rc && k.by[0] > und)
      printf("  %s: %llu of the binade's %u inputs left to MPFR\n", where, (unsigned long long)(k.by[0] - und),
             (g & 255u) == 255u ? 1 : per);
  }
#pragma omp parallel num_threads(threads)
  ref_thread_cleanup();
  printf("refcheck %s --binades (%s): %llu inputs of 512 binades: %llu by the shortcut, %llu by the table, %llu by "
         "the balls, %llu left to MPFR (%.3f%%); %llu decided where MPFR cannot (the tests' naive loops check those); "
         "%llu mismatches (%.1f s)\n",
         r->name, k.gpu ? "device" : "host", (unsigned long long)(k.by[0] + k.by[1] + k.by[2] + k.by[3]),
         (unsigned long long)k.by[1], (unsigned long long)k.by[2], (unsigned long long)k.by[3], (unsigned long long)k.by[0],
         share_pct(k.by), (unsigned long long)k.beyond, (unsigned long long)k.bad, now_s() - t0);
  print_words(&k);
  if (fast.ok)
    printf("table: %u blocks, %.1f KiB, built in %.2f s (%llu of its %llu patterns left undecided)\n", fast.tab.hdr.nblk,
           fast_table_bytes(&fast.tab) / 1024.0, fast.build_s, (unsigned long long)fast.patterns_undec,
           (unsigned long long)fast.patterns);
  gpu_refs_close(gr);
  free(k.y), free(k.t), free(k.how);
  ref_fast_free(&fast);
  return !rc && k.bad ? EXIT_FAIL : rc;
}

static int check_shortcut(const struct reference *r, const struct scan_cli *sc, int threads) {
  if (r->shortcut == ref_no_shortcut) {
    printf("%s has no shortcut: nothing to check\n", r->name);
    return EXIT_OK;
  }
  uint64_t checked = 0, bad = 0;
  double t0 = now_s();
#pragma omp parallel for num_threads(threads) schedule(dynamic, 4096) reduction(+ : checked, bad)
  for (uint64_t i = sc->o.from; i <= sc->o.to; i++) {
    uint32_t x = (uint32_t)i;
    double ys, ym;
    int ts, tm;
    if ((x & 0x7fffffffu) > 0x7f800000u) continue;
    if (!r->shortcut(x, &ys, &ts)) continue;
    ref_mpfr(r, x, &ym, &tm);
    checked++;
    if (d2u(ys) != d2u(ym) || ts != tm) {
      bad++;
#pragma omp critical
      printf("MISMATCH x=0x%08x (%a): shortcut %a t=%d, MPFR %a t=%d\n", x, (double)u2f(x), ys, ts, ym, tm);
    }
  }
#pragma omp parallel num_threads(threads)
  ref_thread_cleanup();
  printf("refcheck %s 0x%08x..0x%08x: %llu shortcut answers checked against MPFR, %llu mismatches (%.1f s)\n",
         r->name, sc->o.from, sc->o.to, (unsigned long long)checked, (unsigned long long)bad, now_s() - t0);
  return bad ? EXIT_FAIL : EXIT_OK;
}

struct refcheck_opts {
  int fastpath, binades;
  uint64_t per;
  struct xc_args xc;
};

/* --modes RN,RZ,...: the bits of the modes named; 0 for a bad list */
static unsigned parse_modes(const char *arg) {
  char buf[64];
  unsigned m = 0;
  snprintf(buf, sizeof buf, "%s", arg);
  for (char *s = strtok(buf, ","); s; s = strtok(NULL, ",")) {
    const int r = rounding_parse(s);
    if (r < 0) return 0;
    m |= 1u << r;
  }
  return m;
}

static int refcheck_opt(int c, const char *arg, void *p) {
  struct refcheck_opts *o = p;
  uint64_t v;
  switch (c) {
  case 3001: o->fastpath = 1; return -1;
  case 3002:
    if (strcmp(arg, "llvm-libc")) break;
    o->xc.against = 1;
    return -1;
  case 3003: return (o->xc.modes = parse_modes(arg)) ? -1 : EXIT_USAGE;
  case 3004: o->xc.plant = 1; return parse_u32(arg, &o->xc.plant_x) ? EXIT_USAGE : -1;
  case 3005:
    if (!strcmp(arg, "0")) v = 0;
    else if (parse_count(arg, &v)) break;
    o->xc.partners = (uint32_t)(v > 4000 ? 4000 : v);
    return -1;
  case 3006: return parse_count(arg, &o->xc.seed) ? EXIT_USAGE : -1;
  case 3007: o->xc.resume = arg; return -1;
  case 3009: o->binades = 1; return -1;
  case 3010:
    if (parse_count(arg, &o->per) || o->per < 4 || o->per > (1u << 20)) {
      errorf("--per: '%s' is not a count from 4 to 2^20", arg);
      return EXIT_USAGE;
    }
    return -1;
  }
  errorf("refcheck: bad option value '%s'", arg ? arg : "");
  return EXIT_USAGE;
}

int cmd_refcheck(int argc, char **argv) {
  struct scan_cli sc;
  struct refcheck_opts ro = {0, 0, 64, {.partners = 9, .seed = 1}}; /* run's default partners */
  static const struct option more[] = {{"fast-path", no_argument, 0, 3001}, {"against", required_argument, 0, 3002},
                                       {"modes", required_argument, 0, 3003},    {"plant", required_argument, 0, 3004},
                                       {"partners", required_argument, 0, 3005}, {"seed", required_argument, 0, 3006},
                                       {"resume", required_argument, 0, 3007},   {"binades", no_argument, 0, 3009},
                                       {"per", required_argument, 0, 3010},      {0, 0, 0, 0}};
  int ranged = 0;
  for (int i = 1; i < argc; i++) ranged |= !strncmp(argv[i], "--from", 6) || !strncmp(argv[i], "--to", 4);
  int rc = parse_scan_options(argc, argv, &sc, refcheck_opt, &ro, more, usage_refcheck);
  if (rc >= 0) return rc;
  const int fastpath = ro.fastpath, threads = sc.o.threads > 0 ? sc.o.threads : omp_get_num_procs();
  if (ro.xc.against) return refcheck_llvm(&sc, &ro.xc, argc - optind, argv + optind, threads);
  if (optind != argc - 1) {
    errorf("refcheck takes one reference name");
    return EXIT_USAGE;
  }
  char err[512];
  const struct reference *r = ref_resolve(argv[optind], 0, 0, "refcheck", err, sizeof err);
  if (!r) {
    errorf("%s", err);
    return EXIT_USAGE;
  }
  if (ro.binades || (r->ctx_series && !ranged && !fastpath)) {
    if (ranged) {
      errorf("--binades samples every binade: it takes no --from or --to");
      return EXIT_USAGE;
    }
    return check_binades(r, &sc, threads, (uint32_t)ro.per);
  }
  if (!fastpath) {
    if (sc.backend == 1) {
      errorf("--backend gpu needs --fast-path (the shortcut alone is checked on the host)");
      return EXIT_USAGE;
    }
    return check_shortcut(r, &sc, threads);
  }
  return check_fast_path(r, &sc, threads);
}
