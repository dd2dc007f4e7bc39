/* conv_kind.h: the conversions kind's result, shared by its files (kind.c, run.c,
 * json.c, report.c, arch.c). */
#ifndef ULPCERT_CONV_KIND_H
#define ULPCERT_CONV_KIND_H

#include <jansson.h>

#include "src/engine/kind.h"
#include "src/engine/progress.h"
#include "src/kinds/convert/convert.h"

/* one variant of a run */
struct conv_run {
  const struct conv_variant *v;
  int ran;          /* 0: not run here (why) */
  char why[256];
  char path[16];    /* "cvt" (one instruction), "software" (the header's code), "host" */
  int arch;         /* the architecture the device code was compiled for (e.g. 900), 0 on the host */
  uint32_t from, to; /* the inputs: a binary32 range, or a small domain's codes 0..n-1 */
  double seconds;
  struct conv_stats st;
  uint32_t *out, *lo, *hi; /* small domains, when kept (arch records): every output and x2 lane */
};

struct kind_result {
  struct run_info ri;
  struct scan_cli *sc;
  int nv;
  struct conv_run run[CONV_MAXVAR];
  json_t *results; /* read from a file: its "results" */
  int device;
  double wall;
  struct progress_sum *pc; /* scan: the progress bar, and the stop request (SIGINT) */
  int stopped;
};

/* run.c: variant r->run[i] over its inputs on the run's backend (binary32 sources over
 * [from, to]; with keep, a small domain's outputs are kept). 0, or an exit code. */
int conv_run_variant(struct kind_result *r, struct conv_run *cr, uint32_t from, uint32_t to, int keep);
/* json.c: a variant's result object (with record: its digests per bin, or every output) */
json_t *conv_run_json(const struct conv_run *cr, int record);
/* a printed row */
void conv_print_row(FILE *f, const struct conv_run *cr);
/* the outputs of a small domain from a record's hex string: 0, or -1 */
int conv_parse_outputs(json_t *o, uint32_t n, uint32_t *out);
/* hex digits of an output of the variant's target in records */
int conv_out_digits(const struct conv_def *d);

int conv_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n);
int conv_arch_record(struct arch_ctx *a);
int conv_arch_compare(struct arch_ctx *a);

#endif
