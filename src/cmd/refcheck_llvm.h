/* refcheck_llvm.h: `ulpcert refcheck --against llvm-libc [REFERENCE...]`: every reference
 * that LLVM libc documents correctly rounded (the CR lines of functions/<name>/libm.def,
 * src/libm/libm.h) against LLVM libc's function, input by input (refcheck_llvm.c; its result
 * file, written as it goes and read back by --resume, in refcheck_llvm_json.c). */
#ifndef ULPCERT_REFCHECK_LLVM_H
#define ULPCERT_REFCHECK_LLVM_H

#include <mpfr.h>
#include <stdint.h>

#include "src/engine/options.h"
#include "src/measure/rounding.h"

struct xc_args {
  int against;       /* --against llvm-libc given */
  unsigned modes;    /* bit m: rounding mode m (src/measure/rounding.h) checked; 0: all four */
  int plant;         /* --plant X given (a test hook: one wrong reference value) */
  uint32_t plant_x;
  uint32_t partners; /* two-argument references: random partners per x (run's --partners) */
  uint64_t seed;     /* and their seed (run's --seed) */
  const char *resume; /* --resume FILE: the result of an interrupted check of the same command */
};

/* Check the named references (all the CR ones when nref is 0) over sc's range on sc's
 * backend with 'threads' host threads. Exit status: 0, 1 when a reference value is wrong
 * (MPFR sides against it), 130 when interrupted (SIGINT, SIGTERM: with --json the part
 * done is written, for --resume), or another exit code after a message. */
int refcheck_llvm(struct scan_cli *sc, const struct xc_args *a, int nref, char **refs, int threads);

/* ---- shared by refcheck_llvm.c and refcheck_llvm_json.c ---- */

#define XC_LIST 1000 /* mismatches listed per reference: the lowest (x, partner, mode) */

struct reference;
struct pair_ref;

struct xc_miss {
  uint32_t a, b; /* the input (x, partner); b = 0 for one argument */
  int mode;
  uint32_t ref, lib, mpfr; /* the reference's rounding, LLVM libc's output, MPFR's */
};

/* One reference's check. */
struct xc_ref {
  const char *name, *cname;
  const struct reference *r; /* one argument */
  const struct pair_ref *pr; /* two arguments */
  float (*f1)(float);
  float (*f2)(float, float);
  int (*m1)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
  int (*m2)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);
  uint64_t inputs, nan_inputs, undecidable;
  uint64_t by[4];    /* how the references were decided: [1] shortcut, [2] table or fast reference, [3] MPFR */
  uint64_t mirrored; /* negative inputs of an odd or even reference given their magnitude's value */
  uint64_t miss[RND_COUNT], ref_wrong, lib_wrong, snan;
  int nlist;
  struct xc_miss *list;
  double seconds;
  double check_s; /* of seconds, the host's checks (LLVM libc and the comparisons); 0 in older files */
  int gpu;      /* references from the device */
  int64_t done; /* the last x checked (every x from the range's start up to it); start - 1: none */
};

/* What a result file says about the command (the fields --resume compares). */
struct xc_setup {
  const char *against, *modes; /* "LLVM libc 19.1.7", "RN RZ RU RD" */
  unsigned mode_bits;
  uint32_t from, to, partners;
  uint64_t seed;
};

/* "RN RZ RU RD" of the modes' bits, in buf. */
const char *xc_mode_names(unsigned modes, char *buf, size_t n);

struct run_info;
/* The result file: the header of ri (this run's), the setup, and each of the n references
 * begun (done >= s->from), with "complete" when all n cover the range. 0 or an exit code
 * with a message. */
int xc_write_json(const char *path, const struct run_info *ri, const struct xc_setup *s, const struct xc_ref *rs,
                  int n);
/* --resume: the references of rs[0..n) that path begun or completed, taken over: their
 * counts, lists, time and the last x done. 0, or an exit code with a message when path is
 * not a result of this setup. */
int xc_resume(const char *path, const struct xc_setup *s, struct xc_ref *rs, int n);

#endif
