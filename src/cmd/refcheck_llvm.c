/* refcheck_llvm.c: the references against LLVM libc's correctly rounded functions, a second
 * referee independent of ulpcert's shortcuts, tables and MPFR glue.
 *
 * For every input x of the range (a two-argument reference: every x against its function's
 * partners, partners.h, as `run` sweeps them) the reference value (y, t) is computed as a run
 * computes it: the proved shortcut, the fast path's table (on the device with the GPU
 * backend), MPFR for what they leave (two-argument references: the fast reference, then
 * MPFR, on the host). LLVM libc's function is evaluated in each rounding mode checked
 * (fesetround on every host thread: the mode is per thread), and the rounding of the
 * reference in that mode (ms_round32 of (y, t), src/measure/measure.h; RN24 for RN) must
 * equal its output bit for bit (any NaN equals any NaN; the zeros differ). Each mismatch gets
 * a third opinion: MPFR's own function (not the catalogue's referee) at 24 bits in binary32's
 * exponent range with mpfr_subnormalize, in that mode. The reference is wrong where MPFR
 * differs from it, LLVM libc where MPFR agrees with the reference; except where an operand is
 * a signaling NaN and LLVM libc returns a NaN: IEEE 754 (9.2.1) has hypot(inf, sNaN) signal
 * and give a quiet NaN where C's Annex F, MPFR and the references (which know no signaling
 * NaN) give +inf, so neither is wrong there (counted apart). */
#include <fenv.h>
#include <jansson.h>
#include <math.h>
#include <mpfr.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/catalogue/expr.h"
#include "src/catalogue/registry.h"
#include "src/cmd/refcheck_llvm.h"
#include "src/common.h"
#include "src/kinds/binary32/device/gpu.h"
#include "src/formats/json_io.h"
#include "src/kinds/pair/pair.h"
#include "src/kinds/pair/pair_pipe.h"
#include "src/libm/libm.h"
#include "src/measure/measure.h"
#include "src/reference/fastref.h"

#define XC_BATCH (1u << 24) /* inputs, or pairs, per batch */
#define XC_LIST 1000        /* mismatches listed per reference: the lowest (x, partner, mode) */

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

struct xc_miss {
  uint32_t a, b; /* the input (x, partner); b = 0 for one argument */
  int mode;
  uint32_t ref, lib, mpfr; /* the reference's rounding, LLVM libc's output, MPFR's */
};

/* One reference's check. */
struct xc_ref {
  const char *name, *cname;
  const struct reference *r; /* one argument */
  const struct pair_ref *pr; /* two arguments */
  float (*f1)(float);
  float (*f2)(float, float);
  mpfr1_fn m1;
  mpfr2_fn m2;
  uint64_t inputs, nan_inputs, undecidable;
  uint64_t by[4]; /* how the references were decided: [1] shortcut, [2] table or fast reference, [3] MPFR */
  uint64_t miss[RND_COUNT], ref_wrong, lib_wrong, snan;
  int nlist;
  struct xc_miss *list;
  double seconds;
  int gpu; /* references from the device */
};

/* The buffers and settings of one command. */
struct xc {
  const struct xc_args *a;
  int gpu, device, threads;
  uint32_t from, to;
  double *y;
  int8_t *t;
  uint8_t *how;
  uint32_t *out, *pa, *pb; /* outputs; a pair's operands */
};

static int same32(uint32_t a, uint32_t b) {
  return a == b || ((a & 0x7fffffffu) > 0x7f800000u && (b & 0x7fffffffu) > 0x7f800000u);
}

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

static int is_snan(uint32_t v) { return (v & 0x7fffffffu) > 0x7f800000u && !(v & 0x00400000u); }

/* The verdict on a mismatch: 0 the reference is wrong, 1 LLVM libc is, 2 a signaling NaN
 * operand given a NaN (neither). */
static int who_is_wrong(const struct xc_ref *r, const struct xc_miss *m) {
  if (!same32(m->mpfr, m->ref)) return 0;
  const int nan_out = (m->lib & 0x7fffffffu) > 0x7f800000u;
  return nan_out && (is_snan(m->a) || (r->pr && is_snan(m->b))) ? 2 : 1;
}

static const char *const WRONG[3] = {"reference", "library", "neither (a signaling NaN operand)"};

static int miss_before(const struct xc_miss *p, const struct xc_miss *q) {
  if (p->a != q->a) return p->a < q->a;
  if (p->b != q->b) return p->b < q->b;
  return p->mode < q->mode;
}

/* A mismatch into r's counts, and into its list when among the XC_LIST lowest keys (so the
 * list does not depend on the threads' order). */
static void note_miss(struct xc_ref *r, const struct xc_miss *m) {
  const int who = who_is_wrong(r, m);
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

/* Every output of the batch in mode against the reference's rounding in that mode. */
static void compare(const struct xc *k, struct xc_ref *r, int mode, uint32_t first, uint32_t n) {
#pragma omp parallel for num_threads(k->threads) schedule(dynamic, 4096)
  for (uint32_t i = 0; i < n; i++) {
    const int t = k->t[i];
    if (t == REF_T_UNDECIDABLE || t == -REF_T_UNDECIDABLE) continue;
    const uint32_t want = ms_round32(k->y[i], t, mode);
    if (same32(want, k->out[i])) continue;
    const uint32_t a = r->pr ? k->pa[i] : first + i, b = r->pr ? k->pb[i] : 0;
    const struct xc_miss m = {a, b, mode, want, k->out[i], opinion(r, a, b, mode)};
    note_miss(r, &m);
  }
}

/* LLVM libc's outputs of the batch in mode: every thread sets the mode, evaluates its share,
 * and restores rounding to nearest (the comparison rounds in that mode). */
static void evaluate(const struct xc *k, const struct xc_ref *r, int mode, uint32_t first, uint32_t n) {
#pragma omp parallel num_threads(k->threads)
  {
    fesetround(fe_of(mode));
#pragma omp for schedule(static)
    for (uint32_t i = 0; i < n; i++)
      k->out[i] = r->f2 ? f2u(r->f2(u2f(k->pa[i]), u2f(k->pb[i]))) : f2u(r->f1(u2f(first + i)));
    fesetround(FE_TONEAREST);
  }
}

/* --plant: the reference value of every input whose (swept) x is the planted one moved to the
 * binary32 number above its rounding to nearest (to zero if that is not finite), exact. */
static void plant(const struct xc *k, const struct xc_ref *r, uint32_t first, uint32_t n) {
  if (!k->a->plant) return;
  for (uint32_t i = 0; i < n; i++) {
    if ((r->pr ? k->pa[i] : first + i) != k->a->plant_x) continue;
    uint32_t w = ms_rn32(k->y[i], k->t[i]);
    w = (w & 0x7fffffffu) < 0x7f800000u ? ms_succ32(w) : 0;
    k->y[i] = (double)u2f(w), k->t[i] = 0;
  }
}

/* The batch's outputs in every mode checked, compared. */
static void check_modes(const struct xc *k, struct xc_ref *r, uint32_t first, uint32_t n) {
  plant(k, r, first, n);
  r->inputs += n;
  for (int m = 0; m < RND_COUNT; m++)
    if (k->a->modes & (1u << m)) evaluate(k, r, m, first, n), compare(k, r, m, first, n);
}

/* The references of [first, first + n) as a run computes them: on the device (its shortcut,
 * the table), what it leaves here (the shortcut, the table, MPFR); or all here. */
static int references_unary(struct xc *k, struct xc_ref *r, const struct ref_fast *fast, uint32_t first, uint32_t n) {
  if (k->gpu && gpu_reference_range(k->device, ref_device_shortcut(r->r), fast->ok ? &fast->view : NULL, first, n,
                                    k->y, k->t, k->how)) {
    errorf("%s", gpu_last_error());
    return EXIT_NOGPU;
  }
  uint64_t by1 = 0, by2 = 0, by3 = 0, nan = 0, und = 0;
#pragma omp parallel for num_threads(k->threads) schedule(dynamic, 4096) reduction(+ : by1, by2, by3, nan, und)
  for (uint32_t i = 0; i < n; i++) {
    const uint32_t x = first + i;
    if ((x & 0x7fffffffu) > 0x7f800000u) { /* a NaN input: a NaN result */
      k->y[i] = NAN, k->t[i] = 0, nan++;
      continue;
    }
    int how = k->gpu ? k->how[i] : 0, t = k->t[i];
    double y = k->y[i];
    if (!how) {
      if (r->r->shortcut(x, &y, &t)) how = 1;
      else if (fast->ok && fast_eval(&fast->view, x, &y, &t)) how = 2;
      else ref_mpfr(r->r, x, &y, &t), how = 3;
    }
    by1 += how == 1, by2 += how == 2, by3 += how == 3;
    und += t == REF_T_UNDECIDABLE || t == -REF_T_UNDECIDABLE;
    k->y[i] = y, k->t[i] = (int8_t)t;
  }
  r->by[1] += by1, r->by[2] += by2, r->by[3] += by3, r->nan_inputs += nan, r->undecidable += und;
  return 0;
}

static int check_unary(struct xc *k, struct xc_ref *r) {
  const uint32_t from = k->from, to = k->to, H = 0x80000000u;
  int64_t plo = from, phi = to < H ? to : H - 1, nlo = (from > H ? from : H) - (int64_t)H, nhi = (int64_t)to - H;
  if (from >= H) plo = 1, phi = 0;
  if (to < H) nlo = 1, nhi = 0;
  struct ref_fast fast;
  struct fast_range decl[MAX_FAST_RANGES];
  const int nd = ref_fast_ranges(r->r, decl, MAX_FAST_RANGES);
  if (ref_fast_prepare(&fast, r->r, decl, nd, plo, phi, nlo, nhi, k->threads)) {
    errorf("out of memory building the table of %s", r->name);
    return EXIT_IO;
  }
  int rc = 0;
  for (uint64_t a = from; a <= to && !rc; a += XC_BATCH) {
    const uint32_t n = (uint32_t)((uint64_t)to - a + 1 < XC_BATCH ? (uint64_t)to - a + 1 : XC_BATCH);
    if (!(rc = references_unary(k, r, &fast, (uint32_t)a, n))) check_modes(k, r, (uint32_t)a, n);
  }
  ref_fast_free(&fast);
#pragma omp parallel num_threads(k->threads)
  ref_thread_cleanup();
  return rc;
}

static int g_xc_threads = 1; /* the host threads MPFR decides the device's leftovers on */

/* The pairs the device's fast reference leaves (pair_pipe.h), through MPFR here. */
static void mpfr_leftovers(int ref, uint32_t n, const uint32_t (*und)[3], double *y, int8_t *t) {
#pragma omp parallel for schedule(dynamic, 64) num_threads(g_xc_threads)
  for (int64_t j = 0; j < (int64_t)n; j++) {
    int tj;
    pair_ref_mpfr(&pair_refs[ref], und[j][1], und[j][2], &y[j], &tj);
    t[j] = (int8_t)tj;
  }
#pragma omp parallel num_threads(g_xc_threads)
  pair_ref_cleanup();
}

/* The n = nx np pairs of x0 ... and their references on the host. */
static void pairs_host(struct xc *k, struct xc_ref *r, uint64_t x0, uint32_t n, uint32_t np) {
  uint64_t calls = 0;
#pragma omp parallel for num_threads(k->threads) schedule(dynamic, 256) reduction(+ : calls)
  for (uint32_t i = 0; i < n; i++) {
    const uint32_t x = (uint32_t)(x0 + i / np);
    int t;
    k->pa[i] = x, k->pb[i] = pair_partner(r->pr->set, 0, x, i % np, k->a->seed);
    calls += (uint64_t)pair_ref_eval(r->pr, 1, k->pa[i], k->pb[i], &k->y[i], &t);
    k->t[i] = (int8_t)t;
  }
  r->by[3] += calls, r->by[2] += n - calls;
}

/* Every x of the range against its partners (the pair kind's sweep: PAIR_ADV adversarial and
 * a->partners random ones of seed a->seed), the pairs and their references on the device
 * (the pair kind's pipeline, MPFR here for what its fast reference leaves) or on the host. */
static int check_pair(struct xc *k, struct xc_ref *r) {
  const uint32_t np = PAIR_ADV + k->a->partners, bx = XC_BATCH / np;
  struct pair_pipe *pp = NULL;
  const struct measure_cfg cfg = {0};
  const int operand = 0;
  char err[512];
  if (k->gpu && !(pp = pair_pipe_open(k->device, 1, bx, np, &cfg, &operand, err, sizeof err))) {
    errorf("%s", err);
    return EXIT_NOGPU;
  }
  const struct pair_pipe_req rq = {.ref = (int)(r->pr - pair_refs), .set = r->pr->set, .seed = k->a->seed, .np = np,
                                   .mpfr = mpfr_leftovers};
  g_xc_threads = k->threads;
  int rc = 0;
  for (uint64_t x0 = k->from; x0 <= k->to && !rc; x0 += bx) {
    const uint32_t nx = (uint32_t)((uint64_t)k->to - x0 + 1 < bx ? (uint64_t)k->to - x0 + 1 : bx), n = nx * np;
    uint64_t calls = 0;
    if (!pp) pairs_host(k, r, x0, n, np);
    else if (pair_pipe_refs(pp, &rq, (uint32_t)x0, nx, k->pa, k->pb, k->y, k->t, &calls)) {
      errorf("%s", pair_pipe_error(pp));
      rc = EXIT_NOGPU;
      break;
    } else r->by[3] += calls, r->by[2] += n - calls;
    check_modes(k, r, 0, n);
  }
  pair_pipe_close(pp);
#pragma omp parallel num_threads(k->threads)
  pair_ref_cleanup();
  return rc;
}

static const char *mode_names(unsigned modes, char *buf, size_t n) {
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
                          "a signaling NaN operand (IEEE 754: a quiet NaN; Annex F and MPFR: this value)"}[who_is_wrong(r, m)]);
}

static void print_ref(const struct xc *k, const struct xc_ref *r) {
  char mb[32];
  uint64_t miss = 0;
  for (int m = 0; m < RND_COUNT; m++) miss += r->miss[m];
  printf("refcheck %s --against llvm-libc (%s) 0x%08x..0x%08x: %llu %s, modes %s: %llu mismatches (reference wrong "
         "%llu, LLVM libc wrong %llu, signaling NaN operands %llu); references: ",
         r->name, r->cname, k->from, k->to, (unsigned long long)r->inputs, r->pr ? "pairs" : "inputs",
         mode_names(k->a->modes, mb, sizeof mb), (unsigned long long)miss, (unsigned long long)r->ref_wrong,
         (unsigned long long)r->lib_wrong, (unsigned long long)r->snan);
  if (r->pr)
    printf("%llu by the fast reference (%s), %llu by MPFR", (unsigned long long)r->by[2], r->gpu ? "device" : "host",
           (unsigned long long)r->by[3]);
  else
    printf("%llu by the shortcut, %llu by the table, %llu by MPFR (%s), %llu undecidable", (unsigned long long)r->by[1],
           (unsigned long long)r->by[2], (unsigned long long)r->by[3], r->gpu ? "device" : "host",
           (unsigned long long)r->undecidable);
  printf(" (%.1f s)\n", r->seconds);
  for (int i = 0; i < r->nlist; i++) print_miss(r, &r->list[i]);
  if ((uint64_t)r->nlist < miss) printf("(%llu more mismatches not listed)\n", (unsigned long long)(miss - r->nlist));
  fflush(stdout);
}

static json_t *hex32(uint32_t v) {
  char b[16];
  snprintf(b, sizeof b, "0x%08x", v);
  return json_string(b);
}

static json_t *ref_json(const struct xc *k, const struct xc_ref *r) {
  json_t *o = json_pack("{s:s, s:s, s:i, s:I, s:I}", "reference", r->name, "function", r->cname, "arguments", r->pr ? 2 : 1,
                        "inputs", (json_int_t)r->inputs, "nan_inputs", (json_int_t)r->nan_inputs);
  if (r->pr)
    json_object_set_new(o, "decided", json_pack("{s:s, s:I, s:I}", "where", r->gpu ? "device" : "host", "fast_reference",
                                                (json_int_t)r->by[2], "mpfr", (json_int_t)r->by[3]));
  else
    json_object_set_new(o, "decided", json_pack("{s:s, s:I, s:I, s:I, s:I}", "where", r->gpu ? "device" : "host",
                                                "shortcut", (json_int_t)r->by[1], "table", (json_int_t)r->by[2], "mpfr",
                                                (json_int_t)r->by[3], "undecidable", (json_int_t)r->undecidable));
  json_t *mm = json_object();
  for (int m = 0; m < RND_COUNT; m++)
    if (k->a->modes & (1u << m)) json_object_set_new(mm, rounding_name(m), json_integer((json_int_t)r->miss[m]));
  json_object_set_new(o, "mismatches", mm);
  json_object_set_new(o, "reference_wrong", json_integer((json_int_t)r->ref_wrong));
  json_object_set_new(o, "library_wrong", json_integer((json_int_t)r->lib_wrong));
  json_object_set_new(o, "signaling_nan", json_integer((json_int_t)r->snan));
  json_t *l = json_array();
  for (int i = 0; i < r->nlist; i++) {
    const struct xc_miss *m = &r->list[i];
    json_t *e = json_pack("{s:o, s:s, s:o, s:o, s:o, s:s}", "x", hex32(m->a), "mode", rounding_name(m->mode), "reference",
                          hex32(m->ref), "library", hex32(m->lib), "mpfr", hex32(m->mpfr), "wrong",
                          WRONG[who_is_wrong(r, m)]);
    if (r->pr) json_object_set_new(e, "partner", hex32(m->b));
    json_array_append_new(l, e);
  }
  json_object_set_new(o, "list", l);
  json_object_set_new(o, "seconds", json_real(r->seconds));
  return o;
}

static int write_json(const char *path, const struct xc *k, const struct run_info *ri, const struct xc_ref *rs, int n) {
  json_t *root = result_header_json(ri, "refcheck");
  char mb[32];
  json_object_set_new(root, "against", json_string(libm_llvm_linked()));
  json_object_set_new(root, "mpfr", json_string(mpfr_get_version()));
  json_object_set_new(root, "modes", json_string(mode_names(k->a->modes, mb, sizeof mb)));
  result_range_json(root, ri);
  json_object_set_new(root, "partners", json_pack("{s:i, s:i, s:o, s:i}", "adversarial", PAIR_ADV, "random",
                                                  (int)k->a->partners, "seed", json_sprintf("0x%016llx",
                                                  (unsigned long long)k->a->seed), "set", PAIR_PARTNER_SET));
  json_t *arr = json_array();
  for (int i = 0; i < n; i++) json_array_append_new(arr, ref_json(k, &rs[i]));
  json_object_set_new(root, "references", arr);
  char err[512];
  int rc = result_write_root(path, root, err, sizeof err);
  if (rc) errorf("%s", err);
  json_decref(root);
  return rc;
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
  k->y = malloc(8ull * XC_BATCH), k->t = malloc(XC_BATCH), k->how = malloc(XC_BATCH);
  k->out = malloc(4ull * XC_BATCH), k->pa = malloc(4ull * XC_BATCH), k->pb = malloc(4ull * XC_BATCH);
  if (k->y && k->t && k->how && k->out && k->pa && k->pb) return 0;
  errorf("out of host memory");
  return EXIT_IO;
}

static void xc_free(struct xc *k, struct xc_ref *rs, int n) {
  free(k->y), free(k->t), free(k->how), free(k->out), free(k->pa), free(k->pb);
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
         libm_llvm_linked(), n, n == 1 ? "" : "s", (unsigned long long)inputs, mode_names(k->a->modes, mb, sizeof mb),
         (unsigned long long)miss, (unsigned long long)refw, (unsigned long long)libw, (unsigned long long)snan,
         now_s() - t0);
  return refw ? EXIT_FAIL : EXIT_OK;
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
  struct run_info ri;
  run_info_init(&ri, 0, NULL);
  snprintf(ri.command, sizeof ri.command, "%s", g_command_line);
  ri.from = sc->o.from, ri.to = sc->o.to;
  if ((rc = choose_backend(sc, &ri)) >= 0) {
    xc_free(&(struct xc){0}, rs, n);
    return rc;
  }
  struct xc k = {.a = &args, .gpu = sc->o.gpu, .device = sc->o.ndevices ? sc->o.devices[0] : 0, .threads = threads,
                 .from = sc->o.from, .to = sc->o.to};
  ri.threads = threads;
  rc = xc_alloc(&k);
  const double t0 = now_s();
  for (int i = 0; i < n && !rc; i++) {
    const double t1 = now_s();
    rs[i].gpu = k.gpu;
    rc = rs[i].pr ? check_pair(&k, &rs[i]) : check_unary(&k, &rs[i]);
    rs[i].seconds = now_s() - t1;
    if (!rc) print_ref(&k, &rs[i]);
  }
  if (!rc) rc = summary(&k, rs, n, t0);
  if ((rc == EXIT_OK || rc == EXIT_FAIL) && sc->json) {
    const int wrc = write_json(sc->json, &k, &ri, rs, n);
    if (wrc) rc = wrc;
  }
  xc_free(&k, rs, n);
  return rc;
}
