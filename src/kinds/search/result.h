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
  size_t nlist_file; /* the listed inputs' count a result file records (SR_LIST_UNKNOWN: a list
                        written before its count and digest were: no run's list equals it) */
  char list_path[1024];
  uint64_t list_digest; /* FNV-1a of the listed inputs' bit patterns (0: no list) */
  int ndev, dev[16];    /* the devices the sampling spreads over (GPU backend), dev[0] the local search's */
  int workers;          /* the sampling's workers: ndev on the GPU, ULPCERT_SEARCH_WORKERS (default 1) on the CPU */
  int progress;         /* a progress bar on stderr */
  int shards;           /* > 1: a shard of that many, whose local search waits for the merge of the shards */
  int local_done;       /* 1: the listed inputs and the local search are in (after the sampling of the range) */
  int fresh;            /* 1: made by begin, nothing scanned yet (a resumed run's start); 0: scanned or read */
};

#define SR_LIST_UNKNOWN ((size_t)-1)

/* The local search's setup on each backend. */
#define SR_ROUNDS_CPU 32
#define SR_BATCH_CPU 256
#define SR_ROUNDS_GPU 64
#define SR_BATCH_GPU 65536

/* The stream of a function: its inputs' identity (FNV-1a of its name), so that every library's
 * variant of one function draws the same inputs. */
uint64_t sr_stream(const struct sr_fn *f);
/* Sample blocks [from, to] of every variant, spread over r->workers (devices, or host workers):
 * each worker claims groups of blocks in order and folds each group's pool and counts into the
 * run's, so the result is that of one worker. Returns 0, EXIT_INTERRUPT (with *done the last block
 * completed, or from - 1), or an exit code. */
int sr_scan(struct kind_result *r, uint32_t from, uint32_t to, int64_t *done);
/* Once the whole range is sampled (after every range, resume and MPI rank): MPFR at the sampled
 * candidates; then, unless the run is one shard of several, the listed inputs, the local search
 * around the best candidates and MPFR at the new ones. 0, EXIT_INTERRUPT (the local search's part
 * dropped, so that a resume does it whole), or an exit code. */
int sr_finish(struct kind_result *r);
/* Fold variant statistics b into a (counts added, pools united): exact, in any order. */
void sr_stat_merge(struct sr_stat *a, const struct sr_stat *b);
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
