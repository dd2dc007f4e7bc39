/* claimnum.h: the numbers of claims (`maxulperr = X`, `maxulperr <= X`), read exactly.
 *
 * Grammar (docs/usage.md, "Claim numbers"); nothing else is a number:
 *   decimal   DIGITS [ "." [DIGITS] ] [ ("e" | "E") [ "+" | "-" ] DIGITS ]  or  "." DIGITS [exponent]
 *   hex       ("0x" | "0X") HEXDIGITS [ "." [HEXDIGITS] ] ("p" | "P") [ "+" | "-" ] DIGITS
 *   fraction  DIGITS "/" DIGITS          (a positive denominator)
 *   power     "2^" [ "+" | "-" ] DIGITS
 * No sign, no spaces inside, decimal exponents within +-330 and binary ones within +-1100.
 * A number ends at the end of the comment, a blank, or one of , ; ) . followed by a blank
 * or the end; anything else after it is an error (`0,5`, `1.5.3`, `0.5x`).
 *
 * What a claim means (every comparison exact, in rational arithmetic, GMP):
 *   X <= : an upper bound: HOLDS when the measured maximum m <= X, else VIOLATED.
 *   X =  : X is m rounded up at X's last written digit (u, the place value of that digit:
 *          10^-2 for 0.25, 10^-4 for 1.5e-3, 2^-8 for 0x1.00p+0): HOLDS when
 *          X - u < m <= X, LOOSE when m <= X - u (a smaller number can be written), VIOLATED
 *          when m > X. A fraction or a power of two is exact (u = 0): HOLDS when m = X.
 * A written number that HOLDS is therefore never below the measured maximum. */
#ifndef ULPCERT_CLAIMNUM_H
#define ULPCERT_CLAIMNUM_H

#include <stddef.h>

#include "src/measure/verdict.h"

/* Read a number at s[0..n): 0 with its length in *len, or -1 with the offset where it stops
 * being one in *len and the reason in why. */
int claimnum_scan(const char *s, size_t n, size_t *len, char *why, size_t wl);

/* The verdict of measured maximum m (>= 0, finite) against the number text (a valid one)
 * under relation le (1: <=, 0: =). VERDICT_NONE if text is not a number. */
enum verdict claimnum_verdict(const char *text, int le, double m);

/* The number --update writes for m in text's notation: m rounded up at text's last digit
 * (its exponent raised while the digits would outgrow it), or for a fraction or a power of
 * two m exactly as a hexadecimal float. It is checked to read back to a HOLDS. 0, or -1
 * (out too small). */
int claimnum_update(const char *text, double m, char *out, size_t n);

#endif
