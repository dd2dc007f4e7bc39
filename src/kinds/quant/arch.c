/* arch.c: the quantizers kind's part of arch records: every CUDA quantizer of a 16-bit
 * source (binary16, bfloat16) run whole on the device, its result object as `run --json`
 * writes it (counts, classes, first differences, scale results, error); GPU records only
 * (the CPU backend runs the same check through the headers' host paths, 17 s on two
 * cores: too long for every CPU record). A compare runs
 * them again and names those whose results changed (seconds aside). Binary32 sources take
 * seconds each on a GPU and are left to `ulpcert run`. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/options.h"
#include "src/kinds/quant/quant.h"

/* quantizer i of the record (fam x {f16, bf16} x {cuda, cuda2}) into q, run whole */
static int q_arch_run(struct arch_ctx *a, int i, struct q_run *q) {
  struct kind_result *r = calloc(1, sizeof *r);
  if (!r) return EXIT_IO;
  r->ri = *a->ri, r->sc = a->sc, r->device = a->sc->o.ndevices > 0 ? a->sc->o.devices[0] : 0;
  r->g = 1.0f, r->Ng = 1, r->Eg = 0; /* no per-tensor scale */
  memset(q, 0, sizeof *q);
  q->fam = i / 4, q->src = QX_F16 + i / 2 % 2, q->impl = i % 2;
  snprintf(q->name, sizeof q->name, "%s.%s.%s", q_fam_names[q->fam], q_src_names[q->src], q_impl_name(q->fam, q->impl));
  q_stats_clear(&q->st), q_bstats_clear(&q->bs);
  q->from = 0, q->to = 0xffff;
  int rc = q_scan_variant(r, q, 0, 0xffff);
  free(r);
  return rc;
}
#define Q_ARCH_N (QM_NFAM * 4)

/* a result object without its seconds (what may change between identical runs) */
static json_t *q_arch_obj(const struct q_run *q) {
  json_t *o = q_run_json(q);
  json_object_del(o, "seconds");
  return o;
}

int q_arch_record(struct arch_ctx *a) {
  if (!a->ri->gpu) return 0; /* as the conversions: a CPU record (every kind of make test's) stays short */
  json_t *arr = json_array();
  int rc = 0;
  for (int i = 0; i < Q_ARCH_N && !rc; i++) {
    struct q_run q;
    /* without its seconds: the records of two ranges hold equal parts, as merge requires */
    if (!(rc = q_arch_run(a, i, &q))) json_array_append_new(arr, q_arch_obj(&q));
  }
  if (rc) {
    json_decref(arr);
    errorf("quantizers not recorded");
    return rc;
  }
  printf("recorded %d quantizers (16-bit sources, every element x every scale, every amax)\n", Q_ARCH_N);
  a->recorded = Q_ARCH_N;
  json_object_set_new(a->record, "quant", arr);
  return 0;
}

int q_arch_compare(struct arch_ctx *ac) {
  json_t *arr = json_object_get(ac->base, "quant"), *o;
  size_t k;
  if (!json_array_size(arr)) return 0;
  if (!ac->ri->gpu) {
    printf("%zu quantizers not compared: they are recorded on a GPU\n", json_array_size(arr));
    return 0;
  }
  int rc = 0;
  json_array_foreach(arr, k, o) {
    const char *name = json_string_value(json_object_get(o, "quantizer"));
    int i = 0;
    struct q_run q;
    for (; i < Q_ARCH_N; i++) {
      char b[64];
      snprintf(b, sizeof b, "%s.%s.%s", q_fam_names[i / 4], q_src_names[QX_F16 + i / 2 % 2], q_impl_name(i / 4, i % 2));
      if (name && !strcmp(b, name)) break;
    }
    if (i == Q_ARCH_N) {
      printf("%-38s not a quantizer of this build\n", name ? name : "?");
      ac->differ = 1;
      continue;
    }
    if ((rc = q_arch_run(ac, i, &q))) break;
    json_t *now = q_arch_obj(&q), *then = json_deep_copy(o);
    json_object_del(then, "seconds");
    int same = json_equal(now, then);
    printf("%-38s %s\n", q.name, same ? "identical" : "DIFFERS");
    ac->differ |= !same;
    json_decref(now), json_decref(then);
  }
  return rc;
}
