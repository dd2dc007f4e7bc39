/* registry.h: the catalogue: the references and variants ulpcert knows. Built-in ones
 * come from the function folders (functions/<name>/<name>.def, catalogue.h); user functions (certify, run --source) are added at run time with the same
 * struct, so every consumer treats them alike. */
#ifndef ULPCERT_REGISTRY_H
#define ULPCERT_REGISTRY_H

#include <stddef.h>

#include "src/measure/bounds.h"
#include "src/measure/rounding.h"
#include "src/measure/verdict.h"
#include "reference/reference.h"

/* gpu_fn of a variant without device code (a catalogue variant's gpu_fn is its index) */
#define GPU_NONE (-1)

/* What a variant takes and returns. The engine's evaluation and reduction are
 * chosen by kind; only VK_F32_UNARY is scanned so far. */
enum variant_kind {
  VK_F32_UNARY = 0, /* float f(float), error in binary32 ulps of the exact value */
  VK_DW_BINARY,     /* double-word (hi, lo) op (hi, lo): relative error in u^2 */
  VK_F32_PAIR,      /* float f(float, float) (src/kinds/pair), error in binary32 ulps of the exact value */
};

struct claim {
  const char *max_ulp; /* decimal, as printed at the source; NULL: none */
  const char *max_rel;
  enum claim_kind kind;
  const char *source;
  const char *max_abs; /* absolute error |out - f(x)| over the variant's range [abs_lo, abs_hi] */
};

struct variant {
  const char *name;
  const char *family;
  const char *ref_name;
  const struct reference *ref;
  enum variant_kind kind;
  const char *device_fn;   /* its name in the folder's device code, "NODEVICE" for none */
  int gpu_fn;              /* device function: the variant's catalogue index, GPU_NONE, or a
                              number of src/kinds/binary32/device/gpu.h (GPU_TABLE, run-time compiled) */
  float (*host_fn)(float); /* NULL if no host code */
  /* Host code evaluated outside this process (users' functions, src/user/worker.h): when
   * set, used instead of host_fn: out[..] = f at first[r] .. first[r] + count[r] - 1, r < nr,
   * in that order, on threads threads (the run's --threads); *threads_used gets the most
   * threads the evaluation ran on; 0, or an exit code (EXIT_USERCODE) with the reason in err. */
  int (*host_batch)(const struct variant *v, int threads, int nr, const uint32_t *first, const uint32_t *count,
                    uint32_t *out, int *threads_used, char *err, size_t errlen);
  void *host_ctx;
  /* Users' functions: what their figures depend on beyond the name and the reference, as a
   * JSON object's text with sorted keys (source_sha256, compiler, reference_declared);
   * written into result files, compared by --resume and merge. NULL otherwise. */
  const char *origin;
  struct claim claim; /* the code's own comment */
  struct claim doc;   /* documented by a vendor or a paper (kind CLAIM_DOCUMENTED or CLAIM_PROVED) */
  const char *description;
  /* Inputs over which the absolute error is measured: x in [abs_lo, abs_hi] when
   * abs_ranged (the range of a documented absolute bound), else every input. */
  int abs_ranged;
  double abs_lo, abs_hi;
  /* Documented bound clauses (BOUND lines; bounds.h), each with the bound in
   * words and its source. */
  int n_clauses;
  struct bound_clause clause[CLAUSE_MAX];
  const char *clause_text[CLAUSE_MAX], *clause_source[CLAUSE_MAX];
  /* enum rounding_mode: RND_N, or the directed mode the variant is documented to round in
   * (a ROUNDING line), which its outputs are compared with. */
  int rounding;
};

extern struct variant variants[];
extern const int n_variants;

/* The verdict of a variant over both its claim and its documented bound, every
 * measure (ulp, relative, absolute): VIOLATED if any is violated, else LOOSE if any is
 * loose, else HOLDS, VERDICT_NONE without any bound. A measure with no measured value
 * (negative: no input measured) gives no verdict. */
enum verdict variant_verdict(const struct variant *v, double max_ulp, double max_rel, double max_abs);
const struct variant *variant_find(const char *name);
/* The built-in variant that evaluates function fn of this project's kernel file
 * (matched by file name and function name), or NULL. */
const struct variant *variant_by_source(const char *file, const char *fn);
int variant_has_backend(const struct variant *v, int gpu);
/* Resolve NAME (a variant or a family) into out[] (deduplicated, registry order),
 * keeping those the backend can run; on the GPU backend, a host-only variant named on its
 * own too (its outputs computed on the host, the rest on the device). The selections
 * "libm" and "libm.<reference>": every C math library's variant of each function (glibc's
 * <cname>.host, then LLVM libc's, musl's, SLEEF's: src/libm/libm.h), function by function,
 * on either backend. Returns the count, or -1 if NAME is unknown. */
int variant_resolve(const char *name, int gpu, const struct variant **out, int max, int *nout);
/* Is name one of those selections ("libm", "libm.sin")? */
int variant_is_selection(const char *name);
/* Bind each variant to its reference and its bound clauses; returns 0, or -1 if one is
 * missing (the message names it). */
int registry_init(char *err, size_t errlen);

/* The references (ref_table, n_references, ref_find): reference/reference.h. */
struct fast_range;
/* r's FAST_RANGE lines into out[] (at most max), an expression's default ranges
 * (EXPR_FAST_LO .. EXPR_FAST_HI, expr.h); returns their number. */
int ref_fast_ranges(const struct reference *r, struct fast_range *out, int max);
/* The index of r's shortcut in the device kernel's table, or -1 when it has none there. */
int ref_device_shortcut(const struct reference *r);
/* The names of the variant families, comma-separated (for help and error texts; the
 * references' names: ref_names, reference/reference.h). */
const char *family_names(void);
/* The variant or family names (binary32 catalogue) that name is most likely a slip of,
 * quoted ("'tan' or 'tanh'"): the nearest, at most 2 edits away (a letter added, dropped,
 * changed, or two neighbours swapped) and at most a third of its letters; NULL when
 * none is that close. For "did you mean". */
const char *name_suggest(const char *name);
/* (The same among the references: ref_suggest, reference/reference.h.) */

#endif
