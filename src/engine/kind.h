/* kind.h: the kinds of run. What a variant takes and returns decides how its inputs are
 * walked, what is measured and how results are stored: binary32 functions of one argument,
 * float-float (double-word) operations, 16-bit formats. Each kind lives in its own folder,
 * src/kinds/<name>/, and exports one struct kind (kind_<name>); the Makefile lists the
 * folders in the generated kinds.def, and the commands (run, merge, report, arch,
 * certify, list) reach a kind only through this table. */
#ifndef ULPCERT_KIND_H
#define ULPCERT_KIND_H

#include <stdint.h>
#include <stdio.h>

#include "src/engine/options.h"
#include "src/jsonio/head.h"

struct json_t;
struct report;
struct variant;
struct kind;
struct kind_result; /* a kind's variants and their statistics, with the run's header */

/* What `ulpcert run` (or certify) asks of a kind. */
struct run_request {
  int nnames;
  char **names;     /* variant and family names */
  struct scan_cli *sc; /* the common options, parsed */
  const char *resume;  /* --resume FILE */
  int shard_k, shard_n; /* --shard K/N (shard_n = 0: none) */
  const char *source, *function, *ref; /* --source FILE --function NAME --ref REF */
  int ref_odd, ref_increasing;         /* --ref-odd, --ref-increasing (expression references) */
  uint32_t partners;   /* --partners */
  uint64_t seed;       /* --seed */
  int seed_given;
  int swap;            /* --swap: two-argument functions sweep their second argument */
  const char *pairs;   /* --pairs FILE: a list of pairs instead of a sweep */
  const char *bound;   /* --bound ULP: the run fails (exit 1) when a variant's max ulp error exceeds it */
  const char *tensor_scale; /* --tensor-scale G: NVFP4 quantizers' per-tensor decode scale */
  int ranks, rank;     /* MPI ranks splitting the range (1, 0 without MPI) */
  const struct variant *const *variants; /* certify: these variants, instead of names */
  int nvariants;
};

/* What arch record and arch compare share with the kinds. A record is one JSON document:
 * the part of the kind whose result it is (its "kind" field: binary32) is the document
 * itself, every other kind's is the member named after the kind (arch_part). */
struct arch_ctx {
  struct scan_cli *sc;
  struct run_info *ri;      /* backend and device chosen */
  const char *base_path;    /* compare: the baseline; record: --reuse RECORD, or NULL */
  struct json_t *base;      /* that document, or NULL */
  struct json_t *record;    /* record: the document each kind adds its part to */
  int differ;               /* compare: set by a kind whose part differs */
  int recorded, gpus;       /* record: set by each kind, what its part holds (variants) and the GPUs it
                               ran on (0: the CPU; 1 unless it says otherwise), for the command's time line */
  struct json_t *seconds;   /* record, when set: each kind's wall seconds by name (bench --multi-gpu) */
  double kind_s;            /* record: the last kind's wall seconds */
};
/* Kind k's part of a record (NULL: the record has none): its own, else the first of its
 * aliases' the record has. */
struct json_t *arch_part(struct json_t *record, const struct kind *k);
/* The partners and seed of the two-argument and float-float parts of arch records: those
 * of `ulpcert run` by default. */
#define ARCH_PARTNERS 9
#define ARCH_SEED 1

/* The largest errors of variant i of a result, for certify. */
struct maxima {
  const char *name;
  uint64_t inputs;
  double max_ulp, max_rel; /* -1: none measured */
  uint32_t max_ulp_input, max_rel_input;
  /* for budgets (report --budgets): the family, the largest ulp error over the inputs of
   * biased exponent 0 (subnormals and zeros) and over the others (-1: none measured there,
   * or not known), the counts that a budget of ulps cannot excuse, and whether the variant
   * ran on the GPU of the run (0: host code, on the CPU) */
  const char *family;
  double max_ulp_sub, max_ulp_normal;
  int on_gpu;
  /* what else the run found, which no bound on the maxima may hide: outputs NaN or infinite
   * where the correctly rounded result is finite, special values (NaN, infinities, signed
   * zeros) missed, violations of a declared symmetry or monotonicity, inputs whose
   * reference could not be decided; the lowest such inputs where listed (n_first) */
  uint64_t nonfinite, special_mismatches, symmetry_violations, monotonic_violations, undecidable;
  int n_first;
  uint32_t first[4];
};

struct kind {
  const char *name;     /* the "kind" field of its result files */
  /* other names of its result files and record parts, read as this kind's (names it had
   * before, parts it writes besides its own), NULL-terminated; NULL: none */
  const char *const *aliases;
  const char *title;    /* what its variants are, for messages and help */
  const char *unit;     /* what its ranges count: "inputs", "high words" */
  const char *run_help; /* its paragraph of `ulpcert run --help`, or NULL */
  int (*owns)(const char *name); /* is name a variant or family of this kind? */
  void (*list)(FILE *f);         /* its part of `ulpcert list` */

  /* run: begin (names resolved, backend chosen, statistics empty), scan ranges into the
   * result (an interruption returns EXIT_INTERRUPT with the ranges covered, *ncov = -1
   * when nothing consistent can be kept), then the
   * driver prints, writes and asks for the exit status of a complete run */
  int (*begin)(struct run_request *rq, struct kind_result **out);
  int (*scan)(struct kind_result *r, uint32_t from, uint32_t to, uint32_t cov[][2], int *ncov);
  uint64_t (*cost)(const struct kind_result *r, uint64_t a, uint64_t b); /* of inputs [a, b): shard balance */
  int (*status)(const struct kind_result *r);
  int (*par_reduce)(struct kind_result *r); /* MPI: rank 0 gets every rank's statistics (NULL: no MPI) */

  /* results: read a document of this kind, its header, check that two results hold the
   * same variants and setup (merge, resume: 0, or an exit code with a message), merge b
   * into a, write, print, free */
  int (*read)(struct json_t *root, const char *path, struct kind_result **out, char *err, size_t errlen);
  struct run_info *(*info)(struct kind_result *r);
  int (*same)(const struct kind_result *a, const struct kind_result *b, const char *pa, const char *pb, char *err,
              size_t errlen);
  void (*merge)(struct kind_result *a, const struct kind_result *b);
  int (*write)(const char *path, const struct kind_result *r, char *err, size_t errlen);
  void (*print)(FILE *f, const struct kind_result *r);
  void (*release)(struct kind_result *r);

  /* its sections of `ulpcert report` (NULL: none) */
  int (*report)(struct report *rp, struct kind_result *const *rs, char *const *paths, int n);
  /* its part of an arch record, and its comparison with a record (NULL: none); compare
   * is called only when the baseline has the kind's part */
  int (*arch_record)(struct arch_ctx *a);
  int (*arch_compare)(struct arch_ctx *a);
  /* 1: its part of a record spreads over the devices of --devices itself; 0: it runs on
   * the first device of a->sc, and a record of several devices runs such kinds at once,
   * each on a device of its own (arch.c) */
  int arch_spreads;
  /* 1: its part of a record is made on the GPU backend only (a CPU record has none, and a
   * baseline without it is no gap for a comparison on the CPU) */
  int arch_gpu_only;
  /* records made in ranges and merged (`ulpcert merge`): part b into part a (0, or an exit
   * code with a message in err, a left unchanged); NULL when the part holds every input
   * whatever the range (the 16-bit forms): the parts must then be equal */
  int (*arch_merge)(struct json_t *a, struct json_t *b, char *err, size_t errlen);
  /* certify: the measured maxima of variant i (NULL: this kind certifies nothing) */
  int (*maxima)(const struct kind_result *r, int i, struct maxima *m);
  /* run: once every range is scanned (and, under MPI, on rank 0 once the ranks' statistics are
   * in), what the whole range needs done once (the search kind's local search): 0,
   * EXIT_INTERRUPT with the result still one to resume, or an exit code. NULL: nothing */
  int (*finish)(struct kind_result *r);
};

/* The kinds, in the order of kinds.def (their folders' names), NULL-terminated. */
extern const struct kind *const kinds[];
/* The kind a variant or family name belongs to, or NULL. */
const struct kind *kind_of_name(const char *name);
/* The kind named name (or one of its aliases), or NULL. */
const struct kind *kind_named(const char *name);
/* The kind of a result document (by its "kind" field), or NULL. */
const struct kind *kind_of_result(struct json_t *root);
/* The kind whose maxima certify uses. */
const struct kind *kind_for_claims(void);

#endif
