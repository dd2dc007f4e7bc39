/* arch.c: the stochastic rounding kind's part of arch records: the hardware's cvt.rs (the
 * seven targets, sm_100a and sm_103a only) over binary32 inputs [1, 1 + 2^-7) with every
 * random value, as `run --json` writes them less their seconds; recorded where the GPU has
 * it, and elsewhere said not to be ("not run: needs sm_100a"; on another GPU the part is
 * there, empty, as a part of a kind none of whose variants runs there). A compare runs
 * them again and names each identical or DIFFERS. The software forms do not depend on the
 * machine: `ulpcert run sr` checks them. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/options.h"
#include "src/kinds/sround/sr_hw.h"
#include "src/kinds/sround/sround.h"

#define SR_ARCH_FROM 0x3f800000u
#define SR_ARCH_TO 0x3f80ffffu

/* can this record's device run cvt.rs: 1, or 0 after saying why not */
static int sr_arch_usable(struct arch_ctx *a, const char *what) {
  char why[256];
  int dev = a->sc->o.ndevices > 0 ? a->sc->o.devices[0] : 0;
  if (!a->ri->gpu) return 0; /* a CPU record: the command says it holds nothing of this kind */
  if (srhw_usable(dev, why, sizeof why)) return 1;
  printf("stochastic rounding's cvt.rs %s: not run: needs sm_100a (%s)\n", what, why);
  return 0;
}

/* target t's cvt.rs variant over the record's inputs, as JSON less its seconds */
static int sr_arch_run(struct arch_ctx *a, int t, json_t **out) {
  struct kind_result *r = calloc(1, sizeof *r);
  if (!r) return EXIT_IO;
  r->ri = *a->ri, r->sc = a->sc, r->device = a->sc->o.ndevices > 0 ? a->sc->o.devices[0] : 0;
  struct sr_run *q = &r->run[0];
  sr_variant(SR_MAXVAR - QF_NALL + t, &q->v);
  q->st.first = UINT64_MAX, q->from = SR_ARCH_FROM, q->to = SR_ARCH_TO;
  r->nv = 1, r->ri.from = SR_ARCH_FROM, r->ri.to = SR_ARCH_TO;
  int rc = sr_scan_run(r, q, SR_ARCH_FROM, SR_ARCH_TO);
  if (!rc) {
    *out = sr_run_json(q);
    json_object_del(*out, "seconds");
  }
  free(r);
  return rc;
}

int sround_arch_record(struct arch_ctx *a) {
  if (!sr_arch_usable(a, "not recorded")) {
    /* a GPU without cvt.rs: a part with no variant (none runs here), so that a compare of
     * this record on the same GPU finds no kind missing */
    if (a->ri->gpu) json_object_set_new(a->record, "sround", json_array()), a->recorded = 0;
    return 0;
  }
  json_t *arr = json_array(), *o;
  int rc = 0;
  for (int t = 0; t < QF_NALL && !rc; t++)
    if (!(rc = sr_arch_run(a, t, &o))) json_array_append_new(arr, o);
  if (rc) {
    json_decref(arr);
    errorf("cvt.rs not recorded");
    return rc;
  }
  printf("recorded %d cvt.rs conversions (binary32 inputs 0x%08x..0x%08x, every random value)\n", QF_NALL,
         SR_ARCH_FROM, SR_ARCH_TO);
  a->recorded = QF_NALL;
  json_object_set_new(a->record, "sround", arr);
  return 0;
}

int sround_arch_compare(struct arch_ctx *ac) {
  json_t *arr = json_object_get(ac->base, "sround"), *o;
  size_t k;
  if (!json_array_size(arr) || !sr_arch_usable(ac, "not compared")) return 0;
  int rc = 0;
  json_array_foreach(arr, k, o) {
    const char *name = json_string_value(json_object_get(o, "variant"));
    int t = 0;
    struct sr_var v;
    for (; t < QF_NALL; t++) {
      sr_variant(SR_MAXVAR - QF_NALL + t, &v);
      if (name && !strcmp(v.name, name)) break;
    }
    if (t == QF_NALL) {
      printf("%-38s not a cvt.rs variant of this build\n", name ? name : "?");
      ac->differ = 1;
      continue;
    }
    json_t *now;
    if ((rc = sr_arch_run(ac, t, &now))) break;
    json_t *then = json_deep_copy(o);
    json_object_del(then, "seconds");
    int same = json_equal(now, then);
    printf("%-38s %s\n", v.name, same ? "identical" : "DIFFERS");
    ac->differ |= !same;
    json_decref(now), json_decref(then);
  }
  return rc;
}
