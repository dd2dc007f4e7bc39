/* refcheck_llvm.c: the references against LLVM libc's correctly rounded functions, a second
 * referee independent of ulpcert's shortcuts, tables and MPFR glue.
 *
 * For every input x of the range (a two-argument reference: every x against its function's
 * partners, partners.h, as `run` sweeps them) the reference value (y, t) is computed as a run
 * computes it: the proved shortcut, the fast path's table (on the device with the GPU
 * backend), MPFR for what they leave (two-argument references: the fast reference, then
 * MPFR); a negative input of an odd or even reference gets its magnitude's value, mirrored,
 * as in a run. LLVM libc's function is evaluated in each rounding mode checked (fesetround
 * on the thread evaluating: the mode is per thread), and the rounding of the reference in
 * that mode (ms_round32 of (y, t), src/measure/measure.h; RN24 for RN) must equal its output
 * bit for bit (any NaN equals any NaN; the zeros differ). Each mismatch gets a third opinion:
 * MPFR's own function (not the catalogue's referee) at 24 bits in binary32's exponent range
 * with mpfr_subnormalize, in that mode. The reference is wrong where MPFR differs from it,
 * LLVM libc where MPFR agrees with the reference; except where an operand is a signaling NaN
 * and LLVM libc returns a NaN: IEEE 754 (9.2.1) has hypot(inf, sNaN) signal and give a quiet
 * NaN where C's Annex F, MPFR and the references (which know no signaling NaN) give +inf, so
 * neither is wrong there (counted apart).
 *
 * The work: batches of XC_BATCH inputs (or pairs), the reference values of the next batch
 * computed on the device while the host checks this one; a batch is checked in blocks of
 * XC_BLOCK inputs handed to the host's threads as they come free, each block's roundings in
 * every mode computed first (under rounding to nearest), then LLVM libc evaluated on the block
 * once per mode under that mode and each output compared at once: one pass over the batch for
 * every mode, the block's values staying in the thread's cache. */
#include <fenv.h>
#include <math.h>
#include <mpfr.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference/expr/expr.h"
#include "src/catalogue/registry.h"
#include "src/cmd/refcheck_llvm.h"
#include "src/cmd/refcheck_llvm_miss.h"
#include "src/common.h"
#include "src/engine/driver.h"
#include "src/kinds/binary32/device/gpu.h"
#include "src/kinds/pair/pair.h"
#include "src/kinds/pair/pair_pipe.h"
#include "src/libm/libm.h"
#include "src/measure/measure.h"
#include "reference/fast/fastref.h"

#define XC_BATCH (1u << 24) /* inputs, or pairs, per batch */
#define XC_BLOCK 4096u      /* inputs of a thread's block: its roundings in four modes take 64 KiB */
#define XC_SAVE_S 60.0      /* with --json, the result is written at least this often (seconds) */
#define H32 0x80000000u     /* the sign bit: the first negative input */

typedef int (*mpfr1_fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
typedef int (*mpfr2_fn)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

/* MPFR's functions of the references LLVM libc rounds correctly: the third opinion */
static const struct {
  const char *ref;
  mpfr1_fn f1;
  mpfr2_fn f2;
} DIRECT[] = {
    {"acos", mpfr_acos, NULL},   {"acosh", mpfr_acosh, NULL}, {"asin", mpfr_asin, NULL},   {"asinh", mpfr_asinh, NULL},
    {"atan", mpfr_atan, NULL},   {"atanh", mpfr_atanh, NULL}, {"cbrt", mpfr_cbrt, NULL},   {"cos", mpfr_cos, NULL},
    {"cosh", mpfr_cosh, NULL},   {"cospi", mpfr_cospi, NULL}, {"erf", mpfr_erf, NULL},     {"exp", mpfr_exp, NULL},
    {"exp10", mpfr_exp10, NULL}, {"exp2", mpfr_exp2, NULL},   {"expm1", mpfr_expm1, NULL}, {"log", mpfr_log, NULL},
    {"log10", mpfr_log10, NULL}, {"log1p", mpfr_log1p, NULL}, {"log2", mpfr_log2, NULL},   {"sin", mpfr_sin, NULL},
    {"sinh", mpfr_sinh, NULL},   {"sinpi", mpfr_sinpi, NULL}, {"tan", mpfr_tan, NULL},     {"tanh", mpfr_tanh, NULL},
    {"sqrt", mpfr_sqrt, NULL},   {"atan2", NULL, mpfr_atan2}, {"hypot", NULL, mpfr_hypot}, {"pow", NULL, mpfr_pow},
};

/* One thread's block: the roundings wanted in each mode, the outputs that differ. */
struct xc_scratch {
  uint32_t want[RND_COUNT][XC_BLOCK];
  struct {
    uint32_t i, out;
    int mode;
  } miss[RND_COUNT * XC_BLOCK];
};

/* A batch: inputs first + i (one argument) or pairs (pa[i], pb[i]), i < n, with their
 * reference values. */
struct xc_batch {
  uint32_t first, n;
  double *y;
  int8_t *t;
  uint8_t *how; /* from the device: how each was decided (gpu.h), 0 for none */
  const uint32_t *pa, *pb;
};

/* The buffers and settings of one command. */
struct xc {
  const struct xc_args *a;
  int gpu, device, threads;
  uint32_t from, to;
  double *y;
  int8_t *t;
  uint32_t *pa, *pb; /* a pair's operands */
  struct xc_scratch **scratch; /* one per thread */
  /* the result file, written as the check goes (--json) */
  const char *json;
  const struct run_info *ri;
  const struct xc_setup *setup;
  struct xc_ref *rs;
  int nrefs;
  double saved;
};


static int fe_of(int mode) {
  static const int fe[RND_COUNT] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
  return fe[mode];
}

/* MPFR's rounding of f(a) or f(a, b) to binary32 in mode: 24 bits, binary32's exponent range
 * and subnormals (the caller's exponent range is restored: the references keep binary64's). */
static uint32_t opinion(const struct xc_ref *r, uint32_t a, uint32_t b, int mode) {
  static const mpfr_rnd_t rnd_of[RND_COUNT] = {MPFR_RNDN, MPFR_RNDZ, MPFR_RNDU, MPFR_RNDD};
  const mpfr_rnd_t rnd = rnd_of[mode];
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(-148), mpfr_set_emax(128);
  mpfr_t x, y, z;
  mpfr_inits2(24, x, y, z, (mpfr_ptr)0);
  mpfr_set_flt(x, u2f(a), MPFR_RNDN), mpfr_set_flt(y, u2f(b), MPFR_RNDN); /* exact */
  int t = r->m2 ? r->m2(z, x, y, rnd) : r->m1(z, x, rnd);
  t = mpfr_check_range(z, t, rnd);
  mpfr_subnormalize(z, t, rnd);
  const float f = mpfr_get_flt(z, rnd); /* exact: 24 bits */
  mpfr_clears(x, y, z, (mpfr_ptr)0);
  mpfr_set_emin(emin), mpfr_set_emax(emax);
  return isnan(f) ? 0x7fc00000u : f2u(f); /* one NaN: its sign and payload say nothing */
}

static int miss_before(const struct xc_miss *p, const struct xc_miss *q) {
  if (p->a != q->a) return p->a < q->a;
  if (p->b != q->b) return p->b < q->b;
  return p->mode < q->mode;
}

/* A mismatch into r's counts, and into its list when among the XC_LIST lowest keys (so the
 * list does not depend on the threads' order). */
static void note_miss(struct xc_ref *r, const struct xc_miss *m) {
  const int who = xc_who_is_wrong(r, m);
#pragma omp critical(xc_note)
  {
    r->miss[m->mode]++;
    if (who == 0) r->ref_wrong++;
    else if (who == 1) r->lib_wrong++;
    else r->snan++;
    int i = r->nlist;
    if (i < XC_LIST || miss_before(m, &r->list[XC_LIST - 1])) {
      if (i == XC_LIST) i--;
      else r->nlist++;
      while (i > 0 && miss_before(m, &r->list[i - 1])) r->list[i] = r->list[i - 1], i--;
      r->list[i] = *m;
    }
  }
}

/* LLVM libc on inputs [i0, i1) of the batch in mode, under that mode; the outputs that differ
 * from want (want[i - i0]) into w's list. The list's new length. */
static int eval_mode(const struct xc_ref *r, const struct xc_batch *b, uint32_t i0, uint32_t i1, int mode,
                     struct xc_scratch *w, int nm) {
  const uint32_t *want = w->want[mode] - i0;
  fesetround(fe_of(mode));
  if (b->pa) {
    for (uint32_t i = i0; i < i1; i++) {
      const uint32_t out = f2u(r->f2(u2f(b->pa[i]), u2f(b->pb[i])));
      if (!xc_same32(want[i], out)) w->miss[nm].i = i, w->miss[nm].out = out, w->miss[nm++].mode = mode;
    }
  } else {
    for (uint32_t i = i0; i < i1; i++) {
      const uint32_t out = f2u(r->f1(u2f(b->first + i)));
      if (!xc_same32(want[i], out)) w->miss[nm].i = i, w->miss[nm].out = out, w->miss[nm++].mode = mode;
    }
  }
  fesetround(FE_TONEAREST);
  return nm;
}

/* Inputs [i0, i1) of the batch in every mode checked: the reference's roundings (under
 * rounding to nearest: ms_round32_all converts), then LLVM libc's outputs mode by mode, then each
 * difference judged (MPFR's opinion, back under rounding to nearest). Inputs whose reference
 * value is undecidable are not checked. */
static void check_block(const struct xc *k, struct xc_ref *r, const struct xc_batch *b, uint32_t i0, uint32_t i1,
                        struct xc_scratch *w) {
  const unsigned modes = k->a->modes;
  for (uint32_t i = i0; i < i1; i++) {
    uint32_t r4[RND_COUNT];
    ms_round32_all(b->y[i], b->t[i], r4);
    for (int m = 0; m < RND_COUNT; m++) w->want[m][i - i0] = r4[m];
  }
  int nm = 0;
  for (int m = 0; m < RND_COUNT; m++)
    if (modes & (1u << m)) nm = eval_mode(r, b, i0, i1, m, w, nm);
  for (int j = 0; j < nm; j++) {
    const uint32_t i = w->miss[j].i;
    const int t = b->t[i];
    if (t == REF_T_UNDECIDABLE || t == -REF_T_UNDECIDABLE) continue;
    const uint32_t a = b->pa ? b->pa[i] : b->first + i, bb = b->pa ? b->pb[i] : 0;
    const int mode = w->miss[j].mode;
    const struct xc_miss m = {a, bb, mode, w->want[mode][i - i0], w->miss[j].out, opinion(r, a, bb, mode)};
    note_miss(r, &m);
  }
}

/* --plant: the reference value of every input whose (swept) x is the planted one moved to the
 * binary32 number above its rounding to nearest (to zero if that is not finite), exact. */
static void plant(const struct xc *k, const struct xc_batch *b) {
  if (!k->a->plant) return;
  for (uint32_t i = 0; i < b->n; i++) {
    if ((b->pa ? b->pa[i] : b->first + i) != k->a->plant_x) continue;
    uint32_t w = ms_rn32(b->y[i], b->t[i]);
    w = (w & 0x7fffffffu) < 0x7f800000u ? ms_succ32(w) : 0;
    b->y[i] = (double)u2f(w), b->t[i] = 0;
  }
}

/* The batch in every mode checked: blocks to the threads as they come free. */
static void check_batch(const struct xc *k, struct xc_ref *r, const struct xc_batch *b) {
  const double t0 = now_s();
  plant(k, b);
  const uint32_t nblk = (b->n + XC_BLOCK - 1) / XC_BLOCK;
#pragma omp parallel for num_threads(k->threads) schedule(dynamic, 1)
  for (uint32_t j = 0; j < nblk; j++) {
    const uint32_t i0 = j * XC_BLOCK, i1 = i0 + XC_BLOCK < b->n ? i0 + XC_BLOCK : b->n;
    check_block(k, r, b, i0, i1, k->scratch[omp_get_thread_num()]);
  }
  r->inputs += b->n;
  r->check_s += now_s() - t0;
}

/* After a batch: the result file when it is due, and whether to stop (SIGINT, SIGTERM). */
static int after_batch(struct xc *k) {
  if (k->json && !g_scan_stop && now_s() - k->saved >= XC_SAVE_S) {
    if (xc_write_json(k->json, k->ri, k->setup, k->rs, k->nrefs)) return EXIT_IO;
    k->saved = now_s();
  }
  return g_scan_stop ? EXIT_INTERRUPT : 0;
}

/* The reference values of batch b, completed here: what the device left (or, on the CPU
 * backend, everything) decided as a run decides it (the shortcut, the table, MPFR); the
 * values are those of inputs src + i, the magnitudes of a negative batch of an odd or even
 * reference (src != first), mirrored. */
static void references_unary(struct xc_ref *r, const struct ref_fast *fast, struct xc_batch *b, uint32_t src,
                             int threads) {
  const int mirror = src != b->first, odd = r->r->symmetry == REF_SYM_ODD;
  uint64_t by1 = 0, by2 = 0, by3 = 0, nan = 0, und = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 4096) reduction(+ : by1, by2, by3, nan, und)
  for (uint32_t i = 0; i < b->n; i++) {
    const uint32_t x = src + i;
    if ((x & 0x7fffffffu) > 0x7f800000u) { /* a NaN input: a NaN result */
      b->y[i] = NAN, b->t[i] = 0, nan++;
      continue;
    }
    int how = b->how ? b->how[i] : 0, t = b->how ? b->t[i] : 0;
    double y = b->how ? b->y[i] : 0;
    if (!how) {
      if (r->r->shortcut(x, &y, &t)) how = 1;
      else if (fast->ok && fast_eval(&fast->view, x, &y, &t)) how = 2;
      else ref_mpfr(r->r, x, &y, &t), how = 3;
    }
    by1 += how == 1, by2 += how == 2, by3 += how == 3;
    und += t == REF_T_UNDECIDABLE || t == -REF_T_UNDECIDABLE;
    if (mirror && odd) y = -y, t = -t; /* f(-x) = -f(x): exact */
    b->y[i] = y, b->t[i] = (int8_t)t;
  }
  r->by[1] += by1, r->by[2] += by2, r->by[3] += by3, r->nan_inputs += nan, r->undecidable += und;
  if (mirror) r->mirrored += b->n - nan;
}

/* The batch from a: at most XC_BATCH inputs up to k->to, never across the sign bit. */
static uint32_t batch_len(const struct xc *k, uint64_t a) {
  uint64_t e = a + XC_BATCH < (uint64_t)k->to + 1 ? a + XC_BATCH : (uint64_t)k->to + 1;
  if (a < H32 && e > H32) e = H32;
  return (uint32_t)(e - a);
}

/* Where a batch's reference values come from: its magnitudes for an odd or even reference. */
static uint32_t batch_src(const struct xc_ref *r, uint64_t a) {
  return r->r->symmetry != REF_SYM_NONE ? (uint32_t)a & 0x7fffffffu : (uint32_t)a;
}

/* The batches of [start, to]: on the GPU backend the device computes the next batch's
 * reference values (slot ^ 1) while this one is completed and checked here. */
static int unary_batches(struct xc *k, struct xc_ref *r, const struct ref_fast *fast, struct gpu_refs *g,
                         uint64_t start) {
  int rc = g && gpu_refs_submit(g, 0, batch_src(r, start), batch_len(k, start)) ? EXIT_NOGPU : 0;
  for (uint64_t a = start, slot = 0; a <= k->to && !rc; slot ^= 1) {
    struct xc_batch b = {(uint32_t)a, batch_len(k, a), k->y, k->t, NULL, NULL, NULL};
    const uint64_t next = a + b.n;
    if (g && ((next <= k->to && gpu_refs_submit(g, (int)(slot ^ 1), batch_src(r, next), batch_len(k, next))) ||
              gpu_refs_wait(g, (int)slot, &b.y, &b.t, &b.how))) {
      rc = EXIT_NOGPU;
      break;
    }
    references_unary(r, fast, &b, batch_src(r, a), k->threads);
    check_batch(k, r, &b);
    r->done = (int64_t)next - 1, a = next;
    rc = after_batch(k);
  }
  if (rc == EXIT_NOGPU) errorf("%s", gpu_last_error());
  return rc;
}

static int check_unary(struct xc *k, struct xc_ref *r) {
  const uint32_t from = k->from, to = k->to;
  int64_t plo = from, phi = to < H32 ? to : H32 - 1, nlo = (from > H32 ? from : H32) - (int64_t)H32,
          nhi = (int64_t)to - H32;
  if (from >= H32) plo = 1, phi = 0;
  if (to < H32) nlo = 1, nhi = 0;
  struct ref_fast fast;
  struct fast_range decl[MAX_FAST_RANGES];
  const int nd = ref_fast_ranges(r->r, decl, MAX_FAST_RANGES);
  if (ref_fast_prepare(&fast, r->r, decl, nd, plo, phi, nlo, nhi, k->threads, &g_scan_stop, 0)) {
    errorf("out of memory building the table of %s", r->name);
    return EXIT_IO;
  }
  struct gpu_refs *g = NULL;
  int rc = 0;
  if (k->gpu && !(g = gpu_refs_open(k->device, ref_device_shortcut(r->r), fast.ok ? &fast.view : NULL, XC_BATCH))) {
    errorf("%s", gpu_last_error());
    rc = EXIT_NOGPU;
  }
  if (!rc) rc = unary_batches(k, r, &fast, g, (uint64_t)(r->done + 1)); /* done: from - 1 when none */
  gpu_refs_close(g);
  ref_fast_free(&fast);
#pragma omp parallel num_threads(k->threads)
  ref_thread_cleanup();
  return rc;
}

/* The pairs the device's fast reference leaves (pair_pipe.h), through MPFR here (ctx: the xc). */
static void mpfr_leftovers(void *ctx, int ref, uint32_t n, const uint32_t (*und)[3], double *y, int8_t *t) {
  const int threads = ((const struct xc *)ctx)->threads;
#pragma omp parallel for schedule(dynamic, 64) num_threads(threads)
  for (int64_t j = 0; j < (int64_t)n; j++) {
    int tj;
    pair_ref_mpfr(&pair_refs[ref], und[j][1], und[j][2], &y[j], &tj);
    t[j] = (int8_t)tj;
  }
#pragma omp parallel num_threads(threads)
  pair_ref_cleanup();
}

/* The pipeline of pairs for references alone: k's partners, blocks of bx x. */
static struct pair_pipe_cfg refs_cfg(const struct xc *k, uint32_t np, uint32_t bx) {
  struct pair_pipe_cfg c;
  memset(&c, 0, sizeof c);
  c.seed = k->a->seed, c.np = np, c.max_x = bx, c.threads = k->threads;
  return c;
}

/* The n = nx np pairs of x0 ... and their references on the host (the host pipeline's). */
static void pairs_host(struct xc *k, struct xc_ref *r, uint64_t x0, uint32_t n, uint32_t np) {
  uint64_t calls = 0;
  const struct pair_pipe_cfg c = refs_cfg(k, np, n / np);
  pair_pipe_host_refs(&c, (int)(r->pr - pair_refs), (uint32_t)x0, n / np, k->pa, k->pb, k->y, k->t, &calls);
  r->by[3] += calls, r->by[2] += n - calls;
}

/* Every x of the range against its partners (the pair kind's sweep: PAIR_ADV adversarial and
 * a->partners random ones of seed a->seed), the pairs and their references on the device
 * (the pair kind's pipeline, MPFR here for what its fast reference leaves) or on the host. */
static int check_pair(struct xc *k, struct xc_ref *r) {
  const uint32_t np = PAIR_ADV + k->a->partners, bx = XC_BATCH / np;
  struct pair_pipe *pp = NULL;
  const struct pair_pipe_cfg cfg = refs_cfg(k, np, bx);
  char err[512];
  if (k->gpu && !(pp = pair_pipe_open(k->device, &cfg, err, sizeof err))) {
    errorf("%s", err);
    return EXIT_NOGPU;
  }
  const struct pair_pipe_io io = {.mpfr = mpfr_leftovers, .ctx = k};
  int rc = 0;
  for (uint64_t x0 = (uint64_t)(r->done + 1); x0 <= k->to && !rc; x0 += bx) {
    const uint32_t nx = (uint32_t)((uint64_t)k->to - x0 + 1 < bx ? (uint64_t)k->to - x0 + 1 : bx), n = nx * np;
    uint64_t calls = 0;
    if (!pp) pairs_host(k, r, x0, n, np);
    else if (pair_pipe_refs(pp, &io, (int)(r->pr - pair_refs), (uint32_t)x0, nx, k->pa, k->pb, k->y, k->t, &calls)) {
      errorf("%s", pair_pipe_error(pp));
      rc = EXIT_NOGPU;
      break;
    } else r->by[3] += calls, r->by[2] += n - calls;
    const struct xc_batch b = {0, n, k->y, k->t, NULL, k->pa, k->pb};
    check_batch(k, r, &b);
    r->done = (int64_t)(x0 + nx - 1);
    rc = after_batch(k);
  }
  pair_pipe_close(pp);
#pragma omp parallel num_threads(k->threads)
  pair_ref_cleanup();
  return rc;
}

const char *xc_mode_names(unsigned modes, char *buf, size_t n) {
  size_t off = 0;
  buf[0] = 0;
  for (int m = 0; m < RND_COUNT; m++)
    if (modes & (1u << m)) off += (size_t)snprintf(buf + off, n - off, "%s%s", off ? " " : "", rounding_name(m));
  return buf;
}

static void print_miss(const struct xc_ref *r, const struct xc_miss *m) {
  printf("MISMATCH %s %s x=0x%08x (%a)", r->name, rounding_name(m->mode), m->a, (double)u2f(m->a));
  if (r->pr) printf(" partner=0x%08x (%a)", m->b, (double)u2f(m->b));
  printf(": reference 0x%08x (%a), LLVM libc 0x%08x (%a), MPFR 0x%08x (%a): %s\n", m->ref, (double)u2f(m->ref), m->lib,
         (double)u2f(m->lib), m->mpfr, (double)u2f(m->mpfr),
         (const char *[]){"the reference is wrong", "LLVM libc is wrong",
                          "a signaling NaN operand (IEEE 754: a quiet NaN; Annex F and MPFR: this value)"}
             [xc_who_is_wrong(r, m)]);
}

static void print_ref(const struct xc *k, const struct xc_ref *r) {
  char mb[32];
  uint64_t miss = 0;
  for (int m = 0; m < RND_COUNT; m++) miss += r->miss[m];
  printf("refcheck %s --against llvm-libc (%s) 0x%08x..0x%08x: %llu %s, modes %s: %llu mismatches (reference wrong "
         "%llu, LLVM libc wrong %llu, signaling NaN operands %llu); references: ",
         r->name, r->cname, k->from, k->to, (unsigned long long)r->inputs, r->pr ? "pairs" : "inputs",
         xc_mode_names(k->a->modes, mb, sizeof mb), (unsigned long long)miss, (unsigned long long)r->ref_wrong,
         (unsigned long long)r->lib_wrong, (unsigned long long)r->snan);
  if (r->pr)
    printf("%llu by the fast reference (%s), %llu by MPFR", (unsigned long long)r->by[2], r->gpu ? "device" : "host",
           (unsigned long long)r->by[3]);
  else
    printf("%llu by the shortcut, %llu by the table, %llu by MPFR (%s), %llu undecidable; %llu mirrored",
           (unsigned long long)r->by[1], (unsigned long long)r->by[2], (unsigned long long)r->by[3],
           r->gpu ? "device" : "host", (unsigned long long)r->undecidable, (unsigned long long)r->mirrored);
  printf(" (%.1f s; the host's checks %.1f s)\n", r->seconds, r->check_s);
  for (int i = 0; i < r->nlist; i++) print_miss(r, &r->list[i]);
  if ((uint64_t)r->nlist < miss) printf("(%llu more mismatches not listed)\n", (unsigned long long)(miss - r->nlist));
  fflush(stdout);
}

/* name's check: LLVM libc's function and MPFR's; -1 (with a message) when LLVM libc does not
 * round name correctly. */
static int ref_setup(struct xc_ref *r, const char *name) {
  memset(r, 0, sizeof *r);
  r->name = name;
  r->cname = libm_llvm_cname(name);
  r->f1 = libm_llvm_cr(name), r->f2 = libm_llvm_cr_pair(name);
  for (size_t i = 0; i < sizeof DIRECT / sizeof DIRECT[0]; i++)
    if (!strcmp(DIRECT[i].ref, name)) r->m1 = DIRECT[i].f1, r->m2 = DIRECT[i].f2;
  for (int i = 0; r->f2 && i < n_pair_refs; i++)
    if (!strcmp(pair_refs[i].name, name)) r->pr = &pair_refs[i];
  if (r->f1) r->r = ref_find(name);
  if ((!r->f1 && !r->f2) || (r->f1 && (!r->r || !r->m1)) || (r->f2 && (!r->pr || !r->m2))) {
    errorf("'%s' is not a reference that LLVM libc rounds correctly (those are: %s)", name, libm_llvm_cr_names());
    return -1;
  }
  return (r->list = malloc(sizeof *r->list * XC_LIST)) ? 0 : -1;
}

/* The references named, or every CR one: into *out (n of them). */
static int refs_setup(int nref, char **refs, struct xc_ref **out, int *n) {
  static char names[1024];
  char *all[64];
  if (!nref) { /* every reference of a CR line */
    snprintf(names, sizeof names, "%s", libm_llvm_cr_names());
    for (char *s = strtok(names, ", "); s && nref < 64; s = strtok(NULL, ", ")) all[nref++] = s;
    refs = all;
  }
  struct xc_ref *rs = calloc((size_t)nref, sizeof *rs);
  if (!rs) return EXIT_IO;
  for (int i = 0; i < nref; i++)
    if (ref_setup(&rs[i], refs[i])) {
      for (int j = 0; j <= i; j++) free(rs[j].list);
      free(rs);
      return EXIT_USAGE;
    }
  *out = rs, *n = nref;
  return 0;
}

static int xc_alloc(struct xc *k) {
  k->y = malloc(8ull * XC_BATCH), k->t = malloc(XC_BATCH);
  k->pa = malloc(4ull * XC_BATCH), k->pb = malloc(4ull * XC_BATCH);
  k->scratch = calloc((size_t)k->threads, sizeof *k->scratch);
  int ok = k->y && k->t && k->pa && k->pb && k->scratch;
  for (int i = 0; ok && i < k->threads; i++) ok = (k->scratch[i] = malloc(sizeof *k->scratch[i])) != NULL;
  if (ok) return 0;
  errorf("out of host memory");
  return EXIT_IO;
}

static void xc_free(struct xc *k, struct xc_ref *rs, int n) {
  free(k->y), free(k->t), free(k->pa), free(k->pb);
  for (int i = 0; k->scratch && i < k->threads; i++) free(k->scratch[i]);
  free(k->scratch);
  for (int i = 0; i < n; i++) free(rs[i].list);
  free(rs);
}

/* The closing line; the exit status: 1 when a reference value is wrong. */
static int summary(const struct xc *k, const struct xc_ref *rs, int n, double t0) {
  uint64_t inputs = 0, miss = 0, refw = 0, libw = 0, snan = 0;
  for (int i = 0; i < n; i++) {
    inputs += rs[i].inputs, refw += rs[i].ref_wrong, libw += rs[i].lib_wrong, snan += rs[i].snan;
    for (int m = 0; m < RND_COUNT; m++) miss += rs[i].miss[m];
  }
  char mb[32];
  printf("refcheck --against llvm-libc (%s): %d reference%s, %llu inputs and pairs, modes %s: %llu mismatches, "
         "%llu reference values wrong, %llu of LLVM libc's results wrong, %llu NaNs for signaling NaN operands "
         "(%.1f s)\n",
         libm_llvm_linked(), n, n == 1 ? "" : "s", (unsigned long long)inputs,
         xc_mode_names(k->a->modes, mb, sizeof mb), (unsigned long long)miss, (unsigned long long)refw,
         (unsigned long long)libw, (unsigned long long)snan, now_s() - t0);
  return refw ? EXIT_FAIL : EXIT_OK;
}

/* Every reference not yet done, one after the other. */
static int check_all(struct xc *k, struct xc_ref *rs, int n) {
  int rc = 0;
  for (int i = 0; i < n && !rc; i++) {
    if (rs[i].done >= (int64_t)k->to) {
      print_ref(k, &rs[i]);
      continue;
    }
    const double t1 = now_s();
    rs[i].gpu = k->gpu;
    rc = rs[i].pr ? check_pair(k, &rs[i]) : check_unary(k, &rs[i]);
    rs[i].seconds += now_s() - t1;
    if (rc) break;
    print_ref(k, &rs[i]);
    if (k->json && i + 1 < n && (rc = xc_write_json(k->json, k->ri, k->setup, rs, n))) break;
    k->saved = now_s();
  }
  if (rc == EXIT_INTERRUPT) {
    noticef(k->json ? "interrupted: the part done is in %s (go on with --resume %s)" : "interrupted: no --json, nothing kept",
            k->json, k->json);
    if (k->json && xc_write_json(k->json, k->ri, k->setup, rs, n)) rc = EXIT_IO;
  }
  return rc;
}

int refcheck_llvm(struct scan_cli *sc, const struct xc_args *a, int nref, char **refs, int threads) {
  if (!libm_llvm_linked()) {
    errorf("LLVM libc is not linked into this build (libllvmlibc-*-dev was missing where it was built)");
    return EXIT_DEPEND;
  }
  struct xc_args args = *a;
  if (!args.modes) args.modes = (1u << RND_COUNT) - 1;
  struct xc_ref *rs = NULL;
  int n = 0, rc = refs_setup(nref, refs, &rs, &n);
  if (rc) return rc;
  char mb[32];
  const struct xc_setup setup = {libm_llvm_linked(), xc_mode_names(args.modes, mb, sizeof mb), args.modes,
                                 sc->o.from, sc->o.to, args.partners, args.seed};
  for (int i = 0; i < n; i++) rs[i].done = (int64_t)sc->o.from - 1; /* none done */
  if (args.resume && (rc = xc_resume(args.resume, &setup, rs, n))) {
    xc_free(&(struct xc){0}, rs, n);
    return rc;
  }
  struct run_info ri;
  run_info_init(&ri, 0, NULL);
  snprintf(ri.command, sizeof ri.command, "%s", g_command_line);
  ri.from = sc->o.from, ri.to = sc->o.to;
  if ((rc = choose_backend(sc, &ri)) >= 0) {
    xc_free(&(struct xc){0}, rs, n);
    return rc;
  }
  struct xc k = {.a = &args, .gpu = sc->o.gpu, .device = sc->o.ndevices ? sc->o.devices[0] : 0, .threads = threads,
                 .from = sc->o.from, .to = sc->o.to, .json = sc->json, .ri = &ri, .setup = &setup, .rs = rs,
                 .nrefs = n, .saved = now_s()};
  ri.threads = threads;
  const double t0 = now_s();
  drive_catch_signals();
  if (!(rc = xc_alloc(&k))) rc = check_all(&k, rs, n);
  if (!rc) rc = summary(&k, rs, n, t0);
  if ((rc == EXIT_OK || rc == EXIT_FAIL) && sc->json) {
    const int wrc = xc_write_json(sc->json, &ri, &setup, rs, n);
    if (wrc) rc = wrc;
  }
  xc_free(&k, rs, n);
  return rc;
}
