/* result.h: the search kind's result: per variant, the inputs searched and the candidates kept. */
#ifndef ULPCERT_SEARCH_RESULT_H
#define ULPCERT_SEARCH_RESULT_H

#include "src/engine/kind.h"
#include "src/jsonio/head.h"
#include "src/kinds/search/search.h"


struct sr_stat {
  uint64_t sampled;    /* inputs drawn by the sampling */
  uint64_t local;      /* inputs evaluated by the local search */
  uint64_t unmeasured; /* sampled inputs outside the domain or overflowing (not ranked) */
  uint64_t listed;     /* inputs of the list (--pairs FILE) evaluated */
  int npool;
  struct sr_cand pool[SR_POOL];
};

struct kind_result {
  struct run_info ri;
  uint64_t seed;
  int rounds, batch; /* the local search: rounds per candidate, neighbours per round */
  int nv, v[SR_MAXV];
  struct sr_stat st[SR_MAXV];
  double *list_x, *list_y; /* the listed inputs (--pairs FILE), or NULL */
  size_t nlist;
  char list_path[1024];
  uint32_t first_block; /* the first block of the whole range (before a shard's): the list goes with it */
};

/* The local search's setup on each backend. */
#define SR_ROUNDS_CPU 32
#define SR_BATCH_CPU 256
#define SR_ROUNDS_GPU 64
#define SR_BATCH_GPU 65536

/* The stream of a function: its inputs' identity (FNV-1a of its name), so that every library's
 * variant of one function draws the same inputs. */
uint64_t sr_stream(const struct sr_fn *f);
/* Scan blocks [from, to] of every variant: sampling, the local search, MPFR's check. Returns 0,
 * EXIT_INTERRUPT (with *done the last block completed, or from - 1), or an exit code. */
int sr_scan(struct kind_result *r, uint32_t from, uint32_t to, int64_t *done);
/* --pairs FILE: read the listed inputs of functions of that many arguments (0, or an exit code
 * after a message); evaluate them through variant i into its pool. */
int sr_list_read(struct kind_result *r, const char *path, int arity);
int sr_list_eval(struct kind_result *r, int i);
/* The largest error MPFR found in a variant's pool: the index of its candidate, or -1. */
int sr_best(const struct sr_stat *s);
/* Does the variant's bound fail at a checked candidate? The first such candidate, or -1. */
int sr_violation(const struct sr_variant *v, const struct sr_stat *s);
/* The verdict in words ("VIOLATED at ...", "no violation found in N inputs", "no bound"). */
void sr_verdict(const struct sr_variant *v, const struct sr_stat *s, char *buf, size_t n);
/* "x = 0x1.8p+0" or "x = ..., y = ..." (scan.c, beside sr_verdict, which names it) */
void sr_where(const struct sr_fn *f, const struct sr_cand *c, char *buf, size_t n);

#endif
