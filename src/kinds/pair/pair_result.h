/* pair_result.h: a two-argument result (a run's or a file's), shared by the kind's files
 * (kind.c, report.c). */
#ifndef ULPCERT_PAIR_RESULT_H
#define ULPCERT_PAIR_RESULT_H

#include "src/engine/kind.h"
#include "src/kinds/binary32/binary32.h"
#include "src/kinds/pair/pair.h"

struct pair_result {
  struct run_info ri;
  int nv;
  const struct pair_variant *pv[PAIR_MAXV];
  const struct variant *v[PAIR_MAXV]; /* their base: what the shared printing reads */
  struct stats *st[PAIR_MAXV];
  struct result_file file; /* read from a file: owns the statistics (file.nv = nv) */
  uint32_t nrandom;
  uint64_t seed;
  int swap, partner_set;
  char pairs_path[1024]; /* --pairs FILE, "" for a sweep */
  uint32_t npairs;
  uint32_t (*pairs)[2];
  struct scan_cli *sc;
  double wall, t_ref, t_eval;
  uint64_t mpfr_calls;
};

struct report;
int pair_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n);

#endif
