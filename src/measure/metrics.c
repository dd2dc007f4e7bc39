/* metrics.c: initialisation and exact merging of statistics. */
#include "src/measure/metrics.h"

#include "src/engine/gpu.h"

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

_Static_assert(GPU_HIST_N == HIST_N && GPU_HIST_KMIN == HIST_KMIN, "histogram layout shared with the GPU");
_Static_assert(GPU_XBINS == XBINS, "x-bins shared with the GPU");

void stats_fold_partial(struct stats *s, uint32_t x0, const struct gpu_partial *p, int sym_checked) {
  if (!p->n) return;
  const uint32_t bin = x0 >> BIN_LOG2;
  s->inputs += p->n;
  s->bin_inputs[bin] += p->n;
  s->bin_digest[bin] += p->digest;
  if (p->max_ulp > s->bin_max_ulp[bin]) s->bin_max_ulp[bin] = p->max_ulp;
  s->correctly_rounded += p->cr;
  s->faithful += p->faithful;
  s->above_1ulp += p->n - p->faithful;
  for (int b = 0; b < HIST_N; b++) s->hist[b] += p->hist[b];
  if (p->max_ulp > s->max_ulp || (p->max_ulp == s->max_ulp && p->max_ulp_input < s->max_ulp_input)) {
    s->max_ulp = p->max_ulp; s->max_ulp_input = p->max_ulp_input;
    s->max_ulp_output = p->max_ulp_output; s->max_ulp_ref = p->max_ulp_ref;
  }
  if (p->max_rel > s->max_rel || (p->max_rel == s->max_rel && p->max_rel_input < s->max_rel_input)) {
    s->max_rel = p->max_rel; s->max_rel_input = p->max_rel_input;
    s->max_rel_output = p->max_rel_output; s->max_rel_ref = p->max_rel_ref;
  }
  if (p->max_abs > s->max_abs || (p->max_abs == s->max_abs && p->max_abs_input < s->max_abs_input)) {
    s->max_abs = p->max_abs; s->max_abs_input = p->max_abs_input;
    s->max_abs_output = p->max_abs_output; s->max_abs_ref = p->max_abs_ref;
  }
  for (int k = 0; k < s->n_clauses; k++) clause_acc_merge(&s->cl[k], &p->cl[k]);
  if (sym_checked) s->symmetry_checked += p->n;
  s->monotonic_checked += p->mono_checked;
}

void stats_note_sym(struct stats *s, uint32_t x, uint32_t out_pos, uint32_t out_neg) {
  list_insert(s->sym, &s->n_sym, (struct sample){x, out_pos, out_neg});
}

void stats_note_mono(struct stats *s, uint32_t x_prev, uint32_t out_prev, uint32_t out) {
  list_insert(s->mono, &s->n_mono, (struct sample){x_prev, out_prev, out});
}

void stats_add_special(struct stats *s, uint32_t x, uint32_t out, double y, uint32_t rn) {
  uint32_t bin = x >> BIN_LOG2;
  if (isnan(y)) { /* NaN input, or exact value undefined: a NaN is expected */
    if (is_nan32(out)) { s->correctly_rounded++; s->faithful++; s->hist[0]++; }
    else { s->special_mismatches++; list_insert(s->special, &s->n_special, (struct sample){x, out, rn}); }
    return;
  }
  if (isinf(y)) { /* exact value infinite (a pole): the same infinity is expected */
    if (out == rn) { s->correctly_rounded++; s->faithful++; s->hist[0]++; }
    else { s->special_mismatches++; list_insert(s->special, &s->n_special, (struct sample){x, out, rn}); }
    return;
  }
  if (out == rn) s->correctly_rounded++;
  if (is_nan32(out) || is_inf32(out)) {
    if (out == rn) { s->faithful++; s->hist[0]++; return; } /* correctly rounded overflow */
    s->nonfinite++;
    s->above_1ulp++;
    return;
  }
  if ((out & 0x7fffffffu) == 0) {
    if ((rn & 0x7fffffffu) != 0) s->flushed++;
    else if (out != rn) { /* zero of the wrong sign */
      s->special_mismatches++;
      list_insert(s->special, &s->n_special, (struct sample){x, out, rn});
    }
  }
  /* finite output, finite reference (one of them zero): the ordinary error measure */
  double d = fabs((double)u2f(out) - y);
  double e = d * inv_ulp32(y);
  s->hist[hist_bin(e)]++;
  if (e < 1.0) s->faithful++;
  else s->above_1ulp++;
  if (e > s->max_ulp || (e == s->max_ulp && x < s->max_ulp_input)) {
    s->max_ulp = e; s->max_ulp_input = x; s->max_ulp_output = out; s->max_ulp_ref = y;
  }
  if (e > s->bin_max_ulp[bin]) s->bin_max_ulp[bin] = e;
  const int xb = xbin_of(x);
  if (xb >= 0 && e > s->xbin_max_ulp[xb]) s->xbin_max_ulp[xb] = e;
  if (in_abs_range(s, x) && (d > s->max_abs || (d == s->max_abs && x < s->max_abs_input))) {
    s->max_abs = d; s->max_abs_input = x; s->max_abs_output = out; s->max_abs_ref = y;
  }
  clauses_add(s->cl, s->clause, s->n_clauses, x, out, y, rn, e, d);
  if (y != 0) {
    double r = d / fabs(y);
    if (r > s->max_rel || (r == s->max_rel && x < s->max_rel_input)) {
      s->max_rel = r; s->max_rel_input = x; s->max_rel_output = out; s->max_rel_ref = y;
    }
  }
}

void list_insert(struct sample *list, int *n, struct sample smp) {
  int i = *n;
  if (i == LIST_MAX) {
    if (smp.input >= list[LIST_MAX - 1].input) return;
    i = LIST_MAX - 1;
  } else {
    (*n)++;
  }
  while (i > 0 && list[i - 1].input > smp.input) { list[i] = list[i - 1]; i--; }
  list[i] = smp;
}

static void list_merge(struct sample *a, int *na, const struct sample *b, int nb) {
  for (int i = 0; i < nb; i++) list_insert(a, na, b[i]);
}

/* max with ties to the lowest input; -1 means "none yet" */
#define MERGE_MAX(field, in, rest)                                                   \
  do {                                                                               \
    if (b->field > a->field || (b->field == a->field && b->in < a->in)) {            \
      a->field = b->field; a->in = b->in; rest;                                      \
    }                                                                                \
  } while (0)

void stats_merge(struct stats *a, const struct stats *b) {
  const int a_empty = a->inputs == 0;
  MERGE_MAX(max_ulp, max_ulp_input, (a->max_ulp_output = b->max_ulp_output, a->max_ulp_ref = b->max_ulp_ref));
  MERGE_MAX(max_rel, max_rel_input, (a->max_rel_output = b->max_rel_output, a->max_rel_ref = b->max_rel_ref));
  MERGE_MAX(max_abs, max_abs_input, (a->max_abs_output = b->max_abs_output, a->max_abs_ref = b->max_abs_ref));
  /* the range of the absolute error is the variant's: an empty side takes the other's */
  if (a_empty) a->abs_lo = b->abs_lo, a->abs_hi = b->abs_hi;
  /* so are the clauses (the same on both sides when both have inputs) */
  if (a_empty && b->n_clauses) stats_set_clauses(a, b->clause, b->n_clauses);
  for (int k = 0; k < a->n_clauses && k < b->n_clauses; k++) clause_acc_merge(&a->cl[k], &b->cl[k]);
  a->inputs += b->inputs;
  a->correctly_rounded += b->correctly_rounded;
  a->faithful += b->faithful;
  a->above_1ulp += b->above_1ulp;
  a->nonfinite += b->nonfinite;
  a->flushed += b->flushed;
  a->special_mismatches += b->special_mismatches;
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
    if (a[i].input != b[i].input || a[i].output != b[i].output || a[i].other != b[i].other) return 0;
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
  EQ(special_mismatches) EQ(symmetry_checked) EQ(symmetry_violations) EQ(monotonic_checked) EQ(monotonic_violations)
  EQ(n_special) EQ(n_sym) EQ(n_mono)
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
