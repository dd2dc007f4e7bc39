/* kind.c: the 16-bit function kind's entry in the table of kinds: the catalogue's
 * H16_FUNCTION lines (the math functions of cuda_fp16.h and cuda_bf16.h), each over every
 * input of its format on the GPU, scalar and h2 forms, default and -use_fast_math builds,
 * against the references rounded to the format (h16fn.c); and its HALF_VARIANT lines, the
 * PTX half-precision forms (family half, ptx16_kind.c), in a command of their own. No
 * ranges, shards or resumption: 2^16 inputs take milliseconds. Its outputs travel whole in
 * arch records. */
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/results.h"
#include "src/kinds/h16/h16_kind.h"

/* a family (h16: every function; h16.fn, bf16.fn: one format), a CUDA function's name
 * (hexp: its 8 variants; h2exp: its 4), or a variant */
static int selects(const char *name, const struct h16fn_variant *v) {
  return !strcmp(name, "h16") || (!strcmp(name, "h16.fn") && v->fmt == FMT16_BINARY16) ||
         (!strcmp(name, "bf16.fn") && v->fmt == FMT16_BFLOAT16) || !strcmp(name, v->name) ||
         !strcmp(name, v->fn) || !strcmp(name, h16fn_variants[4 * v->line].fn);
}

static int owns_fn(const char *name) {
  for (int i = 0; i < H16FN_NV; i++)
    if (selects(name, &h16fn_variants[i])) return 1;
  return 0;
}

static int owns(const char *name) { return owns_fn(name) || ptx16_owns(name); }

static void list(FILE *f) {
  fprintf(f, "\n16-bit functions (families h16, h16.fn, bf16.fn, or a function's name; every input of the\n"
             "format; GPU only; each also as NAME.fastmath, built with -use_fast_math):\n");
  for (int i = 0; i < H16FN_NV; i++) {
    const struct h16fn_variant *v = &h16fn_variants[i];
    if (!v->fast)
      fprintf(f, "  %-26s %-8s reference %-6s documented %d ulp from the correctly rounded result\n", v->name,
              h16fn_fmt_name(v->fmt), v->ref, v->documented);
  }
  ptx16_list(f);
}

static void release(struct kind_result *r) {
  if (r) json_decref(r->results), free(r->ptx);
  free(r);
}
static struct run_info *info(struct kind_result *r) { return &r->ri; }

/* The PTX forms (family half) or the functions, each in a command of its own. */
static int begin(struct run_request *rq, struct kind_result **out) {
  int nptx = 0;
  for (int i = 0; i < rq->nnames; i++) nptx += !owns_fn(rq->names[i]);
  if (nptx && nptx < rq->nnames) {
    errorf("half-precision variants (family half) and 16-bit functions run in separate commands");
    return EXIT_USAGE;
  }
  if (nptx) return ptx16_begin(rq, out);
  if (rq->resume || rq->shard_n || rq->source || rq->function) {
    errorf("--resume, --shard and --source do not apply to 16-bit functions (2^16 inputs each)");
    return EXIT_USAGE;
  }
  int rc = gpu_only_backend(rq->sc, "16-bit functions run on the GPU");
  if (rc) return rc;
  struct kind_result *r = calloc(1, sizeof *r);
  if (!r) return EXIT_IO;
  for (int k = 0; k < H16FN_NV; k++)
    for (int i = 0; i < rq->nnames && !r->sel[k]; i++) r->sel[k] = selects(rq->names[i], &h16fn_variants[k]);
  if ((rc = run_info_gpu(&r->ri, "16-bit functions"))) {
    release(r);
    return rc;
  }
  r->ri.from = 0, r->ri.to = H16FN_INPUTS - 1;
  r->device = first_device(rq->sc);
  *out = r;
  return 0;
}

/* Every selected variant over every input (the range does not apply): per line, the
 * reference once, then each build's evaluation. */
static int scan(struct kind_result *r, uint32_t from, uint32_t to, uint32_t cov[][2], int *ncov) {
  (void)from, (void)to;
  if (r->ptx) {
    cov[0][0] = 0, cov[0][1] = HALF_INPUTS - 1, *ncov = 1;
    return ptx16_scan(r);
  }
  uint16_t *exp = malloc(sizeof(uint16_t) * H16FN_INPUTS);
  double *y = malloc(sizeof(double) * H16FN_INPUTS);
  char err[512];
  int rc = exp && y ? 0 : EXIT_IO;
  const double t0 = now_s();
  for (int line = 0; line < H16FN_NL && !rc; line++) {
    const int *sel = &r->sel[4 * line];
    if (!(sel[0] | sel[1] | sel[2] | sel[3])) continue;
    const struct h16fn_variant *v = &h16fn_variants[4 * line];
    if (h16fn_expected(v->ref, v->fmt, exp, y, err, sizeof err)) {
      errorf("%s", err);
      rc = EXIT_DEPEND;
    }
    for (int fast = 0; fast < 2 && !rc; fast++)
      if (sel[2 * fast] | sel[2 * fast + 1]) rc = h16fn_run_line(r->device, line, fast, exp, y, r->sel, r->st, NULL);
    for (int k = 0; k < 4 && !rc; k++) r->ran[4 * line + k] = sel[k];
  }
  r->wall = now_s() - t0;
  free(exp), free(y);
  cov[0][0] = 0, cov[0][1] = H16FN_INPUTS - 1, *ncov = 1;
  return rc;
}

static int status(const struct kind_result *r) {
  if (r->ptx) return ptx16_status(r);
  for (int i = 0; i < H16FN_NV; i++)
    if (r->ran[i] && strcmp(h16fn_verdict(&h16fn_variants[i], &r->st[i]), "HOLDS")) return EXIT_FAIL;
  return EXIT_OK;
}

static int write_file(const char *path, const struct kind_result *r, char *err, size_t errlen) {
  if (r->ptx) return ptx16_write(path, r, err, errlen);
  json_t *res = json_array();
  for (int i = 0; i < H16FN_NV; i++)
    if (r->ran[i]) json_array_append_new(res, h16fn_stats_json(&h16fn_variants[i], &r->st[i]));
  return result_write_free(path, result_root(&r->ri, "h16", 1, r->wall), res, err, errlen);
}

#define H16_NOT_MINE "not a 16-bit function result of this ulpcert (field 'results', variant names)"
static int read_file(json_t *root, const char *path, struct kind_result **out, char *err, size_t errlen) {
  int rc;
  if (ptx16_read(root, path, out, &rc, err, errlen)) return rc;
  struct kind_result *r = calloc(1, sizeof *r);
  json_t *res;
  if (!r) return EXIT_IO;
  rc = result_array_read(root, path, &r->ri, &res, 0, H16_NOT_MINE, err, errlen);
  size_t k;
  json_t *o;
  json_array_foreach(res, k, o) if (!rc && !h16fn_find(json_string_value(json_object_get(o, "variant")) ?: "")) rc =
      EXIT_CORRUPT;
  if (rc == EXIT_CORRUPT)
    snprintf(err, errlen, "%s: %s", path, H16_NOT_MINE);
  if (rc) {
    free(r);
    return rc;
  }
  r->results = json_incref(res);
  *out = r;
  return 0;
}

static void print(FILE *f, const struct kind_result *r) {
  if (r->ptx) ptx16_print(f, r);
  else h16fn_print(f, r);
}

/* The functions' table, then the PTX forms' (after the 16-bit arithmetic's, report.h). */
static int report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n) {
  struct kind_result **fn = malloc(sizeof *fn * (size_t)(n ? n : 1)), **ptx = malloc(sizeof *ptx * (size_t)(n ? n : 1));
  int nf = 0, np = 0;
  if (!fn || !ptx) {
    free(fn), free(ptx);
    return EXIT_IO;
  }
  for (int i = 0; i < n; i++)
    if (rs[i]->ptx) ptx[np++] = rs[i];
    else fn[nf++] = rs[i];
  int rc = h16fn_report(rp, fn, paths, nf);
  if (!rc && np) rc = half_report(rp, ptx, paths, np);
  free(fn), free(ptx);
  return rc;
}

/* The functions' part of a record ("h16"), then the PTX forms' ("half"). */
static int arch_record(struct arch_ctx *a) {
  const int rc = h16fn_arch_record(a), n = a->recorded;
  a->recorded = -1;
  const int rp = half_arch_record(a); /* even when the functions' part failed, as the rest of a record is */
  if (n >= 0) a->recorded = n + (a->recorded >= 0 ? a->recorded : 0);
  return rc ? rc : rp;
}

static int arch_compare(struct arch_ctx *a) {
  int rc = 0;
  if (json_object_get(a->base, "h16")) rc = h16fn_arch_compare(a);
  if (!rc && json_object_get(a->base, "half")) rc = half_arch_compare(a);
  return rc;
}

/* "half": the part of the PTX forms in arch records, and the kind of their result files,
 * before they joined this kind */
static const char *const aliases[] = {"half", NULL};

const struct kind kind_h16 = {
    .name = "h16",
    .aliases = aliases,
    .title = "16-bit function",
    .unit = "inputs",
    .run_help = "16-bit functions (families h16, h16.fn, bf16.fn, or a function: hexp, h2sin, ...) run on\n"
                "the GPU over every input of binary16 or bfloat16, scalar and h2 forms, nvcc's default\n"
                "build and -use_fast_math (NAME.fastmath), in a command of their own; exit status 1 when\n"
                "a result is farther from the correctly rounded one than the CUDA Guide's maximum.\n"
                "\n"
                "Half-precision variants (family half: tanh.approx.f16/.bf16, ex2.approx.f16,\n"
                "ex2.approx.ftz.bf16) run on the GPU over all 2^16 inputs of their format, in a\n"
                "command of their own; exit status 1 when a documented bound is exceeded over all\n"
                "inputs (the verdict over normal results is printed too). No range, shard or resume.\n",
    .owns = owns,
    .list = list,
    .begin = begin,
    .scan = scan,
    .status = status,
    .read = read_file,
    .info = info,
    .write = write_file,
    .print = print,
    .release = release,
    .report = report,
    .arch_record = arch_record,
    .arch_compare = arch_compare,
    .arch_gpu_only = 1,
};
