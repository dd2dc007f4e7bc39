/* result.c: binary32 results written: the JSON document and the table printed. */
#include "src/kinds/binary32/binary32.h"

#include <errno.h>
#include <gnu/libc-version.h>
#include <jansson.h>
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "src/common.h"
#include "src/report/percent.h"

static json_t *hex32(uint32_t u) {
  char b[16];
  snprintf(b, sizeof b, "0x%08x", u);
  return json_string(b);
}

static json_t *hexa(double d) {
  char b[64];
  snprintf(b, sizeof b, "%a", d);
  return json_string(b);
}

/* samples; those of two-argument functions (pairs) with their partner */
static json_t *samples_json(const struct sample *s, int n, const char *other_name, int pairs) {
  json_t *a = json_array();
  for (int i = 0; i < n; i++) {
    json_t *o = json_pack("{s:o, s:o, s:o}", "input", hex32(s[i].input), "output", hex32(s[i].output), other_name,
                          hex32(s[i].other));
    if (pairs) json_object_set_new(o, "partner", hex32(s[i].partner));
    json_array_append_new(a, o);
  }
  return a;
}

/* the partner of a maximum (two-argument functions) */
static void partner_json(json_t *o, const char *key, double m, uint32_t partner) {
  json_object_set_new(o, key, m >= 0 ? hex32(partner) : json_null());
}

static json_t *hist_json(const uint64_t *h) {
  json_t *a = json_array();
  for (int i = 0; i < HIST_N; i++) {
    json_t *lo, *hi;
    if (i == 0) lo = json_real(0), hi = json_real(0);
    else if (i == 1) lo = json_real(0), hi = json_real(ldexp(1, HIST_KMIN));
    else if (i == HIST_N - 1) lo = json_real(ldexp(1, HIST_KMAX + 1)), hi = json_null();
    else lo = json_real(ldexp(1, HIST_KMIN + i - 2)), hi = json_real(ldexp(1, HIST_KMIN + i - 1));
    json_array_append_new(a, json_pack("{s:o, s:o, s:I}", "lo", lo, "hi", hi, "count", (json_int_t)h[i]));
  }
  return a;
}

static json_t *hex64(uint64_t u) {
  char b[24];
  snprintf(b, sizeof b, "0x%016llx", (unsigned long long)u);
  return json_string(b);
}

/* The bins that hold inputs: [*first, *last]; *first = NBINS when none. */
static void bin_span(const struct stats *s, uint32_t *first, uint32_t *last) {
  *first = NBINS, *last = 0;
  for (uint32_t i = 0; i < NBINS; i++)
    if (s->bin_inputs[i]) {
      if (*first == NBINS) *first = i;
      *last = i;
    }
}

static json_t *bins_json(const struct stats *s) {
  uint32_t first, last;
  bin_span(s, &first, &last);
  json_t *inputs = json_array(), *mu = json_array(), *dg = json_array();
  for (uint32_t i = first; first < NBINS && i <= last; i++) {
    json_array_append_new(inputs, json_integer(s->bin_inputs[i]));
    json_array_append_new(mu, s->bin_max_ulp[i] >= 0 ? json_real(s->bin_max_ulp[i]) : json_null());
    json_array_append_new(dg, hex64(s->bin_digest[i]));
  }
  return json_pack("{s:i, s:o, s:o, s:o, s:o}", "log2_width", BIN_LOG2, "first", hex32(first < NBINS ? first << BIN_LOG2 : 0),
                   "inputs", inputs, "max_ulp", mu, "digest", dg);
}

/* moments over the same bins as bins_json */
static json_t *moments_json(const struct stats *s) {
  uint32_t first, last;
  bin_span(s, &first, &last);
  json_t *m0 = json_array(), *m1 = json_array();
  for (uint32_t i = first; first < NBINS && i <= last; i++) {
    json_array_append_new(m0, hex64(s->bin_m0[i]));
    json_array_append_new(m1, hex64(s->bin_m1[i]));
  }
  return json_pack("{s:s, s:o, s:o, s:o}", "modulus", "2^61-1", "first", hex32(first < NBINS ? first << BIN_LOG2 : 0),
                   "m0", m0, "m1", m1);
}

static json_t *num_or_null(double d) { return d >= 0 ? json_real(d) : json_null(); }

/* A maximum KEY (null: none) with KEY_input, KEY_output and, where ref is not NULL,
 * KEY_reference: what get_max (result_read.c) reads back. */
static void put_max(json_t *o, const char *key, double m, uint32_t in, uint32_t out, const double *ref) {
  char k[64];
  json_object_set_new(o, key, num_or_null(m));
  snprintf(k, sizeof k, "%s_input", key), json_object_set_new(o, k, m >= 0 ? hex32(in) : json_null());
  snprintf(k, sizeof k, "%s_output", key), json_object_set_new(o, k, m >= 0 ? hex32(out) : json_null());
  if (ref) snprintf(k, sizeof k, "%s_reference", key), json_object_set_new(o, k, m >= 0 ? json_real(*ref) : json_null());
}

static json_t *claim_json(const struct claim *cl, const struct stats *s) {
  json_t *c = json_object();
  json_object_set_new(c, "max_ulp", cl->max_ulp ? json_string(cl->max_ulp) : json_null());
  json_object_set_new(c, "max_rel", cl->max_rel ? json_string(cl->max_rel) : json_null());
  json_object_set_new(c, "kind", json_string(claim_kind_name(cl->kind)));
  json_object_set_new(c, "source", json_string(cl->source ? cl->source : ""));
  enum verdict vu = claim_verdict(cl->max_ulp, cl->kind, s->max_ulp, NULL, 0);
  enum verdict vr = claim_verdict(cl->max_rel, cl->kind, s->max_rel, NULL, 0);
  enum verdict va = s->max_abs >= 0 ? claim_verdict(cl->max_abs, cl->kind, s->max_abs, NULL, 0) : VERDICT_NONE;
  json_object_set_new(c, "verdict_max_ulp", vu ? json_string(verdict_name(vu)) : json_null());
  json_object_set_new(c, "verdict_max_rel", vr ? json_string(verdict_name(vr)) : json_null());
  json_object_set_new(c, "max_abs", cl->max_abs ? json_string(cl->max_abs) : json_null());
  json_object_set_new(c, "verdict_max_abs", va ? json_string(verdict_name(va)) : json_null());
  return c;
}

/* The bound clauses and what their inputs gave. The definitions travel with the
 * results (hex binary64), so that merges and reports need not consult the registry. */
static json_t *clauses_json(const struct variant *v, const struct stats *s) {
  json_t *a = json_array();
  for (int k = 0; k < s->n_clauses; k++) {
    const struct bound_clause *c = &s->clause[k];
    const struct clause_acc *r = &s->cl[k];
    const int same = k < v->n_clauses && clause_same(c, &v->clause[k]);
    json_t *o = json_object();
    json_object_set_new(o, "measure", json_string(bound_measure_name(c->measure)));
    json_object_set_new(o, "bound", json_string(same ? v->clause_text[k] : ""));
    json_object_set_new(o, "source", json_string(same ? v->clause_source[k] : ""));
    json_object_set_new(o, "domain", json_pack("{s:o, s:o, s:o, s:o}", "lo", hexa(c->lo), "hi", hexa(c->hi),
                                               "exclude_lo", hexa(c->ex_lo), "exclude_hi", hexa(c->ex_hi)));
    json_object_set_new(o, "c0", hexa(c->c0));
    json_object_set_new(o, "c1", json_pack("{s:I, s:I}", "num", (json_int_t)c->c1n, "den", (json_int_t)c->c1d));
    json_object_set_new(o, "inputs", json_integer((json_int_t)r->inputs));
    json_object_set_new(o, "over", json_integer((json_int_t)r->over));
    put_max(o, "max", r->max, r->max_input, r->max_output, &r->max_ref);
    put_max(o, "ratio", r->ratio, r->ratio_input, r->ratio_output, NULL);
    enum verdict vd = clauses_verdict(r, 1);
    json_object_set_new(o, "verdict", vd ? json_string(verdict_name(vd)) : json_null());
    json_array_append_new(a, o);
  }
  return a;
}

enum verdict stats_verdict(const struct variant *v, const struct stats *s) {
  enum verdict vd = verdict_worst(verdict_worst(variant_verdict(v, s->max_ulp, s->max_rel, s->max_abs),
                                                clauses_verdict(s->cl, s->n_clauses)),
                                  rounding_verdict(s->rounding, s->correctly_rounded, s->inputs));
  /* a bound on the maxima never holds over outputs it does not measure: NaN or infinite
   * where the correctly rounded result is finite, missed special values, violations of a
   * declared symmetry or monotonicity */
  const uint64_t unmeasured =
      s->nonfinite + s->special_mismatches + s->symmetry_violations + s->monotonic_violations;
  return vd != VERDICT_NONE && unmeasured ? VERDICT_VIOLATED : vd;
}

json_t *b32_variant_json(const struct variant *v, const struct stats *s) {
  json_t *o = json_object();
  json_object_set_new(o, "variant", json_string(v->name));
  json_object_set_new(o, "family", json_string(v->family));
  json_object_set_new(o, "reference", json_string(v->ref_name));
  if (v->origin) { /* a user's function: what its figures depend on (registry.h) */
    json_t *og = json_loads(v->origin, 0, NULL);
    if (og) json_object_set_new(o, "origin", og);
  }
  json_object_set_new(o, "inputs", json_integer((json_int_t)s->inputs));
  put_max(o, "max_ulp", s->max_ulp, s->max_ulp_input, s->max_ulp_output, &s->max_ulp_ref);
  json_object_set_new(o, "max_ulp_reference_hex", s->max_ulp >= 0 ? hexa(s->max_ulp_ref) : json_null());
  put_max(o, "max_rel", s->max_rel, s->max_rel_input, s->max_rel_output, &s->max_rel_ref);
  put_max(o, "max_abs", s->max_abs, s->max_abs_input, s->max_abs_output, &s->max_abs_ref);
  if (s->pairs) {
    json_object_set_new(o, "pairs", json_true());
    partner_json(o, "max_ulp_partner", s->max_ulp, s->max_ulp_partner);
    partner_json(o, "max_rel_partner", s->max_rel, s->max_rel_partner);
    partner_json(o, "max_abs_partner", s->max_abs, s->max_abs_partner);
  }
  json_object_set_new(o, "max_abs_range", json_pack("{s:o, s:o}", "lo", hexa(s->abs_lo), "hi", hexa(s->abs_hi)));
  /* a directed rounding (absent: RN): "correctly_rounded" counts the outputs equal to it */
  if (s->rounding != RND_N) json_object_set_new(o, "rounding", json_string(rounding_name(s->rounding)));
  json_object_set_new(o, "correctly_rounded", json_integer((json_int_t)s->correctly_rounded));
  json_object_set_new(o, "faithful", json_integer((json_int_t)s->faithful));
  json_object_set_new(o, "above_1ulp", json_integer((json_int_t)s->above_1ulp));
  json_object_set_new(o, "nonfinite", json_integer((json_int_t)s->nonfinite));
  /* the lowest inputs of those (absent: not listed, stats.nonfinite_unlisted) */
  if (!s->nonfinite_unlisted)
    json_object_set_new(o, "nonfinite_first", samples_json(s->nonfinite_first, s->n_nonfinite, "expected", s->pairs));
  json_object_set_new(o, "flushed", json_integer((json_int_t)s->flushed));
  json_object_set_new(o, "special_mismatches", json_integer((json_int_t)s->special_mismatches));
  json_object_set_new(o, "special_first", samples_json(s->special, s->n_special, "expected", s->pairs));
  /* inputs whose exact value the referee could not decide: not measured, never guessed */
  json_object_set_new(o, "undecidable", json_integer((json_int_t)s->undecidable));
  json_t *ud = json_array();
  for (int i = 0; i < s->n_undec; i++) json_array_append_new(ud, hex32(s->undec[i].input));
  json_object_set_new(o, "undecidable_first", ud);
  json_object_set_new(o, "symmetry_checked", json_integer((json_int_t)s->symmetry_checked));
  json_object_set_new(o, "symmetry_violations", json_integer((json_int_t)s->symmetry_violations));
  json_object_set_new(o, "symmetry_first", samples_json(s->sym, s->n_sym, "output_neg", 0));
  json_object_set_new(o, "monotonic_checked", json_integer((json_int_t)s->monotonic_checked));
  json_object_set_new(o, "monotonic_violations", json_integer((json_int_t)s->monotonic_violations));
  json_object_set_new(o, "monotonic_first", samples_json(s->mono, s->n_mono, "output_next", 0));
  json_object_set_new(o, "histogram", hist_json(s->hist));
  json_object_set_new(o, "digest", hex64(stats_digest(s)));
  json_object_set_new(o, "bins", bins_json(s));
  if (s->has_moments) json_object_set_new(o, "moments", moments_json(s));
  if (s->stats_from) json_object_set_new(o, "statistics_from", json_string(s->stats_from));
  json_t *xm = json_array();
  for (int i = 0; i < XBINS; i++)
    json_array_append_new(xm, s->xbin_max_ulp[i] >= 0 ? json_real(s->xbin_max_ulp[i]) : json_null());
  json_object_set_new(o, "xbins", json_pack("{s:f, s:f, s:i, s:o}", "lo", XBIN_LO, "hi", XBIN_HI, "n", XBINS,
                                            "max_ulp", xm));
  json_object_set_new(o, "claim", claim_json(&v->claim, s));
  json_object_set_new(o, "documented", claim_json(&v->doc, s));
  json_object_set_new(o, "bounds", clauses_json(v, s));
  if (s->pairs) { /* the clauses' maxima with their partners */
    json_t *b = json_object_get(o, "bounds");
    for (int k = 0; k < s->n_clauses; k++) {
      partner_json(json_array_get(b, k), "max_partner", s->cl[k].max, s->cl[k].max_partner);
      partner_json(json_array_get(b, k), "ratio_partner", s->cl[k].ratio, s->cl[k].ratio_partner);
    }
  }
  enum verdict vv = stats_verdict(v, s);
  json_object_set_new(o, "verdict", vv ? json_string(verdict_name(vv)) : json_null());
  return o;
}

json_t *b32_json(const struct kind_result *r) {
  const struct run_info *ri = &r->ri;
  json_t *root = result_header_json(ri, "binary32");
  json_object_set_new(root, "mpfr", json_string(mpfr_get_version()));
  result_range_json(root, ri);
  const struct scan_times *t = &r->times;
  json_object_set_new(root, "timing",
                      json_pack("{s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:I, s:I, s:I, s:i, s:s}", "wall_s", t->wall,
                                "eval_s", t->eval, "reference_s", t->reference, "reduce_s", t->reduce, "cache_io_s",
                                t->cache_io, "gpu_kernel_s", t->gpu_kernel, "gpu_copy_s", t->gpu_copy, "mpfr_calls",
                                (json_int_t)t->mpfr_calls, "cache_hits", (json_int_t)t->cache_hits, "shortcut_hits",
                                (json_int_t)t->shortcut_hits, "threads", t->threads, "cache",
                                t->cache ? t->cache : "off"));
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  json_t *tj = json_object_get(root, "timing");
  json_object_set_new(tj, "fast_build_s", json_real(t->fast_build));
  /* a user's host function: the threads of the process that evaluated it (src/user/worker.h) */
  if (t->user_threads) json_object_set_new(tj, "user_threads", json_integer(t->user_threads));
  json_object_set_new(tj, "fast_hits", json_integer((json_int_t)t->fast_hits));
  json_object_set_new(tj, "ball_hits", json_integer((json_int_t)t->ball_hits));
  json_object_set_new(tj, "device_references", json_boolean(t->device_refs));
  json_object_set_new(tj, "peak_rss_gib", json_real((double)ru.ru_maxrss / 1048576.0));
  if (t->host_calls) { /* host libraries' variants on the GPU backend */
    json_object_set_new(tj, "host_eval_s", json_real(t->host_eval));
    json_object_set_new(tj, "host_calls", json_integer((json_int_t)t->host_calls));
  }
  json_t *res = json_array();
  for (int i = 0; i < r->nv; i++) json_array_append_new(res, b32_variant_json(r->v[i], r->st[i]));
  json_object_set_new(root, "results", res);
  if (r->parts) json_object_update(root, r->parts);
  return root;
}

static void print_claim(FILE *f, const char *what, const struct claim *cl, const struct stats *s) {
  if (!cl->max_ulp && !cl->max_rel && !cl->max_abs) return;
  char ru[64] = "", rr[64] = "", ra[64] = "-";
  enum verdict vu = claim_verdict(cl->max_ulp, cl->kind, s->max_ulp, ru, sizeof ru);
  enum verdict vr = claim_verdict(cl->max_rel, cl->kind, s->max_rel, rr, sizeof rr);
  enum verdict va = s->max_abs >= 0 ? claim_verdict(cl->max_abs, cl->kind, s->max_abs, ra, sizeof ra) : VERDICT_NONE;
  fprintf(f, "  %s (%s: %s):", what, claim_kind_name(cl->kind), cl->source);
  if (cl->max_ulp) fprintf(f, " max ulp %s, measured %s: %s%s", cl->max_ulp, ru, verdict_name(vu), cl->max_rel || cl->max_abs ? ";" : "");
  if (cl->max_rel) fprintf(f, " max rel %s, measured %s: %s%s", cl->max_rel, rr, verdict_name(vr), cl->max_abs ? ";" : "");
  if (cl->max_abs)
    fprintf(f, " max abs %s over x in [%a, %a], measured %s: %s", cl->max_abs, s->abs_lo, s->abs_hi, ra, verdict_name(va));
  fputc('\n', f);
}

static void print_x(FILE *f, uint32_t x) { fprintf(f, "0x%08x (%a)", x, (double)u2f(x)); }

static void print_clause(FILE *f, const struct variant *v, const struct stats *s, int k) {
  const struct clause_acc *r = &s->cl[k];
  const int same = k < v->n_clauses && clause_same(&s->clause[k], &v->clause[k]);
  fprintf(f, "  documented (%s): %s: ", same ? v->clause_source[k] : "a bound of another version",
          same ? v->clause_text[k] : bound_measure_name(s->clause[k].measure));
  if (!r->inputs) {
    fprintf(f, "no input in its domain\n");
    return;
  }
  char m[32];
  bound_value_str(s->clause[k].measure, r->max, m, sizeof m);
  fprintf(f, "%llu inputs, %llu over the bound; max %s at ", (unsigned long long)r->inputs,
          (unsigned long long)r->over, m);
  print_x(f, r->max_input);
  fprintf(f, ", max error/bound %s at ", NUM(r->ratio, 5));
  print_x(f, r->ratio_input);
  fprintf(f, ": %s\n", verdict_name(clauses_verdict(r, 1)));
}

static double pct(uint64_t a, uint64_t b) { return share_pct(a, b, 4); } /* printed with 4 decimals */

void b32_print_backend(FILE *f, const struct run_info *ri) {
  fprintf(f, "ulpcert %s, backend %s", ULPCERT_VERSION, ri->gpu ? "gpu" : "cpu");
  if (ri->gpu)
    fprintf(f, " (%s, sm_%d%d, driver %s)", ri->ginfo.name, ri->ginfo.cc_major, ri->ginfo.cc_minor,
            ri->ginfo.driver_release);
}

void b32_print(FILE *f, const struct kind_result *r) {
  const struct run_info *ri = &r->ri;
  b32_print_backend(f, ri);
  fprintf(f, ", inputs 0x%08x..0x%08x (%llu)\n\n", ri->from, ri->to,
          (unsigned long long)((uint64_t)ri->to - ri->from + 1));
  b32_print_variants(f, r->v, r->st, r->nv);
}

/* where a maximum is: x, and for pairs its partner */
static void print_at(FILE *f, const struct stats *s, uint32_t x, uint32_t partner) {
  print_x(f, x);
  if (s->pairs) fprintf(f, " with partner "), print_x(f, partner);
}

void b32_print_variants(FILE *f, const struct variant *const *v, struct stats *const *st, int nv) {
  for (int i = 0; i < nv; i++) {
    const struct stats *s = st[i];
    fprintf(f, "%s  [reference %s, %llu %s]\n", v[i]->name, v[i]->ref_name, (unsigned long long)s->inputs,
            s->pairs ? "pairs" : "inputs");
    if (s->max_ulp >= 0) {
      fprintf(f, "  max ulp error  %s at ", NUM(s->max_ulp, 5));
      print_at(f, s, s->max_ulp_input, s->max_ulp_partner);
      fprintf(f, ": output 0x%08x (%a), exact ~ %a\n", s->max_ulp_output, (double)u2f(s->max_ulp_output),
              s->max_ulp_ref);
    }
    if (s->max_rel >= 0) {
      fprintf(f, "  max rel error  %.4e at ", s->max_rel);
      print_at(f, s, s->max_rel_input, s->max_rel_partner);
      fputc('\n', f);
    }
    if (s->max_abs >= 0) {
      fprintf(f, "  max abs error  %.4e at ", s->max_abs);
      print_at(f, s, s->max_abs_input, s->max_abs_partner);
      if (isinf(s->abs_lo) && isinf(s->abs_hi)) fputc('\n', f);
      else fprintf(f, " (over x in [%a, %a])\n", s->abs_lo, s->abs_hi);
    }
    fprintf(f, "  correctly rounded%s%s%s %llu (%.4f%%), faithful %llu (%.4f%%), above 1 ulp %llu\n",
            s->rounding ? " (" : "", s->rounding ? rounding_name(s->rounding) : "", s->rounding ? ")" : "",
            (unsigned long long)s->correctly_rounded, pct(s->correctly_rounded, s->inputs),
            (unsigned long long)s->faithful, pct(s->faithful, s->inputs), (unsigned long long)s->above_1ulp);
    fprintf(f, "  nonfinite %llu, flushed %llu, special mismatches %llu", (unsigned long long)s->nonfinite,
            (unsigned long long)s->flushed, (unsigned long long)s->special_mismatches);
    if (s->symmetry_checked)
      fprintf(f, ", symmetry violations %llu", (unsigned long long)s->symmetry_violations);
    if (s->monotonic_checked)
      fprintf(f, ", monotonicity violations %llu", (unsigned long long)s->monotonic_violations);
    fputc('\n', f);
    if (s->undecidable) {
      fprintf(f, "  undecidable %llu (reference value not decided: not measured):", (unsigned long long)s->undecidable);
      for (int k = 0; k < s->n_undec; k++) fputc(' ', f), print_x(f, s->undec[k].input);
      fprintf(f, "%s\n", (uint64_t)s->n_undec < s->undecidable ? " ..." : "");
    }
    for (int k = 0; k < s->n_nonfinite && k < 3; k++) {
      fprintf(f, "    non-finite: x=");
      print_at(f, s, s->nonfinite_first[k].input, s->nonfinite_first[k].partner);
      fprintf(f, " out=0x%08x (%a) expected=0x%08x (%a)\n", s->nonfinite_first[k].output,
              (double)u2f(s->nonfinite_first[k].output), s->nonfinite_first[k].other,
              (double)u2f(s->nonfinite_first[k].other));
    }
    if (s->nonfinite > 3 && s->n_nonfinite > 3)
      fprintf(f, "    non-finite: %llu more (the first %d in the result file)\n", (unsigned long long)s->nonfinite - 3,
              s->n_nonfinite);
    if (s->nonfinite && s->nonfinite_unlisted) /* stats.nonfinite_unlisted */
      fprintf(f, "    non-finite: inputs not listed (this kind keeps no list, or a result file without one was merged)\n");
    for (int k = 0; k < s->n_special; k++) {
      fprintf(f, "    special: x=");
      print_at(f, s, s->special[k].input, s->special[k].partner);
      fprintf(f, " out=0x%08x expected=0x%08x\n", s->special[k].output, s->special[k].other);
    }
    for (int k = 0; k < s->n_sym && k < 3; k++) {
      fprintf(f, "    symmetry: x=");
      print_x(f, s->sym[k].input);
      fprintf(f, " f(x)=%a f(-x)=%a\n", (double)u2f(s->sym[k].output), (double)u2f(s->sym[k].other));
    }
    for (int k = 0; k < s->n_mono && k < 3; k++) {
      fprintf(f, "    monotonicity: x=");
      print_x(f, s->mono[k].input);
      fprintf(f, " f(x)=%a f(next)=%a\n", (double)u2f(s->mono[k].output), (double)u2f(s->mono[k].other));
    }
    print_claim(f, "claim", &v[i]->claim, s);
    print_claim(f, "documented", &v[i]->doc, s);
    if (s->rounding != RND_N)
      fprintf(f, "  documented: correctly rounded (%s), %llu of %llu outputs differ: %s\n", rounding_name(s->rounding),
              (unsigned long long)(s->inputs - s->correctly_rounded), (unsigned long long)s->inputs,
              verdict_name(rounding_verdict(s->rounding, s->correctly_rounded, s->inputs)));
    for (int k = 0; k < s->n_clauses; k++) print_clause(f, v[i], s, k);
    fputc('\n', f);
  }
  /* non-finite: outputs NaN or infinite where the correctly rounded result is finite, and
   * special values missed (the lists above name the first) */
  fprintf(f, "| variant | max ulp | at input | max rel | correctly rounded | faithful | > 1 ulp | non-finite | claimed ulp "
             "| documented ulp | verdict |\n");
  fprintf(f, "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
  for (int i = 0; i < nv; i++) {
    const struct stats *s = st[i];
    enum verdict vv = stats_verdict(v[i], s);
    if (s->max_ulp < 0) { /* no finite error was measured (every output NaN, say) */
      fprintf(f, "| %s | - | - | - | %.4f%% | %.4f%% | %llu | %llu | %s | %s | %s |\n", v[i]->name,
              pct(s->correctly_rounded, s->inputs), pct(s->faithful, s->inputs), (unsigned long long)s->above_1ulp,
              (unsigned long long)(s->nonfinite + s->special_mismatches),
              v[i]->claim.max_ulp ? v[i]->claim.max_ulp : "-", v[i]->doc.max_ulp ? v[i]->doc.max_ulp : "-",
              verdict_name(vv));
      continue;
    }
    fprintf(f, "| %s | %s | 0x%08x (%a) | %.4e | %.4f%%%s%s%s | %.4f%% | %llu | %llu | %s | %s | %s |\n", v[i]->name,
            NUM(s->max_ulp, 5), s->max_ulp_input, (double)u2f(s->max_ulp_input), s->max_rel, pct(s->correctly_rounded, s->inputs),
            s->rounding ? " (" : "", s->rounding ? rounding_name(s->rounding) : "", s->rounding ? ")" : "",
            pct(s->faithful, s->inputs), (unsigned long long)s->above_1ulp,
            (unsigned long long)(s->nonfinite + s->special_mismatches), v[i]->claim.max_ulp ? v[i]->claim.max_ulp : "-",
            v[i]->doc.max_ulp ? v[i]->doc.max_ulp : "-", verdict_name(vv));
  }
}
