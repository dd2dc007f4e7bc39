/* libm.h: the C math libraries beside glibc: LLVM libc, musl and SLEEF, as host variants of
 * the catalogue's functions, and LLVM libc as a second referee of the references
 * (src/cmd/refcheck_llvm.c, `ulpcert refcheck --against llvm-libc`).
 *
 * A function folder says what each library has of its function in libm.def (the Makefile
 * lists them all in the generated libm.def), one line:
 *   LIBM(reference, cname, llvm, musl, sleef1, sleef2)       float cname(float)
 *   LIBM_PAIR(reference, cname, llvm, musl, sleef1, sleef2)  float cname(float, float)
 * with
 *   llvm    CR: LLVM libc has cname and documents it correctly rounded in all four rounding
 *           modes (its documentation, libc/docs/math/index.rst: "correctly rounded for all 4
 *           rounding modes"; atan2f, cbrtf, cospif, sinpif are newer than the copy of that
 *           page read when these lines were written); the variant carries that bound (0 ulp
 *           from the correctly rounded result) and the reference is cross-checked against it;
 *           YES: LLVM libc has it (no claim); NO: it has not;
 *   musl    YES or NO;
 *   sleef1, sleef2  SLEEF's scalar functions of cname: u05, u10, u15, u35 (Sleef_<cname>_u10,
 *           ...: SLEEF documents their error bounds as 0.506, 1.0, 1.5 and 3.5 ulp, each with
 *           its own input range; not carried as bounds here), EXACT (Sleef_<cname>), or NO.
 * The lines describe the versions of Debian 12 (LLVM libc 19.1.7, musl 1.2.3, SLEEF 3.5.1,
 * checked against their archives' symbols); scripts/libm-objs.sh leaves out a library that
 * lacks a declared function, and one that is not installed.
 *
 * The variants (host code only):
 *   <cname>.llvm            family libm.llvm
 *   <cname>.musl            family libm.musl
 *   <cname>.sleef_u10, ...  family libm.sleef (.sleef_u05, .sleef_u15, .sleef_u35; .sleef: EXACT)
 * A family of host functions runs whole on the GPU backend too (registry.c,
 * variant_resolve): the outputs computed by the host's threads, the references and the
 * reduction on the device, as for glibc's <fn>.host. Two-argument variants join their
 * function's family (atan2, hypot, ...) beside glibc's <fn>.host, on the CPU backend.
 *
 * How they are linked (scripts/libm-objs.sh): LLVM libc's and musl's static archives with
 * every symbol renamed (sinf -> ulpcert_llvm_sinf), so that they live beside glibc's in one
 * process; SLEEF as its shared library (its names are its own), carried in build/lib. */
#ifndef ULPCERT_LIBM_H
#define ULPCERT_LIBM_H

#include <stddef.h>
#include <stdint.h>

/* The libraries linked in, with their versions: "LLVM libc 19.1.7, musl 1.2.3, SLEEF 3.5.1"
 * (or "none"). */
const char *libm_linked(void);
/* "LLVM libc 19.1.7", or NULL when LLVM libc is not linked in. */
const char *libm_llvm_linked(void);

/* The LLVM libc function of a one-argument reference that LLVM libc documents correctly
 * rounded (a CR line), or NULL. */
float (*libm_llvm_cr(const char *ref))(float);
/* The same for a two-argument reference. */
float (*libm_llvm_cr_pair(const char *ref))(float, float);
/* The C name of LLVM libc's function of a CR line ("sinf"), or NULL. */
const char *libm_llvm_cname(const char *ref);
/* The references of the CR lines, one-argument ones then two-argument ones, comma-separated. */
const char *libm_llvm_cr_names(void);

/* The columns of the library tables (`ulpcert report`): CUDA's function as a default build
 * compiles it (`<fn>.cuda`), with -ftz=true (`.cuda.ftz`), with -use_fast_math
 * (`.cuda.fastmath`), then the host C libraries': glibc (`.host`), LLVM libc (`.llvm`), musl
 * (`.musl`), SLEEF's most accurate scalar function (`.sleef_u10`, or `.sleef_u05`,
 * `.sleef_u15`, `.sleef` where that is its tier) and its 3.5-ulp one (`.sleef_u35`). */
enum { LIB_CUDA, LIB_FTZ, LIB_FAST, LIB_HOST, LIB_LLVM, LIB_MUSL, LIB_SLEEF, LIB_SLEEF35, LIB_N };
/* The column of a variant name, with its function part ("sinf") in fn; -1 for a variant of
 * no column. */
int libm_column(const char *name, char *fn, size_t fnlen);
/* The columns' titles in the tables ("default build", ..., "glibc", ..., "SLEEF u35"). */
extern const char *const libm_column_title[LIB_N];
/* What a cell of the SLEEF u10 column says of a variant of another SLEEF tier ("u05", "u15",
 * "exact" for `.sleef`), or NULL for the columns' own tiers and other variants. */
const char *libm_sleef_tier(const char *name);
/* The end of a cell of either library table: the share correctly rounded (cr of inputs, in
 * percent: share_pct, src/report/percent.h), the outputs that are not finite where the exact
 * value is (where there are any), the verdict (its word, or "no bound"), and the cell's
 * closing bar. */
struct text;
void libm_cell_end(struct text *t, uint64_t cr, uint64_t inputs, unsigned long long nonfinite, const char *verdict);

#endif
