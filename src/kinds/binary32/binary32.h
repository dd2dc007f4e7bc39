/* binary32.h: the binary32 kind (float f(float) over binary32 bit patterns): what its
 * files share. The commands see it only through kind_binary32 (kind.c). */
#ifndef ULPCERT_BINARY32_H
#define ULPCERT_BINARY32_H

#include <jansson.h>

#include "src/engine/kind.h"
#include "src/kinds/binary32/scan.h"
#include "src/kinds/binary32/result.h"

/* A binary32 result: a run's (variants resolved, statistics accumulating) or a file's. */
struct kind_result {
  struct run_info ri;
  struct scan_times times; /* summed over the run's scans */
  int nv, nalloc;           /* variants; statistics allocated (b32_alloc) */
  const struct variant **v; /* the catalogue's, a user function, or one made from a file (own) */
  struct stats **st;
  struct result_file file; /* read from a file: as it states them (file.nv = nv), else file.nv = 0 */
  struct variant *own;
  json_t *parts;       /* a record's parts of other kinds (members named after them), or NULL */
  struct scan_cli *sc; /* a run: its options */
  int moments;         /* accumulate the per-bin output moments (arch records) */
  const char *bound;   /* run --bound ULP, or NULL */
  struct variant user; /* run --source: the user's function */
  char user_name[256];
};

/* A result of nv variants with empty statistics (NULL when out of memory). */
struct kind_result *b32_alloc(int nv);
void b32_release(struct kind_result *r);
/* The result document (header, timing, every variant). */
json_t *b32_json(const struct kind_result *r);
int b32_read(json_t *root, const char *path, struct kind_result **out, char *err, size_t errlen);
void b32_print(FILE *f, const struct kind_result *r);
/* What the binary32 kind shares with the kind of two-argument functions (pair): one
 * variant's statistics as JSON, the backend line, the variants' sections and table. */
json_t *b32_variant_json(const struct variant *v, const struct stats *s);
void b32_print_backend(FILE *f, const struct run_info *ri);
void b32_print_variants(FILE *f, const struct variant *const *v, struct stats *const *st, int nv);
int b32_begin(struct run_request *rq, struct kind_result **out);
int b32_scan(struct kind_result *r, uint32_t from, uint32_t to, uint32_t cov[][2], int *ncov);
/* Scan r's variants, grouped by reference, over [from, to] into st[] (every group completes
 * the range, unless interrupted: *done_mag then says how far the only group got). With
 * several devices and several groups, the groups run at the same time, one device each
 * (grouped.c): b32_scan_groups(r, st, done_mag, the number of devices). */
int b32_scan_grouped(struct kind_result *r, struct stats **st, int64_t *done_mag);
/* The same with nw workers (at most one per group): 1, the groups one after another, each
 * scan on every device given; more, the groups at once, worker i on every nw-th device
 * from the i-th with its share of the host threads (on the CPU backend: threads only). */
int b32_scan_groups(struct kind_result *r, struct stats **st, int64_t *done_mag, int nw);
/* A group: the indices in r->v of variants of one reference (at most SCAN_MAXV). */
struct b32_group {
  int n;
  int idx[SCAN_MAXV];
};
/* r's groups, in the order of their first variants (g has room for r->nv): their number,
 * or -1 when out of memory. */
int b32_groups(const struct kind_result *r, struct b32_group *g);
/* A group's estimated cost, which orders the queue of groups run at once (largest first). */
double b32_group_cost(const struct kind_result *r, const struct b32_group *g);
int b32_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n);
int b32_arch_record(struct arch_ctx *a);
int b32_arch_compare(struct arch_ctx *a);

/* Did variant name of a run (gpu_run: on the GPU backend) run on the GPU? Host-only
 * variants run on the CPU whatever the backend. */
int b32_on_gpu(int gpu_run, const char *name);

#endif
