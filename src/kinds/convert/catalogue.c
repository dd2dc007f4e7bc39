/* catalogue.c: the conversions of the catalogue (catalogue.h) as a table, their variants
 * (one per flavour each is built in) and the names the command line uses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/kinds/convert/convert.h"

const struct conv_def conv_defs[CONV_NDEF] = {
#define CONV(id, name, fam, src, dst, mode, ovf, nan, relu, x2, hw, inner, need, api, doc)                 \
  {#id, name, fam, LOWP_##src, LOWP_##dst, {CV_MODE_##mode, CV_OVF_##ovf, CV_NAN_##nan, relu}, x2, hw, inner, \
   need, api, doc},
#include "conversions.def"
#undef CONV
};

static struct conv_variant variants[CONV_MAXVAR];
static int nvariants;

int conv_variants(const struct conv_variant **v) {
  if (!nvariants)
    for (int i = 0; i < CONV_NDEF; i++)
      for (int fl = 0; fl < CV_NFLAV; fl++) {
        const struct conv_def *d = &conv_defs[i];
        if (!CV_IN_FLAVOUR(fl, d->hw, d->inner, d->need)) continue;
        struct conv_variant *w = &variants[nvariants++];
        w->d = d, w->idx = i, w->flav = fl;
        snprintf(w->name, sizeof w->name, "%s%s%s", d->name, fl ? "." : "", fl ? conv_flavour_name(fl) : "");
      }
  *v = variants;
  return nvariants;
}

const char *conv_flavour_name(int flav) {
  static const char *const n[CV_NFLAV] = {"default", "emul", "family"};
  return flav >= 0 && flav < CV_NFLAV ? n[flav] : "?";
}

int conv_matches(const struct conv_variant *v, const char *name) {
  if (!strcmp(name, "convert") || !strcmp(name, v->name)) return 1;
  return !strncmp(name, "convert.", 8) && !strcmp(name + 8, v->d->family);
}

const struct conv_variant *conv_find(const char *name) {
  const struct conv_variant *v;
  int n = conv_variants(&v);
  for (int i = 0; i < n; i++)
    if (!strcmp(v[i].name, name)) return &v[i];
  return NULL;
}

int conv_owns(const char *name) {
  const struct conv_variant *v;
  int n = conv_variants(&v);
  for (int i = 0; i < n; i++)
    if (conv_matches(&v[i], name)) return 1;
  return 0;
}

uint64_t conv_domain(int src) { return 1ull << lowp_width(lowp_format(src)); }

const char *lowp_mode_name(int mode) {
  static const char *const n[] = {"rn", "rna", "rz", "rd", "ru"};
  return mode >= 0 && mode <= LOWP_RU ? n[mode] : "?";
}
const char *lowp_ovf_name(int ovf) {
  static const char *const n[] = {"ieee", "satfinite", "to NaN"};
  return ovf >= 0 && ovf <= LOWP_OVF_NAN ? n[ovf] : "?";
}
const char *lowp_nanres_name(int nan) {
  static const char *const n[] = {"any NaN", "canonical NaN", "+largest finite"};
  return nan >= 0 && nan <= LOWP_NANRES_MAXPOS ? n[nan] : "?";
}

struct conv_kparams conv_kparams_of(const struct conv_def *d) {
  struct conv_kparams k;
  k.sf = lowp_format(d->src), k.df = lowp_format(d->dst), k.sem = d->sem;
  k.src_f32 = d->src == LOWP_F32, k.x2 = d->x2;
  return k;
}

/* The CUDA Programming Guide's compatibility rules, for device compute capability
 * major.minor and one code of a build (sm_XY or compute_XY, X = N / 10, Y = N % 10, with
 * an optional suffix): SASS for X.Y runs on X.z, z >= Y (binary compatibility within a
 * major version); PTX for X.Y is compiled by the driver for any X.Y or later; the
 * family-specific targets (suffix f) run on the same major version, minor >= Y; the
 * architecture-specific ones (suffix a) on X.Y only. */
static int code_runs(const char *tok, size_t len, int major, int minor) {
  const int ptx = !strncmp(tok, "compute_", 8), sass = !strncmp(tok, "sm_", 3);
  if (!ptx && !sass) return 0;
  const char *d = tok + (ptx ? 8 : 3);
  char *end;
  const long n = strtol(d, &end, 10);
  const size_t used = (size_t)(end - tok);
  if (end == d || n <= 0 || used > len || used + 1 < len) return 0;
  const char suffix = used < len ? *end : 0;
  const int x = (int)(n / 10), y = (int)(n % 10);
  if (suffix == 'a') return major == x && minor == y;
  if (suffix == 'f' || (suffix == 0 && sass)) return major == x && minor >= y;
  if (suffix == 0) return major > x || (major == x && minor >= y);
  return 0;
}

int conv_code_runs(const char *codes, int major, int minor) {
  for (const char *p = codes; *p;) {
    while (*p == ' ') p++;
    const size_t len = strcspn(p, " ");
    if (len && code_runs(p, len, major, minor)) return 1;
    p += len;
  }
  return 0;
}
