/* arch.c: the 16-bit arithmetic kind's part of arch records, and its comparison. A
 * variant's 2^32 outputs are not kept: per bin of 256 rows (2^24 pairs) the record holds
 * their digest and two moments modulo the prime P = 2^61 - 1, m0 = sum of outputs and
 * m1 = sum of (j + 1) output, j the pair's index in its bin (as the binary32 records do).
 * A compare evaluates every pair again; in a bin whose digest moved, one changed pair is
 * located exactly: the moments move by d = new - old and (j + 1) d, so j + 1 = dm1 / dm0
 * modulo P; the digest confirms it. A bin with several changes is reported as such. */
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/arith16/h16a_kind.h"

#define NBIN H16A_NBIN
#define BIN_ROWS (65536u / NBIN)
#define MOD_P61 ((1ull << 61) - 1)

static uint64_t modp(unsigned __int128 x) { return (uint64_t)(x % MOD_P61); }
static uint64_t pow_modp(uint64_t x, uint64_t e) {
  uint64_t r = 1;
  for (; e; e >>= 1, x = modp((unsigned __int128)x * x))
    if (e & 1) r = modp((unsigned __int128)r * x);
  return r;
}

void h16a_bins_of(const struct h16a_acc *rows, struct h16a_bin *bins) {
  for (uint32_t k = 0; k < NBIN; k++) {
    struct h16a_bin *g = &bins[k];
    g->digest = g->m0 = g->m1 = 0;
    for (uint32_t r = 0; r < BIN_ROWS; r++) {
      const struct h16a_acc *w = &rows[k * BIN_ROWS + r];
      g->digest += w->digest;
      g->m0 = modp((unsigned __int128)g->m0 + w->s0);
      g->m1 = modp((unsigned __int128)g->m1 + (unsigned __int128)r * 65536u * w->s0 + w->s1);
    }
  }
}

static json_t *bins_json(const struct h16a_bin *bins) {
  char *h = malloc(NBIN * 48 + 1);
  if (!h) return json_null();
  for (uint32_t k = 0; k < NBIN; k++)
    snprintf(h + 48 * k, 49, "%016llx%016llx%016llx", (unsigned long long)bins[k].digest,
             (unsigned long long)bins[k].m0, (unsigned long long)bins[k].m1);
  json_t *s = json_string(h);
  free(h);
  return s;
}

static int bins_read(json_t *o, struct h16a_bin *bins) {
  const char *h = json_string_value(json_object_get(o, "bins"));
  if (!h || strlen(h) != NBIN * 48) return -1;
  for (uint32_t k = 0; k < NBIN; k++) {
    unsigned long long v[3];
    for (int j = 0; j < 3; j++) {
      char w[17], *end;
      memcpy(w, h + 48 * k + 16 * j, 16), w[16] = 0;
      v[j] = strtoull(w, &end, 16);
      if (*end) return -1;
    }
    bins[k] = (struct h16a_bin){v[0], v[1], v[2]};
  }
  return 0;
}

/* every row of v on the result's device: its statistics and bins. 0, 1 (not here), or an
 * exit code */
static int run_all(struct kind_result *r, const struct h16a_variant *v, struct h16a_stats *s, struct h16a_bin *bins) {
  struct h16a_acc *rows = malloc(sizeof *rows * 65536);
  if (!rows) return EXIT_IO;
  int rc = h16a_run(r, v, 0, 0xffff, s, rows);
  if (!rc) h16a_bins_of(rows, bins);
  free(rows);
  return rc;
}

int h16a_arch_record(struct arch_ctx *a) {
  if (!a->ri->gpu) return 0;
  struct kind_result r = {.device = a->sc->o.ndevices > 0 ? a->sc->o.devices[0] : 0};
  json_t *part = json_array();
  struct h16a_bin bins[NBIN];
  int rc = 0;
  for (int i = 0; i < H16A_NV && !rc; i++) {
    struct h16a_stats s;
    int e = run_all(&r, &h16a_variants[i], &s, bins);
    if (e == 1) continue;
    if (e) rc = e;
    else {
      json_t *o = h16a_stats_json(&h16a_variants[i], &s);
      json_object_set_new(o, "bins", bins_json(bins));
      json_array_append_new(part, o);
    }
  }
  if (rc) {
    errorf("16-bit operations not recorded");
    json_decref(part);
    return rc;
  }
  printf("recorded %zu 16-bit operations\n", json_array_size(part));
  a->recorded = (int)json_array_size(part);
  json_object_set_new(a->record, "arith16", part);
  return 0;
}

int h16a_bin_change(const struct h16a_bin *then, const struct h16a_bin *now, uint32_t k, uint32_t *i, int64_t *d) {
  const uint64_t d0 = (now->m0 + MOD_P61 - then->m0) % MOD_P61, d1 = (now->m1 + MOD_P61 - then->m1) % MOD_P61;
  if (!d0) return 0;
  const uint64_t j1 = modp((unsigned __int128)d1 * pow_modp(d0, MOD_P61 - 2)); /* d1 / d0 */
  if (j1 < 1 || j1 > (uint64_t)BIN_ROWS * 65536) return 0;
  *i = k * BIN_ROWS * 65536 + (uint32_t)(j1 - 1);
  *d = d0 > MOD_P61 / 2 ? (int64_t)d0 - (int64_t)MOD_P61 : (int64_t)d0;
  return *d > -65536 && *d < 65536;
}

/* The one changed pair of bin k, if the moments name one that the digest confirms against
 * this GPU's output there: printed, 1; else 0. */
static int locate(struct kind_result *r, const struct h16a_variant *v, uint32_t k, const struct h16a_bin *then,
                  const struct h16a_bin *now) {
  uint32_t i;
  int64_t d;
  if (!h16a_bin_change(then, now, k, &i, &d)) return 0;
  uint16_t *out = malloc(sizeof(uint16_t) * 65536);
  char err[512];
  int found = 0;
  if (out && !gpu_h16a_row_outputs(r->device, h16a_index(v), (uint16_t)(i >> 16), out, err, sizeof err)) {
    const int64_t old = (int64_t)out[i & 0xffff] - d;
    if (old >= 0 && old < 65536 &&
        now->digest - then->digest ==
            h16a_mix(((uint64_t)i << 16) | out[i & 0xffff]) - h16a_mix(((uint64_t)i << 16) | (uint64_t)old)) {
      printf("  pair (0x%04x, 0x%04x): baseline 0x%04llx, now 0x%04x\n", i >> 16, i & 0xffff,
             (unsigned long long)old, out[i & 0xffff]);
      found = 1;
    }
  }
  free(out);
  return found;
}

/* one baseline variant against this GPU: identical, or the bins that differ */
static int compare_one(struct kind_result *r, const struct h16a_variant *v, json_t *o, int *differ) {
  struct h16a_bin then[NBIN], now[NBIN];
  struct h16a_stats s, b;
  const struct h16a_variant *bv;
  if (bins_read(o, then) || h16a_stats_read(o, &bv, &b)) return EXIT_CORRUPT;
  int e = run_all(r, v, &s, now);
  if (e == 1) {
    printf("%-26s not run here\n", v->name);
    *differ = 1;
    return 0;
  }
  if (e) return e;
  uint32_t nd = 0;
  for (uint32_t k = 0; k < NBIN; k++) nd += memcmp(&then[k], &now[k], sizeof then[k]) != 0;
  if (!nd) {
    printf("%-26s identical (4294967296 pairs)\n", v->name);
    return 0;
  }
  *differ = 1;
  printf("%-26s DIFFERS in %u of %u bins of 2^24 pairs\n", v->name, nd, NBIN);
  for (uint32_t k = 0, shown = 0; k < NBIN && shown < 8; k++)
    if (memcmp(&then[k], &now[k], sizeof then[k])) {
      if (!locate(r, v, k, &then[k], &now[k]))
        printf("  bin %u (first operands 0x%04x..0x%04x): several pairs differ\n", k, k * BIN_ROWS,
               k * BIN_ROWS + BIN_ROWS - 1);
      shown++;
    }
  printf("  exact %llu -> %llu; mismatches %llu -> %llu; verdict %s -> %s\n", (unsigned long long)b.acc.exact,
         (unsigned long long)s.acc.exact, (unsigned long long)(b.acc.pairs - b.acc.exact),
         (unsigned long long)(s.acc.pairs - s.acc.exact), h16a_verdict(&b), h16a_verdict(&s));
  return 0;
}

int h16a_arch_compare(struct arch_ctx *ac) {
  json_t *arr = arch_part(ac->base, &kind_arith16); /* or a record's "h16arith" part, of before */
  if (!json_array_size(arr)) return 0;
  if (!ac->ri->gpu) {
    printf("%zu 16-bit operations not compared: they run on a GPU only\n", json_array_size(arr));
    return 0;
  }
  struct kind_result r = {.device = ac->sc->o.ndevices > 0 ? ac->sc->o.devices[0] : 0};
  size_t k;
  json_t *o;
  json_array_foreach(arr, k, o) {
    const struct h16a_variant *v = h16a_find(json_string_value(json_object_get(o, "variant")) ?: "");
    int rc = v ? compare_one(&r, v, o, &ac->differ) : EXIT_CORRUPT;
    if (rc == EXIT_CORRUPT) errorf("%s: arith16[%zu] is not a 16-bit operation's record", ac->base_path, k);
    if (rc) return rc;
  }
  return 0;
}
