/* result.h: binary32 results: the JSON file (one object, written atomically) and the
 * table printed on stdout. The JSON carries everything needed to rebuild each
 * variant's struct stats, so that shards can be merged and reports regenerated
 * without a second pass over the inputs. */
#ifndef ULPCERT_RESULT_H
#define ULPCERT_RESULT_H

#include <stdio.h>

#include "src/jsonio/head.h"
#include "src/measure/metrics.h"
#include "src/catalogue/registry.h"
#include "src/kinds/binary32/scan.h"

/* A result file read back. */
struct result_claim {
  char max_ulp[32], max_rel[32], max_abs[32], kind[16], source[256]; /* "" when absent */
};
struct result_variant {
  char name[256], family[64], reference[4160];
  char origin[2048]; /* "origin" as compact JSON with sorted keys, "" when absent (registry.h) */
  struct result_claim claim, doc;
  char bound_text[CLAUSE_MAX][160], bound_source[CLAUSE_MAX][320]; /* per clause of st */
  struct stats *st;
};
struct result_file {
  struct run_info ri; /* the header, as the file states it */
  int nv;
  struct result_variant *v;
};
/* Read and check a result JSON, plain or gzip-compressed. 0, EXIT_IO (unreadable) or
 * EXIT_CORRUPT (corrupt, truncated, another format, a field missing or inconsistent),
 * with a message naming the file and the field. */
int result_read_json(const char *path, struct result_file *rf, char *err, size_t errlen);
/* The same from an open stream; path names it in messages. */
int result_read_stream(FILE *f, const char *path, struct result_file *rf, char *err, size_t errlen);
void result_file_free(struct result_file *rf);
/* The same from a document already parsed (root stays the caller's). */
struct json_t;
int result_from_root(struct json_t *root, const char *path, struct result_file *rf, char *err, size_t errlen);
/* The same for documents of kind 'kind' holding binary32 statistics (the pair kind's). */
int result_from_root_of(struct json_t *root, const char *path, const char *kind, struct result_file *rf, char *err,
                        size_t errlen);

/* The verdict of a variant over its claim, its documented bounds and its bound clauses. */
enum verdict stats_verdict(const struct variant *v, const struct stats *s);

#endif
