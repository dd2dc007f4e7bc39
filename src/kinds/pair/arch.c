/* arch.c: the two-argument kind's part of arch records: every variant the backend runs,
 * over the record's range of the swept operand, both ways (the first operand swept, then
 * the second: --swap), against the partners of `ulpcert run` (ARCH_PARTNERS seeded
 * random ones, seed ARCH_SEED). The part is {"sweeps": [first, second]}, each a result
 * document of the kind whose variants carry, per bin of 2^20 swept x, the digest and the
 * output moments m0 = sum out, m1 = sum (i + 1) out (mod 2^61 - 1, i = (x - the bin's
 * first) np + k the pair's index in its bin, k the partner's).
 *
 * Compare runs the baseline's variants through the pipeline for their outputs only (no
 * references); a variant whose bins all match is identical, the others are then scanned
 * in full. In a bin that differs, one changed pair is located by the moments (i + 1 =
 * dm1 / dm0), evaluated again, its recorded output found from dm0 and confirmed by the
 * digest; otherwise the bin holds several changes. record --reuse takes the statistics of
 * every variant whose bins all match the record's from the record and scans the others. */
#include <jansson.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/binary32/arch.h"
#include "src/kinds/pair/pair_pipe_core.h"
#include "src/kinds/pair/pair_result.h"
#include "src/kinds/pair/pair_scan.h"

extern const struct kind kind_pair;

static int bins_differ(const struct stats *a, const struct stats *b, uint32_t k) {
  return a->bin_digest[k] != b->bin_digest[k] || a->bin_inputs[k] != b->bin_inputs[k] || a->bin_m0[k] != b->bin_m0[k] ||
         a->bin_m1[k] != b->bin_m1[k];
}

static int outputs_differ(const struct stats *a, const struct stats *b) {
  for (uint32_t k = 0; k < NBINS; k++)
    if (bins_differ(a, b, k)) return 1;
  return 0;
}

/* A result over the record's range for one sweep: the variants the backend runs and the
 * record's partners (like NULL), or like's variants and partners; moments on. */
static struct pair_result *start(const struct arch_ctx *a, int swap, const struct pair_result *like) {
  struct pair_result *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  r->ri = *a->ri, r->ri.complete = 1, r->ri.ncov = 0, r->sc = a->sc, r->moments = 1;
  r->ri.threads = a->sc->o.threads > 0 ? a->sc->o.threads : omp_get_max_threads();
  r->swap = like ? like->swap : swap, r->partner_set = PAIR_PARTNER_SET;
  r->nrandom = like ? like->nrandom : ARCH_PARTNERS, r->seed = like ? like->seed : ARCH_SEED;
  const struct pair_variant *vs[PAIR_MAXV];
  int nv = 0, rc = 0;
  if (like)
    for (int i = 0; i < like->nv; i++) vs[nv++] = like->pv[i];
  else
    pair_resolve("pair", a->ri->gpu, vs, PAIR_MAXV, &nv);
  for (int i = 0; i < nv && !rc; i++) rc = pair_add_variant(r, vs[i]);
  if (rc) {
    pair_release((struct kind_result *)r);
    return NULL;
  }
  return r;
}

/* r over its range: outputs only (digests and moments), or in full. */
static int pass(struct pair_result *r, int outputs_only) {
  uint32_t cov[RESULT_MAXCOV][2];
  int ncov;
  r->outputs_only = outputs_only;
  for (int i = 0; i < r->nv; i++) {
    struct stats *s = r->st[i];
    stats_init(s);
    s->pairs = 1, s->has_moments = 1;
    stats_set_clauses(s, r->pv[i]->base.clause, r->pv[i]->base.n_clauses);
  }
  int rc = pair_scan((struct kind_result *)r, r->ri.from, r->ri.to, cov, &ncov);
  if (rc == EXIT_INTERRUPT) errorf("interrupted: no record of the two-argument variants");
  return rc;
}

/* The variants marked in differs[] scanned in full; their statistics into r's. */
static int scan_differing(struct pair_result *r, const int *differs) {
  struct pair_result *s = calloc(1, sizeof *s);
  if (!s) return EXIT_IO;
  *s = *r;
  s->nv = 0, s->pairs = NULL, s->file.nv = 0;
  int rc = 0;
  for (int i = 0; i < r->nv; i++)
    if (differs[i]) s->pv[s->nv] = r->pv[i], s->v[s->nv] = r->v[i], s->st[s->nv++] = r->st[i];
  if (s->nv) rc = pass(s, 0);
  r->wall = s->wall, r->t_ref = s->t_ref, r->t_eval = s->t_eval, r->mpfr_calls = s->mpfr_calls;
  free(s); /* the statistics are r's */
  return rc;
}

/* The baseline's part: its two sweeps read back (NULL where absent). */
struct base {
  struct pair_result *sw[2];
};

static void base_free(struct base *b) {
  for (int k = 0; k < 2; k++) pair_release((struct kind_result *)b->sw[k]), b->sw[k] = NULL;
}

static int base_read(json_t *part, const char *path, struct base *b) {
  memset(b, 0, sizeof *b);
  json_t *sw = json_object_get(part, "sweeps");
  if (!json_is_array(sw) || json_array_size(sw) > 2) {
    errorf("%s: the two-argument part has no sweeps", path);
    return EXIT_CORRUPT;
  }
  for (size_t k = 0; k < json_array_size(sw); k++) {
    char err[1024];
    struct kind_result *kr;
    int rc = pair_read(json_array_get(sw, k), path, &kr, err, sizeof err);
    if (rc) {
      errorf("%s (two-argument part)", err);
      base_free(b);
      return rc;
    }
    struct pair_result *r = (struct pair_result *)kr;
    for (int i = 0; i < r->nv; i++)
      if (!r->st[i]->has_moments) {
        errorf("%s: two-argument variant %s has no moments: not a part of an arch record", path, r->pv[i]->name);
        pair_release(kr);
        base_free(b);
        return EXIT_CORRUPT;
      }
    if (b->sw[r->swap]) pair_release((struct kind_result *)b->sw[r->swap]);
    b->sw[r->swap] = r;
  }
  return 0;
}

static const struct stats *base_stats(const struct pair_result *b, const struct pair_variant *v) {
  for (int j = 0; b && j < b->nv; j++)
    if (b->pv[j] == v) return b->st[j];
  return NULL;
}

static int same_partners(const struct pair_result *a, const struct pair_result *b) {
  return a->nrandom == b->nrandom && a->seed == b->seed && a->partner_set == b->partner_set;
}

/* One sweep of the record: with a baseline (reuse), outputs first and the statistics of
 * matching variants taken from it. */
static int record_sweep(struct arch_ctx *a, int swap, const struct pair_result *b, json_t *sweeps, int *nreused,
                        int *nv) {
  static char desc[600];
  struct pair_result *r = start(a, swap, NULL);
  int differs[PAIR_MAXV], rc = r ? 0 : EXIT_IO;
  if (!rc && b && same_partners(r, b)) {
    snprintf(desc, sizeof desc, "%s (%s, driver %s)", a->base_path, b->ri.device, b->ri.driver[0] ? b->ri.driver : "none");
    rc = pass(r, 1);
    for (int i = 0; !rc && i < r->nv; i++) {
      const struct stats *s = base_stats(b, r->pv[i]);
      differs[i] = !s || outputs_differ(s, r->st[i]) || !stats_clauses_same(s, r->st[i]);
      if (!differs[i]) memcpy(r->st[i], s, sizeof *s), r->st[i]->stats_from = desc, (*nreused)++;
    }
    if (!rc) rc = scan_differing(r, differs);
  } else if (!rc) {
    rc = pass(r, 0);
  }
  if (!rc) json_array_append_new(sweeps, pair_json(r)), *nv += r->nv;
  pair_release((struct kind_result *)r);
  return rc;
}

int pair_arch_record(struct arch_ctx *a) {
  pair_registry_init();
  struct base b = {{NULL, NULL}};
  json_t *bp = a->base ? arch_part(a->base, &kind_pair) : NULL;
  int rc = bp ? base_read(bp, a->base_path, &b) : 0, nreused = 0, nv = 0;
  json_t *sweeps = json_array();
  for (int swap = 0; swap < 2 && !rc; swap++) rc = record_sweep(a, swap, b.sw[swap], sweeps, &nreused, &nv);
  if (!rc) {
    json_object_set_new(a->record, kind_pair.name, json_pack("{s:o}", "sweeps", json_incref(sweeps)));
    printf("recorded %d two-argument variants, each operand swept over 0x%08x..0x%08x, on %s\n", nv / 2, a->ri->from,
           a->ri->to, a->ri->gpu ? a->ri->ginfo.name : "the CPU");
    a->recorded = nv / 2, a->gpus = a->ri->gpu ? (a->sc->o.ndevices > 0 ? a->sc->o.ndevices : 1) : 0;
    if (bp)
      printf("statistics of %d of %d two-argument variant sweeps taken from %s (outputs identical in every bin), %d "
             "measured\n", nreused, nv, a->base_path, nv - nreused);
  }
  json_decref(sweeps);
  base_free(&b);
  return rc;
}

/* ---- compare ---- */

static uint64_t modp_pow(uint64_t x, uint64_t e) {
  uint64_t r = 1;
  for (; e; e >>= 1) {
    if (e & 1) r = modp_mul(r, x);
    x = modp_mul(x, x);
  }
  return r;
}

/* variant v's output at (a, b), now */
static int eval_now(const struct arch_ctx *a, const struct pair_variant *v, uint32_t x, uint32_t y, uint32_t *out) {
  if (!a->ri->gpu) {
    *out = f2u(v->host_fn(u2f(x), u2f(y)));
    return 0;
  }
  char err[512];
  if (pair_gpu_eval(a->sc->o.ndevices > 0 ? a->sc->o.devices[0] : 0, v->flavour, v->dev, &x, &y, 1, out, err,
                    sizeof err)) {
    errorf("%s: %s", v->name, err);
    return EXIT_NOGPU;
  }
  return 0;
}

/* Bin k of variant i differs: one changed pair located and printed, or the bin said to
 * hold several. 0 or an exit code. */
static int locate(const struct arch_ctx *a, const struct pair_result *r, int i, uint32_t k, const struct stats *then) {
  const struct stats *now = r->st[i];
  const struct pair_variant *v = r->pv[i];
  const uint32_t np = pair_npart(r->nrandom), lo = k << BIN_LOG2;
  const uint64_t d0 = pp_modp(now->bin_m0[k] + MOD_P - then->bin_m0[k]), d1 = pp_modp(now->bin_m1[k] + MOD_P - then->bin_m1[k]);
  const uint64_t k1 = d0 ? modp_mul(d1, modp_pow(d0, MOD_P - 2)) : 0; /* (i + 1) by Fermat's inverse */
  if (k1 && k1 <= ((uint64_t)np << BIN_LOG2)) {
    const uint32_t x = lo + (uint32_t)((k1 - 1) / np), kp = (uint32_t)((k1 - 1) % np);
    const uint32_t p = pair_partner(v->ref->set, r->swap, x, kp, r->seed);
    const uint32_t fa = pp_op_a(r->swap, x, p), fb = pp_op_b(r->swap, x, p);
    uint32_t o;
    int rc = eval_now(a, v, fa, fb, &o);
    if (rc) return rc;
    const int64_t delta = d0 < (1ull << 33) ? (int64_t)d0 : -(int64_t)(MOD_P - d0); /* dm0 in (-2^32, 2^32) */
    const int64_t old = (int64_t)o - delta;
    if (old >= 0 && old <= 0xffffffffll &&
        now->bin_digest[k] - digest_term_at(x, p, o) + digest_term_at(x, p, (uint32_t)old) == then->bin_digest[k]) {
      printf("  pair (0x%08x, 0x%08x) = (%a, %a) [partner %u]: baseline 0x%08x (%a), now 0x%08x (%a)\n", fa, fb,
             (double)u2f(fa), (double)u2f(fb), kp, (uint32_t)old, (double)u2f((uint32_t)old), o, (double)u2f(o));
      return 0;
    }
  }
  printf("  swept operand 0x%08x..0x%08x: several outputs differ\n", lo, lo + (1u << BIN_LOG2) - 1);
  return 0;
}

static int report_variant(struct arch_ctx *a, const struct pair_result *r, int i, const struct stats *then) {
  uint32_t nbins = 0, first[8], nfirst = 0;
  for (uint32_t k = 0; k < NBINS; k++)
    if (bins_differ(then, r->st[i], k)) {
      if (nfirst < 8) first[nfirst++] = k;
      nbins++;
    }
  if (!nbins) {
    printf("%-22s identical (%llu pairs)\n", r->pv[i]->name, (unsigned long long)then->inputs);
    return 0;
  }
  a->differ = 1;
  printf("%-22s DIFFERS in %u bin%s of 2^%d swept inputs\n", r->pv[i]->name, nbins, nbins == 1 ? "" : "s", BIN_LOG2);
  for (uint32_t j = 0; j < nfirst; j++) {
    int rc = locate(a, r, i, first[j], then);
    if (rc) return rc;
  }
  arch_print_moved(&r->pv[i]->base, then, r->st[i]);
  return 0;
}

static int compare_sweep(struct arch_ctx *a, const struct pair_result *b) {
  for (int i = 0; i < b->nv; i++)
    if ((b->pv[i]->flavour == PF_HOST) == (a->ri->gpu != 0)) {
      errorf("%s: variant %s is not one this ulpcert runs on the %s backend", a->base_path, b->pv[i]->name,
             a->ri->gpu ? "gpu" : "cpu");
      return EXIT_USAGE;
    }
  if (b->partner_set != PAIR_PARTNER_SET) {
    errorf("%s: its two-argument part was made with partner set %d, this ulpcert uses set %d", a->base_path,
           b->partner_set, PAIR_PARTNER_SET);
    return EXIT_CORRUPT;
  }
  if (b->ri.from != a->ri->from || b->ri.to != a->ri->to) {
    errorf("%s: its two-argument part covers 0x%08x..0x%08x, the record 0x%08x..0x%08x", a->base_path, b->ri.from,
           b->ri.to, a->ri->from, a->ri->to);
    return EXIT_CORRUPT;
  }
  struct pair_result *r = start(a, b->swap, b);
  int differs[PAIR_MAXV], rc = r ? pass(r, 1) : EXIT_IO;
  for (int i = 0; !rc && i < r->nv; i++) differs[i] = outputs_differ(b->st[i], r->st[i]);
  if (!rc) rc = scan_differing(r, differs);
  if (!rc) printf("two-argument functions, %s operand swept:\n", b->swap ? "second" : "first");
  for (int i = 0; !rc && i < r->nv; i++) rc = report_variant(a, r, i, b->st[i]);
  pair_release((struct kind_result *)r);
  return rc;
}

int pair_arch_compare(struct arch_ctx *a) {
  pair_registry_init();
  struct base b;
  int rc = base_read(arch_part(a->base, &kind_pair), a->base_path, &b);
  for (int k = 0; k < 2 && !rc; k++)
    if (b.sw[k]) rc = compare_sweep(a, b.sw[k]);
  base_free(&b);
  return rc;
}

/* ---- records made in ranges ---- */

int pair_arch_merge(json_t *pa, json_t *pb, char *err, size_t errlen) {
  struct base a = {{NULL, NULL}}, b = {{NULL, NULL}};
  int rc = base_read(pa, "record", &a);
  if (!rc) rc = base_read(pb, "record", &b);
  if (rc) snprintf(err, errlen, "a two-argument part is not one of an arch record");
  json_t *sweeps = json_array();
  for (int k = 0; k < 2 && !rc; k++) {
    struct pair_result *x = a.sw[k], *y = b.sw[k];
    if (!x || !y) {
      if (x || y) snprintf(err, errlen, "one has the %s operand swept, the other not", k ? "second" : "first"), rc = EXIT_USAGE;
      continue;
    }
    if ((rc = kind_pair.same((struct kind_result *)x, (struct kind_result *)y, "one record", "the other", err, errlen)))
      break;
    if (!(x->ri.to < y->ri.from || y->ri.to < x->ri.from)) {
      snprintf(err, errlen, "their two-argument parts overlap");
      rc = EXIT_USAGE;
      break;
    }
    kind_pair.merge((struct kind_result *)x, (struct kind_result *)y);
    if (y->ri.from < x->ri.from) x->ri.from = y->ri.from;
    if (y->ri.to > x->ri.to) x->ri.to = y->ri.to;
    x->ri.ncov = 0, x->ri.complete = 1;
    json_t *dev = json_object_get(json_array_get(json_object_get(pa, "sweeps"), (size_t)k), "device");
    x->ri.threads = (int)json_integer_value(json_object_get(dev, "threads")); /* (not read back) */
    json_array_append_new(sweeps, pair_json(x));
  }
  if (!rc) json_object_set(pa, "sweeps", sweeps);
  json_decref(sweeps);
  base_free(&a);
  base_free(&b);
  return rc;
}
