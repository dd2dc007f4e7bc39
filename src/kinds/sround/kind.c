/* kind.c: the stochastic rounding kind: a conversion that rounds with random bits, checked
 * on every input of a range against the exact stochastic rounding and its k-bit form
 * (reference/quant/sr.h): for each input, every random value is tried. Variants
 * sr-TARGET.SOURCE.IMPL: the built-in software forms sr-bf16.f32.bits16 and .bits8, a
 * user's (--source) for any target and source, and the hardware's cvt.rs (sr_hw.cu). */
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "src/common.h"
#include "src/engine/driver.h"
#include "src/kinds/sround/sr_hw.h"
#include "src/kinds/sround/sround.h"

static const char *const sr_fmt_names[QF_NALL] = {"e4m3", "e5m2", "e2m3", "e3m2", "e2m1", "f16", "bf16"};
static const char *const sr_src_names[QX_NSRC] = {"f32", "f16", "bf16"};

void sr_variant(int n, struct sr_var *v) {
  if (n < SR_NBUILTIN) {
    *v = (struct sr_var){"", n, QF_BF16, QX_F32, n == SR_BITS16 ? 16 : 8};
    snprintf(v->name, sizeof v->name, "sr-bf16.f32.%s", n == SR_BITS16 ? "bits16" : "bits8");
    return;
  }
  n -= SR_NBUILTIN;
  if (n >= QF_NALL * QX_NSRC) { /* cvt.rs: from binary32; two lanes of 16 random bits, or four of 8 */
    n -= QF_NALL * QX_NSRC;
    *v = (struct sr_var){"", SR_HW, n, QX_F32, n >= QF_F16 ? 16 : 8};
    snprintf(v->name, sizeof v->name, "sr-%s.f32.cvt-rs", sr_fmt_names[n]);
    return;
  }
  *v = (struct sr_var){"", SR_USER, n / QX_NSRC, n % QX_NSRC, n / QX_NSRC >= QF_F16 ? 16 : 8};
  snprintf(v->name, sizeof v->name, "sr-%s.%s.user", sr_fmt_names[v->fmt], sr_src_names[v->src]);
}
/* its own name; "sr": the software forms built in; "sr-cvt-rs": every cvt.rs one */
static int sr_selects(const char *name, int n) {
  struct sr_var v;
  sr_variant(n, &v);
  return !strcmp(name, v.name) || (v.impl < SR_USER && !strcmp(name, "sr")) ||
         (v.impl == SR_HW && !strcmp(name, "sr-cvt-rs"));
}
static int owns(const char *name) {
  for (int n = 0; n < SR_MAXVAR; n++)
    if (sr_selects(name, n)) return 1;
  return 0;
}
static void list(FILE *f) {
  fprintf(f, "\nstochastic rounding (family sr; every input, every random value; docs/quantizers.md):\n");
  for (int n = 0; n < SR_MAXVAR; n++) {
    struct sr_var v;
    sr_variant(n, &v);
    fprintf(f, "  %-24s  %s, %d random bits\n", v.name,
            v.impl == SR_BITS16  ? "(x + (r & 0xffff)) >> 16 on the binary32 pattern"
            : v.impl == SR_BITS8 ? "(x + ((r & 0xff) << 8)) >> 16 on the binary32 pattern"
            : v.impl == SR_HW    ? "PTX cvt.rs.satfinite (sm_100a, sm_103a; r in every lane's slice of rbits)"
                                 : "uint32_t quant_sr(uint32_t x, uint32_t r) of --source",
            v.k);
  }
}
static void release(struct kind_result *r) { free(r); }
static struct run_info *info(struct kind_result *r) { return &r->ri; }

int sr_user_load(struct kind_result *r, const char *path, const char *fn) {
  char dir[] = "/tmp/ulpcert-sr-XXXXXX", abs[1024], wrap[256], so[256], cmd[4096];
  if (!fn) fn = "quant_sr";
  if (!realpath(path, abs)) {
    errorf("cannot read %s: %s", path, strerror(errno));
    return EXIT_IO;
  }
  FILE *w = mkdtemp(dir) ? (snprintf(wrap, sizeof wrap, "%s/w.c", dir), fopen(wrap, "w")) : NULL;
  if (!w) {
    errorf("cannot write a temporary folder: %s", strerror(errno));
    return EXIT_IO;
  }
  fprintf(w, "#include <stdint.h>\n#include \"%s\"\nuint32_t ulpcert_sr(uint32_t x, uint32_t r) { return %s(x, r); }\n",
          abs, fn);
  fclose(w);
  snprintf(so, sizeof so, "%s/s.so", dir);
  const char *cc = getenv("ULPCERT_CC");
  snprintf(cmd, sizeof cmd, "%s -std=gnu11 -O2 -fPIC -shared -ffp-contract=off -Werror=implicit-function-declaration "
           "-Wl,--no-undefined -o '%s' '%s' -lm 1>&2", cc && *cc ? cc : "cc", so, wrap);
  int st = system(cmd), rc = 0;
  void *h = NULL;
  if (st) {
    errorf("%s: does not compile (it must define uint32_t %s(uint32_t x, uint32_t r))", path, fn);
    rc = WIFEXITED(st) && WEXITSTATUS(st) == 127 ? EXIT_DEPEND : EXIT_USAGE;
  } else if (!(h = dlopen(so, RTLD_NOW | RTLD_LOCAL)) || !(*(void **)&r->user = dlsym(h, "ulpcert_sr"))) {
    errorf("%s: cannot load the compiled function: %s", path, dlerror());
    rc = EXIT_USAGE;
  }
  snprintf(r->source, sizeof r->source, "%s", path);
  unlink(wrap), unlink(so), rmdir(dir);
  return rc;
}

/* the cvt.rs variants: a GPU that has it (sm_100a, sm_103a), else "not run" and why */
static int sr_hw_begin(struct kind_result *r, struct run_request *rq) {
  char why[256];
  int rc = run_info_for(rq->sc, &r->ri);
  if (rc) return rc;
  r->device = first_device(rq->sc);
  if (!r->ri.gpu) {
    errorf("the cvt.rs variants: not run: needs sm_100a (an sm_100a or sm_103a GPU, --backend gpu; this run has "
           "none%s)", srhw_built() ? "" : ", and this build has no sm_100a code");
    return EXIT_NOGPU;
  }
  if (!srhw_usable(r->device, why, sizeof why)) {
    errorf("the cvt.rs variants: not run: %s", why);
    return EXIT_NOGPU;
  }
  return 0;
}

static int begin(struct run_request *rq, struct kind_result **out) {
  struct kind_result *r = calloc(1, sizeof *r);
  int user = 0, hw = 0, sw = 0, rc = 0;
  if (!r) return EXIT_IO;
  for (int n = 0; n < SR_MAXVAR; n++) {
    int take = 0;
    for (int i = 0; i < rq->nnames && !take; i++) take = sr_selects(rq->names[i], n);
    if (!take) continue;
    struct sr_run *q = &r->run[r->nv++];
    sr_variant(n, &q->v);
    q->st.first = UINT64_MAX;
    user |= q->v.impl == SR_USER, hw |= q->v.impl == SR_HW, sw |= q->v.impl != SR_HW;
  }
  if (rq->resume || rq->shard_n > 1 || rq->pairs || rq->bound) errorf("sr variants take no --resume, --shard, --pairs or --bound"), rc = EXIT_USAGE;
  else if (rq->sc->backend == 1 && sw) errorf("the software sr variants run on the CPU backend only: --backend gpu does not apply"), rc = EXIT_USAGE;
  else if (user != (rq->source != NULL)) errorf("--source goes with the .user variants, and they with it"), rc = EXIT_USAGE;
  else if (user) rc = sr_user_load(r, rq->source, rq->function);
  if (!rc && hw) rc = sr_hw_begin(r, rq);
  if (!rc) {
    if (!hw) run_info_cpu(rq->sc, &r->ri);
    r->sc = rq->sc;
    for (int i = 0; i < r->nv; i++) {
      uint32_t last = r->run[i].v.src == QX_F32 ? 0xffffffffu : 0xffffu;
      r->run[i].from = r->ri.from, r->run[i].to = r->ri.to < last ? r->ri.to : last;
      if (r->ri.from > last) errorf("%s: --from 0x%08x is beyond its 16-bit source", r->run[i].v.name, r->ri.from), rc = EXIT_USAGE;
    }
  }
  if (rc) {
    release(r);
    return rc;
  }
  *out = r;
  return 0;
}

static int scan(struct kind_result *r, uint32_t from, uint32_t to, uint32_t cov[][2], int *ncov) {
  for (int i = 0; i < r->nv; i++) {
    int rc = sr_scan_run(r, &r->run[i], from, to);
    if (rc) {
      *ncov = -1;
      return rc;
    }
  }
  cov[0][0] = from, cov[0][1] = to, *ncov = 1;
  return 0;
}

static int sr_ok(const struct sr_stats *s) { return !s->det_wrong && s->kform == s->inputs - s->det; }
static int status(const struct kind_result *r) {
  for (int i = 0; i < r->nv; i++)
    if (!sr_ok(&r->run[i].st)) return EXIT_FAIL;
  return EXIT_OK;
}

static void print(FILE *f, const struct kind_result *r) {
  for (int i = 0; i < r->nv; i++) {
    const struct sr_run *q = &r->run[i];
    const struct sr_stats *s = &q->st;
    uint64_t rnd = s->inputs - s->det;
    fprintf(f, "%s: inputs 0x%08x..0x%08x x 2^%d random values, %.2f s\n", q->v.name, q->from, q->to, q->v.k, q->seconds);
    fprintf(f, "  deterministic inputs (exact, zero, NaN, saturated): %llu, of which wrong: %llu\n",
            (unsigned long long)s->det, (unsigned long long)s->det_wrong);
    fprintf(f, "  random inputs: %llu; the %d-bit add-and-truncate form exactly: %llu; up-count equal: %llu; outputs "
            "not a neighbour: %llu\n", (unsigned long long)rnd, q->v.k, (unsigned long long)s->kform,
            (unsigned long long)s->cnt_eq, (unsigned long long)s->not_nbr);
    fprintf(f, "  probability of rounding up against the exact one: max |bias| %.6g, mean bias %.6g\n", s->max_bias,
            rnd ? s->sum_bias / (double)rnd : 0.0);
    if (s->first != UINT64_MAX && s->first_det)
      fprintf(f, "  first wrong input: x=0x%08llx (deterministic): %llu of 2^%d values give another code than 0x%llx\n",
              (unsigned long long)s->first, (unsigned long long)s->first_cnt, q->v.k, (unsigned long long)s->first_t);
    else if (s->first != UINT64_MAX)
      fprintf(f, "  first input off the form: x=0x%08llx: %llu of 2^%d values round up (the form: the top %llu)\n",
              (unsigned long long)s->first, (unsigned long long)s->first_cnt, q->v.k, (unsigned long long)s->first_t);
    fprintf(f, "  verdict: %s\n\n", sr_ok(s) ? "the exact k-bit stochastic rounding on every input" : "NOT the k-bit form (above)");
  }
}

static int same(const struct kind_result *a, const struct kind_result *b, const char *pa, const char *pb, char *err,
                size_t errlen) {
  int differ = a->nv != b->nv;
  for (int i = 0; i < a->nv && !differ; i++) differ = strcmp(a->run[i].v.name, b->run[i].v.name) != 0;
  if (differ) snprintf(err, errlen, "%s and %s hold other sr variants", pa, pb);
  return differ ? EXIT_USAGE : 0;
}
static void merge(struct kind_result *a, const struct kind_result *b) {
  for (int i = 0; i < a->nv; i++) {
    sr_stats_add(&a->run[i].st, &b->run[i].st);
    a->run[i].seconds += b->run[i].seconds;
    if (b->run[i].from < a->run[i].from) a->run[i].from = b->run[i].from;
    if (b->run[i].to > a->run[i].to) a->run[i].to = b->run[i].to;
  }
}

const struct kind kind_sround = {
    .name = "sround",
    .title = "stochastic rounding",
    .unit = "inputs",
    .run_help = "Stochastic rounding (family sr; docs/quantizers.md): sr-TARGET.SOURCE.IMPL, run on the CPU over the\n"
                "inputs in [--from, --to], each with every random value: sr-bf16.f32.bits16 and .bits8 (binary32 to\n"
                "bfloat16 adding 16 or 8 random bits to the pattern), or sr-TARGET.SOURCE.user with --source FILE\n"
                "defining uint32_t quant_sr(uint32_t x, uint32_t r) (TARGET e4m3, e5m2, e2m3, e3m2, e2m1: r has 8\n"
                "bits; f16, bf16: 16). sr-TARGET.f32.cvt-rs (or sr-cvt-rs, all seven): the hardware's PTX cvt.rs,\n"
                "on an sm_100a or sm_103a GPU only (elsewhere: not run, exit 3). Exit 1 unless every input is the\n"
                "exact k-bit form (reference/quant/sr.h).\n",
    .owns = owns,
    .list = list,
    .begin = begin,
    .scan = scan,
    .status = status,
    .read = sround_read,
    .info = info,
    .same = same,
    .merge = merge,
    .write = sround_write,
    .print = print,
    .release = release,
    .report = sround_report,
    .arch_record = sround_arch_record,
    .arch_compare = sround_arch_compare,
    .arch_gpu_only = 1,
};
