/* arch.c: the search kind's part of an arch record: the digest of the outputs of every search
 * variant of the backend (CUDA's functions on the GPU, glibc's and SLEEF's on the CPU) on a fixed
 * sample, SR_ARCH_N inputs of the sampler under ARCH_SEED, so that a GPU, toolkit or library that
 * computes a function differently on that sample is named by arch compare. */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/search/arch.h"
#include "src/kinds/search/result.h"

#define SR_ARCH_N (1u << 18)

/* The digest of variant v's outputs: 0, or an exit code after a message. */
static int digest_of(const struct arch_ctx *a, const struct sr_variant *v, uint64_t *h) {
  const struct sr_fn *f = &sr_fns[v->fn];
  uint64_t stream = sr_stream(f), sum = 0;
  if (v->lib == SR_CUDA) {
    char err[256];
    if (!sr_gpu_digest(a->sc->o.ndevices > 0 ? a->sc->o.devices[0] : 0, v->fn, &f->dom, ARCH_SEED, stream, SR_ARCH_N, h, err, sizeof err)) return 0;
    errorf("%s: %s", v->name, err);
    return EXIT_NOGPU;
  }
#pragma omp parallel for reduction(+ : sum) schedule(static)
  for (uint64_t i = 0; i < SR_ARCH_N; i++) {
    double x, y;
    sr_input(&f->dom, ARCH_SEED, stream, i, &x, &y);
    sum += sr_digest_term(i, sr_host_eval(v, x, y));
  }
  *h = sum;
  return 0;
}

/* Is variant v recorded on this backend? */
static int on_backend(const struct sr_variant *v, int gpu) {
  if (v->lib == SR_PLANTED) return 0;
  return gpu ? v->lib == SR_CUDA && sr_gpu_has(v->fn) : v->lib != SR_CUDA;
}

int sr_arch_record(struct arch_ctx *a) {
  const struct sr_variant *vs;
  int n = sr_variants(&vs), nrec = 0;
  json_t *dig = json_object();
  for (int i = 0; i < n; i++) {
    if (!on_backend(&vs[i], a->ri->gpu)) continue;
    uint64_t h;
    int rc = digest_of(a, &vs[i], &h);
    if (rc) {
      json_decref(dig);
      return rc;
    }
    char s[24];
    snprintf(s, sizeof s, "0x%016llx", (unsigned long long)h);
    json_object_set_new(dig, vs[i].name, json_string(s));
    nrec++;
  }
  json_object_set_new(a->record, kind_search.name,
                      json_pack("{s:i, s:i, s:o}", "seed", ARCH_SEED, "inputs", (int)SR_ARCH_N, "digests", dig));
  printf("recorded %d searched functions (digests of %u outputs each) on %s\n", nrec, SR_ARCH_N,
         a->ri->gpu ? a->ri->ginfo.name : "the CPU");
  a->recorded = nrec, a->gpus = a->ri->gpu ? 1 : 0;
  return 0;
}

int sr_arch_compare(struct arch_ctx *a) {
  json_t *part = arch_part(a->base, &kind_search), *dig = json_object_get(part, "digests");
  if (!json_is_object(dig) || json_integer_value(json_object_get(part, "inputs")) != SR_ARCH_N ||
      json_integer_value(json_object_get(part, "seed")) != ARCH_SEED) {
    errorf("%s: its search part is not one of this version (digests of %u inputs, seed %d)", a->base_path, SR_ARCH_N,
           ARCH_SEED);
    return EXIT_CORRUPT;
  }
  const struct sr_variant *vs;
  int n = sr_variants(&vs);
  printf("searched functions (digests of %u outputs each):\n", SR_ARCH_N);
  for (int i = 0; i < n; i++) {
    const char *then = json_string_value(json_object_get(dig, vs[i].name));
    if (!then || !on_backend(&vs[i], a->ri->gpu)) continue;
    uint64_t h;
    int rc = digest_of(a, &vs[i], &h);
    if (rc) return rc;
    char now[24];
    snprintf(now, sizeof now, "0x%016llx", (unsigned long long)h);
    int same = !strcmp(now, then);
    if (!same) a->differ = 1;
    printf("%-26s %s\n", vs[i].name, same ? "identical" : "DIFFERS (another output on the fixed sample)");
  }
  return 0;
}
