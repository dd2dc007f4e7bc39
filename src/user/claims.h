/* claims.h: error-bound claims in source comments, and the functions they describe.
 *
 * A claim is a comment (// or / * * /) holding `maxulperr = X` and/or `maxrelerr = Y`
 * (or `<=`; the numbers and what they mean: claimnum.h), at most one of each,
 * in any order, optionally `ref = NAME` or `ref = EXPR` (the reference function, or an
 * expression in x, reference/expr/expr.h: it extends to the end of the line, to a ',' or
 * ';' outside parentheses, or to the next maxulperr/maxrelerr), and the words `ref-odd`
 * and `ref-increasing` (declarations of an expression's symmetry and monotonicity). It belongs to the
 * function defined right after the comment (other comments in between are skipped).
 * Numbers are kept as text with their byte offsets, so that --update can replace
 * exactly them and nothing else. */
#ifndef ULPCERT_CLAIMS_H
#define ULPCERT_CLAIMS_H

#include <stddef.h>

#define CLAIMS_MAX 256
#define CLAIM_NUMLEN 128
#define CLAIM_REFLEN 4096

struct claim_site {
  int line;                /* 1-based line of the comment */
  size_t off[2], len[2];   /* [0] maxulperr, [1] maxrelerr number: byte offset and length; len 0: absent */
  int le[2];               /* the relation: 0 '=', 1 '<=' (claimnum.h) */
  char num[2][CLAIM_NUMLEN]; /* the numbers as written (claimnum.h's grammar) */
  char ref[CLAIM_REFLEN];  /* ref = NAME or EXPR, or "" (a longer one is an error) */
  int ref_odd, ref_increasing; /* the words ref-odd, ref-increasing appear in the comment */
  char fn[128];            /* the function defined after the comment, "" if none */
  int fn_line;             /* its line */
  char sig[256];           /* its declaration (up to the '{'), whitespace squeezed */
  int unary_float;         /* the declaration is float NAME(float [name]) */
  int unary_maybe;         /* one parameter, and no type word that rules float NAME(float) out (a
                              typedef name): the compiler decides */
  int device;              /* __device__ appears in the declaration */
};

/* Find every claim in text[0..n). Returns the number found (at most max), or -1 with
 * a message when the text cannot be read as C (an unterminated comment) or a claim is
 * malformed (a number outside the grammar, a relation other than = and <=, a second
 * claim of one measure in a comment, a ref = too long): the line and column are named. */
int claims_parse(const char *text, size_t n, struct claim_site *out, int max, char *err, size_t errlen);

/* The definition of function name in text[0..n) (outside comments, string literals and
 * other definitions): 1 with its declaration in out (fn, fn_line, sig, unary_float,
 * device), or 0 when the text defines no function of that name. */
int claims_function(const char *text, size_t n, const char *name, struct claim_site *out);

/* Format v the way 'like' is written (fixed or exponent notation, digits after the
 * point, exponent sign and width), rounding to nearest. */
void claims_format_like(const char *like, double v, char *out, size_t n);

#endif
