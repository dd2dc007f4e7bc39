/* kind.c: the conversions kind's entry in the table of kinds: the catalogue's conversions
 * (conversions/<format>/, catalogue.h) in each flavour, every input of their source
 * format against the exact result of their documented semantics. A run takes seconds on a
 * GPU: no shards or resumption; --from/--to restrict the binary32 inputs (the small
 * domains are always whole). On the CPU backend the default flavour runs the CUDA
 * headers' host code. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/options.h"
#include "src/engine/results.h"
#include "src/kinds/convert/conv_kind.h"

static void list(FILE *f) {
  const struct conv_variant *v;
  const int n = conv_variants(&v);
  fprintf(f, "\nconversions (family convert, and convert.<format>; every input of the source format):\n");
  for (int i = 0; i < n; i++) {
    if (i == 0 || strcmp(v[i].d->family, v[i - 1].d->family))
      fprintf(f, "  convert.%s:\n", v[i].d->family);
    if (v[i].flav == CV_DEFAULT) fprintf(f, "    %-36s %s\n      documented: %s\n", v[i].name, v[i].d->api, v[i].d->doc);
    else fprintf(f, "    %-36s the same, %s flavour\n", v[i].name, conv_flavour_name(v[i].flav));
  }
}

static void release(struct kind_result *r) {
  if (!r) return;
  for (int i = 0; i < r->nv; i++) free(r->run[i].out);
  json_decref(r->results);
  free(r);
}
static struct run_info *info(struct kind_result *r) { return &r->ri; }

/* the variants named, each once, in catalogue order */
static int resolve(struct run_request *rq, struct kind_result *r) {
  const struct conv_variant *v;
  const int n = conv_variants(&v);
  for (int i = 0; i < rq->nnames; i++)
    if (!conv_owns(rq->names[i])) {
      errorf("unknown variant or family '%s' (see 'ulpcert list')", rq->names[i]);
      return EXIT_USAGE;
    }
  for (int k = 0; k < n; k++)
    for (int i = 0; i < rq->nnames; i++)
      if (conv_matches(&v[k], rq->names[i])) {
        r->run[r->nv++].v = &v[k];
        break;
      }
  return 0;
}

static int begin(struct run_request *rq, struct kind_result **out) {
  if (rq->resume || rq->shard_n || rq->source || rq->function || rq->ranks > 1) {
    errorf("--resume, --shard, --source and MPI do not apply to conversions (seconds per conversion)");
    return EXIT_USAGE;
  }
  struct kind_result *r = calloc(1, sizeof *r);
  if (!r) return EXIT_IO;
  int rc = resolve(rq, r);
  if (!rc) rc = run_info_for(rq->sc, &r->ri);
  if (rc) {
    release(r);
    return rc;
  }
  r->sc = rq->sc;
  r->device = first_device(rq->sc);
  if (!g_quiet)
    fprintf(stderr, "ulpcert: %d conversion%s, binary32 inputs 0x%08x..0x%08x, %s backend\n", r->nv,
            r->nv == 1 ? "" : "s", r->ri.from, r->ri.to, r->ri.gpu ? "gpu" : "cpu");
  *out = r;
  return 0;
}

/* Every variant (the range is the run's: binary32 sources over it, small domains whole). */
static int scan(struct kind_result *r, uint32_t from, uint32_t to, uint32_t cov[][2], int *ncov) {
  const double t0 = now_s();
  int rc = 0, nrun = 0;
  struct progress_sum pc = {{0}, 0};
  if (!r->ri.gpu) { /* the CPU takes minutes per binary32 conversion: a bar, and SIGINT between chunks */
    uint64_t total = 0;
    for (int i = 0; i < r->nv; i++) total += r->run[i].v->d->src == LOWP_F32 ? (uint64_t)to - from + 1 : 0;
    progress_start(&pc.bar, "conversions", total, r->sc->o.progress && !g_quiet);
    r->pc = &pc;
  }
  for (int i = 0; i < r->nv && !rc; i++) {
    if (progress_add(&pc, 0)) rc = EXIT_INTERRUPT;
    else rc = conv_run_variant(r, &r->run[i], from, to, 0);
    nrun += r->run[i].ran;
    if (!rc && !g_quiet)
      fprintf(stderr, "ulpcert: %-38s %s (%.2f s)\n", r->run[i].v->name,
              r->run[i].ran ? conv_verdict(&r->run[i].st) : "not run", r->run[i].seconds);
  }
  r->wall = now_s() - t0;
  if (r->pc) progress_end(&pc.bar), r->pc = NULL;
  if (rc == EXIT_INTERRUPT) { /* nothing partial is kept: every conversion takes its whole domain */
    *ncov = -1;
    return rc;
  }
  if (!rc && !nrun) {
    errorf("none of the %d conversion%s runs on the %s backend here (%s)", r->nv, r->nv == 1 ? "" : "s",
           r->ri.gpu ? "gpu" : "cpu", r->nv ? r->run[0].why : "");
    rc = EXIT_USAGE;
  }
  cov[0][0] = from, cov[0][1] = to, *ncov = 1;
  return rc;
}

static void print(FILE *f, const struct kind_result *r) {
  fprintf(f, "%-38s %-8s %10s %10s %10s %-9s %-6s %-8s %s\n", "variant", "path", "inputs", "exact", "mismatch",
          "max err", "x2 bad", "verdict", "mismatches by class (first input)");
  for (int i = 0; i < r->nv; i++) conv_print_row(f, &r->run[i]);
}

static int status(const struct kind_result *r) {
  for (int i = 0; i < r->nv; i++)
    if (r->run[i].ran && strcmp(conv_verdict(&r->run[i].st), "HOLDS")) return EXIT_FAIL;
  return EXIT_OK;
}

static int write_file(const char *path, const struct kind_result *r, char *err, size_t errlen) {
  json_t *res = json_array();
  for (int i = 0; i < r->nv; i++) json_array_append_new(res, conv_run_json(&r->run[i], 0));
  return result_write_free(path, result_root(&r->ri, "convert", 1, r->wall), res, err, errlen);
}

static int read_file(json_t *root, const char *path, struct kind_result **out, char *err, size_t errlen) {
  struct kind_result *r = calloc(1, sizeof *r);
  if (!r) return EXIT_IO;
  json_t *res;
  int rc = result_array_read(root, path, &r->ri, &res, 0, "not a conversions result (field 'results')", err, errlen);
  if (rc) {
    free(r);
    return rc;
  }
  r->results = json_incref(res);
  *out = r;
  return 0;
}

const struct kind kind_convert = {
    .name = "convert",
    .title = "conversion",
    .unit = "inputs",
    .run_help =
        "Conversions (family convert; convert.f16, .bf16, .tf32, .fp8, .fp6, .fp4, .e8m0) run\n"
        "every input of their source format (--from/--to restrict the binary32 ones) against\n"
        "the exact result of their documented semantics, in a command of their own; exit\n"
        "status 1 when an output differs or an x2 lane disagrees. Flavours .emul (the CUDA\n"
        "headers' software paths) and .family (sm_100f/sm_110f/sm_120f code) run on the GPU\n"
        "only; a flavour without code for the GPU at hand is reported as not run. The CPU\n"
        "backend runs the headers' host code. No shard or resume.\n",
    .owns = conv_owns,
    .list = list,
    .begin = begin,
    .scan = scan,
    .status = status,
    .read = read_file,
    .info = info,
    .write = write_file,
    .print = print,
    .release = release,
    .report = conv_report,
    .arch_record = conv_arch_record,
    .arch_compare = conv_arch_compare,
    .arch_gpu_only = 1,
};
