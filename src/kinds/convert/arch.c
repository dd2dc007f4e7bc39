/* arch.c: the conversions kind's part of arch records: every variant this GPU runs, with
 * its statistics, the digest of its outputs per 2^24 binary32 inputs (binary32 sources)
 * or every output (small domains), and its mismatches when there are at most CONV_LIST.
 * A compare runs the baseline's variants again and names what changed: the inputs of a
 * small domain exactly, the bins of a binary32 one, and the listed mismatches that
 * appeared or went (an output that changes either way is a mismatch on one side, unless
 * both are mismatches or NaNs). A variant recorded elsewhere that does not run here (a
 * flavour without code for this GPU) is not compared, and said so. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/options.h"
#include "src/kinds/convert/conv_kind.h"

static int device_of(struct arch_ctx *a) { return a->sc->o.ndevices > 0 ? a->sc->o.devices[0] : 0; }

int conv_arch_record(struct arch_ctx *a) {
  if (!a->ri->gpu) return 0;
  struct kind_result *r = calloc(1, sizeof *r);
  if (!r) return EXIT_IO;
  r->ri = *a->ri, r->sc = a->sc, r->device = device_of(a);
  const struct conv_variant *v;
  r->nv = conv_variants(&v);
  json_t *arr = json_array();
  int rc = 0, nrec = 0;
  for (int i = 0; i < r->nv && !rc; i++) {
    r->run[i].v = &v[i];
    rc = conv_run_variant(r, &r->run[i], a->sc->o.from, a->sc->o.to, 1);
    if (!rc && r->run[i].ran) json_array_append_new(arr, conv_run_json(&r->run[i], 1)), nrec++;
    free(r->run[i].out), r->run[i].out = NULL;
  }
  free(r);
  if (rc) {
    json_decref(arr);
    errorf("conversions not recorded");
    return rc;
  }
  printf("recorded %d conversions (%d not run on this GPU)\n", nrec, conv_variants(&v) - nrec);
  a->recorded = nrec;
  json_object_set_new(a->record, "convert", arr);
  return 0;
}

/* the listed mismatches of o as (input, output) pairs; -1 when not listed */
static int listed(json_t *o, uint32_t (*l)[2]) {
  json_t *a = json_object_get(o, "mismatch_list"), *e;
  size_t k;
  if (!json_is_array(a)) return -1;
  json_array_foreach(a, k, e) {
    if (k >= CONV_LIST) return -1;
    l[k][0] = (uint32_t)strtoul(json_string_value(json_array_get(e, 0)) ?: "", NULL, 16);
    l[k][1] = (uint32_t)strtoul(json_string_value(json_array_get(e, 1)) ?: "", NULL, 16);
  }
  return (int)json_array_size(a);
}

/* mismatches in one list and not the other (an output that moved) */
static void list_moves(json_t *then, const struct conv_run *now) {
  uint32_t a[CONV_LIST][2];
  const int na = listed(then, a);
  if (na < 0 || now->st.mismatches > CONV_LIST) {
    printf("  (too many mismatches on one side to list them)\n");
    return;
  }
  for (int i = 0; i < na; i++) {
    int found = 0;
    for (uint32_t j = 0; j < now->st.nlist; j++) found |= now->st.list[j][0] == a[i][0] && now->st.list[j][1] == a[i][1];
    if (!found) printf("  input 0x%08x: baseline output 0x%x (a mismatch), now another\n", a[i][0], a[i][1]);
  }
  for (uint32_t j = 0; j < now->st.nlist; j++) {
    int found = 0;
    for (int i = 0; i < na; i++) found |= now->st.list[j][0] == a[i][0] && now->st.list[j][1] == a[i][1];
    if (!found) printf("  input 0x%08x: now 0x%x (a mismatch), not in the baseline's\n", now->st.list[j][0], now->st.list[j][1]);
  }
}

/* 1 when the variant's outputs differ from the record's, 0 when not */
static int compare_one(json_t *o, const struct conv_run *cr) {
  const struct conv_def *d = cr->v->d;
  int differ = 0;
  if (d->src == LOWP_F32) {
    json_t *bins = json_object_get(o, "bins");
    int nb = 0;
    for (int b = 0; b < CONV_BINS; b++) {
      const uint64_t then = strtoull(json_string_value(json_array_get(bins, (size_t)b)) ?: "0", NULL, 16);
      if (then == cr->st.bins[b]) continue;
      if (nb++ < 8) printf("  bin 0x%02x (inputs 0x%02x000000..0x%02xffffff) differs\n", b, b, b);
    }
    differ = nb > 0;
    if (nb > 8) printf("  ... %d bins differ in all\n", nb);
  } else {
    const uint32_t n = cr->to + 1;
    uint32_t *then = malloc(sizeof *then * n), nd = 0;
    if (!then || conv_parse_outputs(json_object_get(o, "outputs"), n, then)) {
      free(then);
      printf("  the record holds no outputs for it\n");
      return 1;
    }
    for (uint32_t i = 0; i < n; i++)
      if (then[i] != cr->out[i] && nd++ < 8) printf("  input 0x%x: baseline 0x%x, now 0x%x\n", i, then[i], cr->out[i]);
    free(then);
    differ = nd > 0;
  }
  if (differ || (uint64_t)json_integer_value(json_object_get(o, "mismatches")) != cr->st.mismatches) {
    printf("  mismatches %lld -> %llu, exact %lld -> %llu\n", json_integer_value(json_object_get(o, "mismatches")),
           (unsigned long long)cr->st.mismatches, json_integer_value(json_object_get(o, "exact")),
           (unsigned long long)cr->st.exact);
    list_moves(o, cr);
    differ = 1;
  }
  return differ;
}

int conv_arch_compare(struct arch_ctx *ac) {
  json_t *arr = json_object_get(ac->base, "convert"), *o;
  if (!json_array_size(arr)) return 0;
  if (!ac->ri->gpu) {
    printf("%zu conversions not compared: they run on a GPU only\n", json_array_size(arr));
    return 0;
  }
  struct kind_result *r = calloc(1, sizeof *r);
  if (!r) return EXIT_IO;
  r->ri = *ac->ri, r->sc = ac->sc, r->device = device_of(ac);
  int rc = 0;
  size_t k;
  json_array_foreach(arr, k, o) {
    const struct conv_variant *v = conv_find(json_string_value(json_object_get(o, "variant")) ?: "");
    if (!v) {
      printf("%-38s not in this build's catalogue\n", json_string_value(json_object_get(o, "variant")) ?: "?");
      ac->differ = 1;
      continue;
    }
    struct conv_run *cr = &r->run[0];
    memset(cr, 0, sizeof *cr);
    cr->v = v;
    json_t *rg = json_object_get(o, "range");
    const uint32_t from = (uint32_t)strtoul(json_string_value(json_array_get(rg, 0)) ?: "0", NULL, 16);
    const uint32_t to = (uint32_t)strtoul(json_string_value(json_array_get(rg, 1)) ?: "0", NULL, 16);
    if ((rc = conv_run_variant(r, cr, from, to, 1))) break;
    if (!cr->ran) printf("%-38s not compared: %s\n", v->name, cr->why);
    else {
      const int d = compare_one(o, cr);
      printf("%-38s %s\n", v->name, d ? "DIFFERS" : "identical");
      ac->differ |= d;
    }
    free(cr->out), cr->out = NULL;
  }
  free(r);
  return rc;
}
