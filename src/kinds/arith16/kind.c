/* kind.c: the 16-bit arithmetic kind's entry in the table of kinds: the catalogue's H16_OP
 * lines, each over all 2^32 pairs of 16-bit operands on the GPU (rows of first operands:
 * --from/--to and --shard split them), against exact references (arith.h). */
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/results.h"
#include "src/kinds/arith16/h16a_kind.h"

/* a family (h16.arith: binary16, bf16.arith: bfloat16, arith16: both), an operation
 * (__hfma: its every form), or a variant */
static int selects(const char *name, const struct h16a_variant *v) {
  return !strcmp(name, "arith16") || (!strcmp(name, "h16.arith") && v->fmt == FMT16_BINARY16) ||
         (!strcmp(name, "bf16.arith") && v->fmt == FMT16_BFLOAT16) || !strcmp(name, v->op) || !strcmp(name, v->name);
}

static int owns(const char *name) {
  for (int i = 0; i < H16A_NV; i++)
    if (selects(name, &h16a_variants[i])) return 1;
  return 0;
}

static void list(FILE *f) {
  fprintf(f, "\n16-bit arithmetic (families h16.arith, bf16.arith, arith16, or an operation's name; all 2^32\n"
             "operand pairs; GPU only):\n");
  for (int i = 0; i < H16A_NV; i++) {
    const struct h16a_variant *v = &h16a_variants[i];
    fprintf(f, "  %-26s %-8s c: %-8s documented: %s\n", v->name, v->fmt == FMT16_BFLOAT16 ? "bfloat16" : "binary16",
            h16a_third_names[v->third], v->documented);
  }
}

static void release(struct kind_result *r) {
  if (r) json_decref(r->results);
  free(r);
}
static struct run_info *info(struct kind_result *r) { return &r->ri; }

/* the rows: --from/--to are first operands (0x0000..0xffff); the default is every one */
static int rows_of(struct run_request *rq, uint32_t *from, uint32_t *to) {
  *from = rq->sc->o.from, *to = rq->sc->o.to == 0xffffffffu ? 0xffff : rq->sc->o.to;
  if (*to > 0xffff || *from > *to) {
    errorf("--from/--to of 16-bit operations are first operands, 0x0000 to 0xffff (got 0x%08x..0x%08x)", *from,
           rq->sc->o.to);
    return EXIT_USAGE;
  }
  return 0;
}

static int begin(struct run_request *rq, struct kind_result **out) {
  if (rq->source || rq->function) {
    errorf("--source and --function do not apply to 16-bit operations");
    return EXIT_USAGE;
  }
  int rc = gpu_only_backend(rq->sc, "16-bit operations are GPU instructions");
  if (rc) return rc;
  struct kind_result *r = calloc(1, sizeof *r);
  if (!r) return EXIT_IO;
  rc = rows_of(rq, &r->ri.from, &r->ri.to);
  uint32_t from = r->ri.from, to = r->ri.to;
  for (int k = 0; k < H16A_NV; k++)
    for (int i = 0; i < rq->nnames; i++)
      if (selects(rq->names[i], &h16a_variants[k])) {
        r->v[r->nv++] = &h16a_variants[k];
        break;
      }
  if (!rc) rc = run_info_gpu(&r->ri, "16-bit operations");
  r->ri.from = from, r->ri.to = to;
  r->device = first_device(rq->sc);
  if (rc) release(r);
  else *out = r;
  return rc;
}

static int scan(struct kind_result *r, uint32_t from, uint32_t to, uint32_t cov[][2], int *ncov) {
  int rc = 0, nrun = 0;
  const double t0 = now_s();
  *ncov = 0;
  for (int i = 0; i < r->nv && !rc; i++) {
    struct h16a_stats s;
    int e = h16a_run(r, r->v[i], from, to, &s, NULL);
    if (e == 1) continue; /* this GPU lacks the operation */
    if (e) rc = e;
    else {
      if (r->ran[i]) h16a_stats_merge(&r->st[i], &s);
      else r->st[i] = s;
      r->ran[i] = 1, nrun++;
    }
  }
  r->wall += now_s() - t0;
  if (!nrun && !rc) {
    errorf("no 16-bit operation of this command runs on %s", r->ri.ginfo.name);
    rc = EXIT_USAGE;
  }
  if (!rc) cov[0][0] = from, cov[0][1] = to, *ncov = 1;
  return rc;
}

static int status(const struct kind_result *r) {
  for (int i = 0; i < r->nv; i++)
    if (r->ran[i] && strcmp(h16a_verdict(&r->st[i]), "HOLDS")) return EXIT_FAIL;
  return EXIT_OK;
}

static int write_file(const char *path, const struct kind_result *r, char *err, size_t errlen) {
  json_t *res = json_array();
  for (int i = 0; i < r->nv; i++)
    if (r->ran[i]) json_array_append_new(res, h16a_stats_json(r->v[i], &r->st[i]));
  return result_write_free(path, result_root(&r->ri, "arith16", 1, r->wall), res, err, errlen);
}

static int read_file(json_t *root, const char *path, struct kind_result **out, char *err, size_t errlen) {
  struct kind_result *r = calloc(1, sizeof *r);
  json_t *res;
  if (!r) return EXIT_IO;
  int rc = result_array_read(root, path, &r->ri, &res, H16A_NV, "no 'results' array of 16-bit operations", err,
                             errlen);
  size_t k;
  json_t *o;
  json_array_foreach(res, k, o) {
    if (rc) break;
    if (!h16a_stats_read(o, &r->v[r->nv], &r->st[r->nv])) r->ran[r->nv++] = 1;
    else {
      snprintf(err, errlen, "%s: results[%zu] is not a 16-bit operation's result of this ulpcert", path, k);
      rc = EXIT_CORRUPT;
    }
  }
  if (rc) {
    free(r);
    return rc;
  }
  r->results = json_incref(res);
  *out = r;
  return 0;
}

static int same(const struct kind_result *a, const struct kind_result *b, const char *pa, const char *pb, char *err,
                size_t errlen) {
  int ok = a->nv == b->nv;
  for (int i = 0; ok && i < a->nv; i++) ok = a->v[i] == b->v[i];
  if (!ok) snprintf(err, errlen, "%s and %s hold different 16-bit operations", pa, pb);
  return ok ? 0 : EXIT_USAGE;
}

static void merge(struct kind_result *a, const struct kind_result *b) {
  for (int i = 0; i < a->nv; i++) h16a_stats_merge(&a->st[i], &b->st[i]);
  a->wall += b->wall;
}

/* "h16arith": the kind's name before it took its family's, in result files and records */
static const char *const aliases[] = {"h16arith", NULL};

const struct kind kind_arith16 = {
    .name = "arith16",
    .aliases = aliases,
    .title = "16-bit arithmetic",
    .unit = "first operands",
    .run_help = "16-bit arithmetic (families h16.arith, bf16.arith, arith16, or an operation: __hadd,\n"
                "__hfma_sat, ...) runs on the GPU over every pair of 16-bit operands, in a command of\n"
                "its own; --from/--to and --shard select first operands (0x0000..0xffff); exit status 1\n"
                "when a pair differs from the documented result.\n",
    .owns = owns,
    .list = list,
    .begin = begin,
    .scan = scan,
    .status = status,
    .read = read_file,
    .info = info,
    .same = same,
    .merge = merge,
    .write = write_file,
    .print = h16a_print,
    .release = release,
    .report = h16a_report,
    .arch_record = h16a_arch_record,
    .arch_compare = h16a_arch_compare,
    .arch_gpu_only = 1,
};
