/* metrics.c: initialisation and exact merging of statistics. */
#include "src/measure/metrics.h"

#include <string.h>

void stats_init(struct stats *s) {
  memset(s, 0, sizeof *s);
  s->max_ulp = -1.0;
  s->max_rel = -1.0;
  s->max_abs = -1.0;
  s->max_ulp_input = s->max_rel_input = s->max_abs_input = 0xffffffffu;
  s->abs_lo = -INFINITY;
  s->abs_hi = INFINITY;
  for (uint32_t i = 0; i < NBINS; i++) s->bin_max_ulp[i] = -1.0;
  for (int i = 0; i < XBINS; i++) s->xbin_max_ulp[i] = -1.0;
  for (int k = 0; k < CLAUSE_MAX; k++) clause_acc_init(&s->cl[k]);
}

void stats_fold_xbins(struct stats *s, const uint64_t *dev) {
  for (int i = 0; i < XBINS; i++)
    if (dev[i]) {
      double e = u2d(dev[i] - 1);
      if (e > s->xbin_max_ulp[i]) s->xbin_max_ulp[i] = e;
    }
}

void stats_nonfinite_fold(struct stats *s, uint64_t count, const struct sample *list, int n) {
  /* a list holds min(count, LIST_MAX) inputs; fewer: its side kept none */
  if ((uint64_t)n < (count < LIST_MAX ? count : LIST_MAX)) s->nonfinite_unlisted = 1;
  for (int i = 0; i < n; i++) list_insert(s->nonfinite_first, &s->n_nonfinite, list[i]);
  if (s->nonfinite_unlisted) s->n_nonfinite = 0;
}

void stats_fold_part(struct stats *s, uint32_t x0, uint32_t n, const struct part *p) {
  if (!n) return;
  const uint32_t bin = x0 >> BIN_LOG2;
  const struct measure_acc *a = &p->a;
  s->inputs += n;
  s->bin_inputs[bin] += (uint32_t)n;
  s->bin_digest[bin] += a->digest;
  if (a->bin_max > s->bin_max_ulp[bin]) s->bin_max_ulp[bin] = a->bin_max;
  s->correctly_rounded += a->cr, s->faithful += a->faithful, s->above_1ulp += a->above_1ulp;
  s->nonfinite += a->nonfinite, s->flushed += a->flushed, s->special_mismatches += a->special_mismatches;
  s->undecidable += a->undecidable;
  for (int b = 0; b < HIST_N; b++) s->hist[b] += p->hist[b];
#define FOLD_MAX(m, f)                                                                                         \
  if (a->m.v > s->max_##f ||                                                                                   \
      (a->m.v == s->max_##f && measure_key(a->m.input, a->m.partner) < measure_key(s->max_##f##_input, s->max_##f##_partner))) \
    s->max_##f = a->m.v, s->max_##f##_input = a->m.input, s->max_##f##_output = a->m.output, s->max_##f##_ref = a->m.ref, \
    s->max_##f##_partner = a->m.partner;
  FOLD_MAX(ulp, ulp) FOLD_MAX(rel, rel) FOLD_MAX(abs, abs)
#undef FOLD_MAX
  for (int k = 0; k < s->n_clauses; k++) clause_acc_merge(&s->cl[k], &a->cl[k]);
  s->symmetry_checked += p->sym_checked;
  s->symmetry_violations += p->sym_violations;
  s->monotonic_checked += p->mono_checked, s->monotonic_violations += p->mono_violations;
  for (uint32_t i = 0; i < p->n_special; i++) list_insert(s->special, &s->n_special, p->special[i]);
  for (uint32_t i = 0; i < p->n_sym; i++) list_insert(s->sym, &s->n_sym, p->sym[i]);
  for (uint32_t i = 0; i < p->n_mono; i++) list_insert(s->mono, &s->n_mono, p->mono[i]);
  stats_nonfinite_fold(s, p->a.nonfinite, p->nonfinite, (int)p->n_nonfinite);
  if (s->has_moments) s->bin_m0[bin] = modp_add(s->bin_m0[bin], p->m0), s->bin_m1[bin] = modp_add(s->bin_m1[bin], p->m1);
}

/* a sample into a part's list, which stays the lowest LIST_MAX inputs in order */
static void part_list(struct sample *list, uint32_t *n, struct sample smp) {
  int k = (int)*n;
  list_insert(list, &k, smp);
  *n = (uint32_t)k;
}

void part_reduce_host(struct part *p, struct stats *s, const struct measure_cfg *c, uint32_t x0, uint32_t n,
                      const uint32_t *out, const double *y, const int8_t *t, const uint32_t *neg, int sym, int mono,
                      uint32_t mono_from, int moments) {
  const uint32_t i0 = x0 & ((1u << BIN_LOG2) - 1);
  for (uint32_t i = 0; i < n; i++) {
    const uint32_t x = x0 + i, o = out[i];
    if (moments) part_moments(p, i0 + i, o);
    if (!y) { /* outputs only */
      p->a.inputs++, p->a.digest += digest_term(x, o);
      continue;
    }
    const struct measure_note m = measure_input(&p->a, c, x, o, y[i], t[i]);
    if (m.hist >= 0) p->hist[m.hist]++;
    if (m.special) part_list(p->special, &p->n_special, (struct sample){x, o, m.cr, 0});
    if (m.nonfinite) part_list(p->nonfinite, &p->n_nonfinite, (struct sample){x, o, m.cr, 0});
    const int xb = m.e >= 0 ? xbin_of(x) : -1;
    if (xb >= 0 && m.e > s->xbin_max_ulp[xb]) s->xbin_max_ulp[xb] = m.e;
    if (sym) {
      p->sym_checked++;
      if (sym_violated(o, neg[i], sym == 1)) p->sym_violations++, part_list(p->sym, &p->n_sym, (struct sample){x, o, neg[i], 0});
    }
    if (mono && x >= mono_from) {
      const int v = mono_violated(out[(int64_t)i - 1], o, mono > 0);
      if (v >= 0) p->mono_checked++;
      if (v > 0) p->mono_violations++, part_list(p->mono, &p->n_mono, (struct sample){x - 1, out[(int64_t)i - 1], o, 0});
    }
  }
}

void part_reduce_pairs(struct part *p, const struct measure_cfg *c, uint32_t x, uint32_t n, const uint32_t *partner,
                       const uint32_t *dom, const uint32_t *out, const double *y, const int8_t *t, double *emax) {
  *emax = -1.0;
  for (uint32_t k = 0; k < n; k++) {
    const struct measure_note m = measure_input_at(&p->a, c, x, partner[k], dom[k], out[k], y[k], t[k]);
    if (m.hist >= 0) p->hist[m.hist]++;
    if (m.special) part_list(p->special, &p->n_special, (struct sample){x, out[k], m.cr, partner[k]});
    if (m.nonfinite) part_list(p->nonfinite, &p->n_nonfinite, (struct sample){x, out[k], m.cr, partner[k]});
    if (m.e > *emax) *emax = m.e;
  }
}

void stats_add_run(struct stats *s, uint32_t x0, uint32_t n, const uint32_t *out, const double *y, const int8_t *t) {
  struct measure_cfg c;
  struct part p;
  stats_measure_cfg(s, &c);
  part_init(&p);
  part_reduce_host(&p, s, &c, x0, n, out, y, t, NULL, 0, 0, 0, 0);
  stats_fold_part(s, x0, n, &p);
}

void stats_add(struct stats *s, uint32_t x, uint32_t out, double y, int t) {
  const int8_t t8 = (int8_t)t;
  stats_add_run(s, x, 1, &out, &y, &t8);
}

void stats_symmetry(struct stats *s, uint32_t x, uint32_t out_pos, uint32_t out_neg, int odd) {
  s->symmetry_checked++;
  if (sym_violated(out_pos, out_neg, odd))
    s->symmetry_violations++, list_insert(s->sym, &s->n_sym, (struct sample){x, out_pos, out_neg, 0});
}

void stats_monotonic(struct stats *s, uint32_t x, uint32_t out_prev, uint32_t out, int increasing) {
  const int v = mono_violated(out_prev, out, increasing);
  if (v >= 0) s->monotonic_checked++;
  if (v > 0) s->monotonic_violations++, list_insert(s->mono, &s->n_mono, (struct sample){x - 1, out_prev, out, 0});
}

static uint64_t sample_key(struct sample s) { return measure_key(s.input, s.partner); }

void list_insert(struct sample *list, int *n, struct sample smp) {
  int i = *n;
  if (i == LIST_MAX) {
    if (sample_key(smp) >= sample_key(list[LIST_MAX - 1])) return;
    i = LIST_MAX - 1;
  } else {
    (*n)++;
  }
  while (i > 0 && sample_key(list[i - 1]) > sample_key(smp)) { list[i] = list[i - 1]; i--; }
  list[i] = smp;
}

static void list_merge(struct sample *a, int *na, const struct sample *b, int nb) {
  for (int i = 0; i < nb; i++) list_insert(a, na, b[i]);
}

/* max with ties to the lowest input; -1 means "none yet" */
#define MERGE_MAX(field, in, rest)                                                                           \
  do {                                                                                                       \
    if (b->field > a->field ||                                                                               \
        (b->field == a->field && measure_key(b->in, b->field##_partner) < measure_key(a->in, a->field##_partner))) { \
      a->field = b->field; a->in = b->in; a->field##_partner = b->field##_partner; rest;                     \
    }                                                                                                        \
  } while (0)

void stats_merge(struct stats *a, const struct stats *b) {
  const int a_empty = a->inputs == 0;
  if (a_empty) a->pairs = b->pairs;
  MERGE_MAX(max_ulp, max_ulp_input, (a->max_ulp_output = b->max_ulp_output, a->max_ulp_ref = b->max_ulp_ref));
  MERGE_MAX(max_rel, max_rel_input, (a->max_rel_output = b->max_rel_output, a->max_rel_ref = b->max_rel_ref));
  MERGE_MAX(max_abs, max_abs_input, (a->max_abs_output = b->max_abs_output, a->max_abs_ref = b->max_abs_ref));
  /* the range of the absolute error is the variant's: an empty side takes the other's */
  if (a_empty) a->abs_lo = b->abs_lo, a->abs_hi = b->abs_hi;
  /* so are the clauses (the same on both sides when both have inputs) */
  if (a_empty && b->n_clauses) stats_set_clauses(a, b->clause, b->n_clauses);
  if (a_empty) a->rounding = b->rounding; /* and so is the rounding */
  for (int k = 0; k < a->n_clauses && k < b->n_clauses; k++) clause_acc_merge(&a->cl[k], &b->cl[k]);
  a->inputs += b->inputs;
  a->correctly_rounded += b->correctly_rounded;
  a->faithful += b->faithful;
  a->above_1ulp += b->above_1ulp;
  stats_nonfinite_fold(a, b->nonfinite, b->nonfinite_first, b->nonfinite_unlisted ? 0 : b->n_nonfinite);
  a->nonfinite += b->nonfinite;
  a->flushed += b->flushed;
  a->special_mismatches += b->special_mismatches;
  a->undecidable += b->undecidable;
  list_merge(a->undec, &a->n_undec, b->undec, b->n_undec);
  a->symmetry_checked += b->symmetry_checked;
  a->symmetry_violations += b->symmetry_violations;
  a->monotonic_checked += b->monotonic_checked;
  a->monotonic_violations += b->monotonic_violations;
  for (int i = 0; i < HIST_N; i++) a->hist[i] += b->hist[i];
  list_merge(a->special, &a->n_special, b->special, b->n_special);
  list_merge(a->sym, &a->n_sym, b->sym, b->n_sym);
  list_merge(a->mono, &a->n_mono, b->mono, b->n_mono);
  for (uint32_t i = 0; i < NBINS; i++) {
    if (!b->bin_inputs[i]) continue;
    a->bin_inputs[i] += b->bin_inputs[i];
    a->bin_digest[i] += b->bin_digest[i];
    if (b->bin_max_ulp[i] > a->bin_max_ulp[i]) a->bin_max_ulp[i] = b->bin_max_ulp[i];
  }
  for (int i = 0; i < XBINS; i++)
    if (b->xbin_max_ulp[i] > a->xbin_max_ulp[i]) a->xbin_max_ulp[i] = b->xbin_max_ulp[i];
  /* moments survive a merge only when both sides have them (an empty side counts) */
  if (b->has_moments || !b->inputs) {
    if (!a->has_moments && a_empty && b->has_moments) a->has_moments = 1;
    for (uint32_t i = 0; i < NBINS && b->has_moments; i++) {
      a->bin_m0[i] = modp_add(a->bin_m0[i], b->bin_m0[i]);
      a->bin_m1[i] = modp_add(a->bin_m1[i], b->bin_m1[i]);
    }
  } else {
    a->has_moments = 0;
  }
}

uint64_t stats_digest(const struct stats *s) {
  uint64_t d = 0;
  for (uint32_t i = 0; i < NBINS; i++) d += s->bin_digest[i];
  return d;
}

static int samples_equal(const struct sample *a, const struct sample *b, int n) {
  for (int i = 0; i < n; i++)
    if (a[i].input != b[i].input || a[i].output != b[i].output || a[i].other != b[i].other ||
        a[i].partner != b[i].partner)
      return 0;
  return 1;
}

/* Bit-for-bit equality of every field (doubles compared by bit pattern). */
int stats_equal(const struct stats *a, const struct stats *b, const char **field) {
#define EQ(f)                                                                                                          \
  if (a->f != b->f) { if (field) *field = #f; return 0; }
#define EQD(f)                                                                                                         \
  if (d2u(a->f) != d2u(b->f)) { if (field) *field = #f; return 0; }
  EQ(inputs) EQD(max_ulp) EQ(max_ulp_input) EQ(max_ulp_output) EQD(max_ulp_ref) EQD(max_rel) EQ(max_rel_input)
  EQ(max_rel_output) EQD(max_rel_ref) EQD(max_abs) EQ(max_abs_input) EQ(max_abs_output) EQD(max_abs_ref)
  EQD(abs_lo) EQD(abs_hi) EQ(correctly_rounded) EQ(faithful) EQ(above_1ulp) EQ(nonfinite) EQ(flushed)
  EQ(special_mismatches) EQ(pairs) EQ(max_ulp_partner) EQ(max_rel_partner) EQ(max_abs_partner) EQ(symmetry_checked) EQ(symmetry_violations) EQ(monotonic_checked) EQ(monotonic_violations)
  EQ(n_special) EQ(n_sym) EQ(n_mono) EQ(rounding) EQ(undecidable) EQ(n_undec) EQ(n_nonfinite) EQ(nonfinite_unlisted)
  if (!stats_clauses_same(a, b)) { if (field) *field = "clause"; return 0; }
  for (int k = 0; k < a->n_clauses; k++) {
    EQ(cl[k].inputs) EQ(cl[k].over) EQD(cl[k].max) EQD(cl[k].max_ref) EQ(cl[k].max_input) EQ(cl[k].max_output)
    EQD(cl[k].ratio) EQ(cl[k].ratio_input) EQ(cl[k].ratio_output)
  }
#undef EQ
#undef EQD
  for (int i = 0; i < HIST_N; i++)
    if (a->hist[i] != b->hist[i]) { if (field) *field = "hist"; return 0; }
  if (!samples_equal(a->special, b->special, a->n_special)) { if (field) *field = "special_first"; return 0; }
  if (!samples_equal(a->sym, b->sym, a->n_sym)) { if (field) *field = "symmetry_first"; return 0; }
  if (!samples_equal(a->mono, b->mono, a->n_mono)) { if (field) *field = "monotonic_first"; return 0; }
  if (!samples_equal(a->undec, b->undec, a->n_undec)) { if (field) *field = "undecidable_first"; return 0; }
  if (!samples_equal(a->nonfinite_first, b->nonfinite_first, a->n_nonfinite)) { if (field) *field = "nonfinite_first"; return 0; }
  for (uint32_t i = 0; i < NBINS; i++)
    if (a->bin_inputs[i] != b->bin_inputs[i] || a->bin_digest[i] != b->bin_digest[i] ||
        d2u(a->bin_max_ulp[i]) != d2u(b->bin_max_ulp[i])) {
      if (field) *field = "bins";
      return 0;
    }
  if (a->has_moments != b->has_moments) {
    if (field) *field = "moments";
    return 0;
  }
  for (uint32_t i = 0; a->has_moments && i < NBINS; i++)
    if (a->bin_m0[i] != b->bin_m0[i] || a->bin_m1[i] != b->bin_m1[i]) {
      if (field) *field = "moments";
      return 0;
    }
  for (int i = 0; i < XBINS; i++)
    if (d2u(a->xbin_max_ulp[i]) != d2u(b->xbin_max_ulp[i])) {
      if (field) *field = "xbins";
      return 0;
    }
  return 1;
}
