/* claimnum.c: see claimnum.h. */
#include "src/user/claimnum.h"

#include <ctype.h>
#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { F_DEC, F_HEX, F_EXACT };

/* A number as written: value v = N * base^q with u = base^q (0 for an exact form), and
 * what --update needs to write another one the same way. */
struct num {
  int form;
  mpz_t N;
  long frac, exp; /* digits after the point; the written exponent (0 if none) */
  int has_exp, exp_plus, exp_width, has_point;
  char exp_letter, x_letter;
  mpq_t v, u;
};

static void num_init(struct num *x) {
  memset(x, 0, sizeof *x);
  mpz_init(x->N), mpq_init(x->v), mpq_init(x->u);
}
static void num_clear(struct num *x) { mpz_clear(x->N), mpq_clear(x->v), mpq_clear(x->u); }

/* q <- b^e exactly (b = 2 or 10, e of either sign) */
static void q_pow(mpq_t q, unsigned b, long e) {
  mpz_t p;
  mpz_init(p);
  mpz_ui_pow_ui(p, b, (unsigned long)labs(e));
  mpq_set_z(q, p);
  if (e < 0) mpq_inv(q, q);
  mpz_clear(p);
}

static size_t run_of(const char *s, size_t n, size_t i, int hex) {
  size_t j = i;
  while (j < n && (hex ? isxdigit((unsigned char)s[j]) : isdigit((unsigned char)s[j]))) j++;
  return j - i;
}

/* An exponent at s[i..): [+-]DIGITS within +-lim; the index after it, or 0 with why. */
static size_t read_exp(const char *s, size_t n, size_t i, long lim, struct num *x, char *why, size_t wl) {
  int neg = 0;
  if (i < n && (s[i] == '+' || s[i] == '-')) neg = s[i] == '-', x->exp_plus = s[i] == '+', i++;
  size_t d = run_of(s, n, i, 0);
  if (!d) return snprintf(why, wl, "an exponent needs digits"), 0;
  long e = 0;
  for (size_t k = 0; k < d; k++) {
    e = e * 10 + (s[i + k] - '0');
    if (e > lim) return snprintf(why, wl, "the exponent is out of range (at most %ld in size)", lim), 0;
  }
  x->has_exp = 1, x->exp = neg ? -e : e, x->exp_width = (int)d;
  return i + d;
}

/* The digits s[a..b) (a point skipped) as the integer x->N in base 10 or 16. */
static void set_digits(struct num *x, const char *s, size_t a, size_t b, int base) {
  char *t = malloc(b - a + 2);
  size_t k = 0;
  for (size_t i = a; i < b; i++)
    if (s[i] != '.') t[k++] = s[i];
  t[k] = 0;
  if (k) mpz_set_str(x->N, t, base);
  else mpz_set_ui(x->N, 0);
  free(t);
}

/* The value and unit of a decimal or hexadecimal number. */
static void set_value(struct num *x) {
  const unsigned base = x->form == F_HEX ? 2 : 10;
  const long q = x->form == F_HEX ? x->exp - 4 * x->frac : x->exp - x->frac;
  q_pow(x->u, base, q);
  mpq_set_z(x->v, x->N);
  mpq_mul(x->v, x->v, x->u);
}

static size_t parse_hex(const char *s, size_t n, struct num *x, char *why, size_t wl) {
  size_t i = 2, a = 2;
  x->form = F_HEX, x->x_letter = s[1];
  size_t di = run_of(s, n, i, 1);
  i += di;
  if (i < n && s[i] == '.') x->has_point = 1, x->frac = (long)run_of(s, n, i + 1, 1), i += 1 + (size_t)x->frac;
  if (!di && !x->frac) return snprintf(why, wl, "a hexadecimal number needs digits"), 2;
  set_digits(x, s, a, i, 16);
  if (i >= n || (s[i] != 'p' && s[i] != 'P'))
    return snprintf(why, wl, "a hexadecimal number needs its binary exponent (0x1.8p-1)"), i;
  x->exp_letter = s[i];
  size_t e = read_exp(s, n, i + 1, 1100, x, why, wl);
  if (!e) return i + 1;
  set_value(x);
  return e;
}

/* A fraction DIGITS/DIGITS, the numerator's digits s[0..i) */
static size_t parse_fraction(const char *s, size_t n, size_t i, struct num *x, char *why, size_t wl) {
  size_t d = run_of(s, n, i + 1, 0);
  if (!d) return snprintf(why, wl, "a fraction needs a denominator"), i + 1;
  char *t = strndup(s, i + 1 + d);
  int zero = 1;
  for (size_t k = i + 1; k < i + 1 + d; k++) zero &= t[k] == '0';
  if (zero) return free(t), snprintf(why, wl, "a fraction's denominator must not be 0"), i + 1;
  mpq_set_str(x->v, t, 10);
  mpq_canonicalize(x->v);
  free(t);
  x->form = F_EXACT;
  return i + 1 + d;
}

/* s[0..n) as a number into x: the index where it ends (a valid one when why is empty). */
static size_t parse(const char *s, size_t n, struct num *x, char *why, size_t wl) {
  why[0] = 0;
  if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) return parse_hex(s, n, x, why, wl);
  if (n >= 2 && s[0] == '2' && s[1] == '^') {
    x->form = F_EXACT;
    size_t e = read_exp(s, n, 2, 1100, x, why, wl);
    if (!e) return 2;
    q_pow(x->v, 2, x->exp);
    return e;
  }
  size_t i = run_of(s, n, 0, 0);
  if (i && i < n && s[i] == '/') return parse_fraction(s, n, i, x, why, wl);
  const size_t intd = i;
  if (i < n && s[i] == '.') x->has_point = 1, x->frac = (long)run_of(s, n, i + 1, 0), i += 1 + (size_t)x->frac;
  if (!intd && !x->frac) {
    snprintf(why, wl, "not a number (decimal 0.5 or 5e-1, hexadecimal 0x1p-1, fraction 1/2, power 2^-1)");
    return 0;
  }
  x->form = F_DEC;
  set_digits(x, s, 0, i, 10);
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    x->exp_letter = s[i];
    size_t e = read_exp(s, n, i + 1, 330, x, why, wl);
    if (!e) return i + 1;
    i = e;
  }
  set_value(x);
  return i;
}

int claimnum_scan(const char *s, size_t n, size_t *len, char *why, size_t wl) {
  struct num x;
  num_init(&x);
  size_t i = parse(s, n, &x, why, wl);
  num_clear(&x);
  *len = i;
  if (why[0]) return -1;
  /* where a number may end: the end, a blank, or , ; ) . before a blank or the end */
  if (i == n || isspace((unsigned char)s[i])) return 0;
  if (strchr(",;).", s[i]) && (i + 1 == n || isspace((unsigned char)s[i + 1]))) return 0;
  if (s[i] == ',' && i + 1 < n && isdigit((unsigned char)s[i + 1]))
    snprintf(why, wl, "',' is not a decimal point (write 0.5)");
  else snprintf(why, wl, "'%c' after the number %.*s", isprint((unsigned char)s[i]) ? s[i] : '?', (int)i, s);
  return -1;
}

static int read_num(const char *text, struct num *x) {
  char why[256];
  size_t n = strlen(text);
  return parse(text, n, x, why, sizeof why) == n && !why[0] ? 0 : -1;
}

enum verdict claimnum_verdict(const char *text, int le, double m) {
  if (!(m >= 0) || isinf(m)) return VERDICT_NONE;
  struct num x;
  num_init(&x);
  enum verdict r = VERDICT_NONE;
  if (!read_num(text, &x)) {
    mpq_t mq, lo;
    mpq_init(mq), mpq_init(lo);
    mpq_set_d(mq, m); /* exact */
    mpq_sub(lo, x.v, x.u);
    if (mpq_cmp(mq, x.v) > 0) r = VERDICT_VIOLATED;
    else if (le) r = VERDICT_HOLDS;
    else if (x.form == F_EXACT) r = mpq_equal(mq, x.v) ? VERDICT_HOLDS : VERDICT_LOOSE;
    else r = mpq_cmp(mq, lo) > 0 ? VERDICT_HOLDS : VERDICT_LOOSE;
    mpq_clear(mq), mpq_clear(lo);
  }
  num_clear(&x);
  return r;
}

/* N = ceil(m / u) */
static void ceil_units(mpz_t N, const mpq_t mq, const mpq_t u) {
  mpq_t t;
  mpq_init(t);
  mpq_div(t, mq, u);
  mpz_cdiv_q(N, mpq_numref(t), mpq_denref(t));
  mpq_clear(t);
}

/* x's notation with digits N (frac after the point) and exponent x->exp */
static int write_like(const struct num *x, const mpz_t N, char *out, size_t n) {
  const int base = x->form == F_HEX ? 16 : 10;
  char *d = mpz_get_str(NULL, base, N);
  size_t dl = strlen(d), f = (size_t)x->frac;
  char digits[512];
  if (dl + f + 4 >= sizeof digits) return free(d), -1;
  size_t pad = dl <= f ? f + 1 - dl : 0, k = 0;
  memset(digits, '0', pad), k = pad;
  memcpy(digits + k, d, dl), k += dl;
  free(d);
  /* the point before the last f digits */
  if (f || x->has_point) memmove(digits + k - f + 1, digits + k - f, f), digits[k - f] = '.', k++;
  digits[k] = 0;
  int w;
  if (x->form == F_HEX)
    w = snprintf(out, n, "0%c%s%c%s%ld", x->x_letter, digits, x->exp_letter, x->exp < 0 ? "-" : x->exp_plus ? "+" : "",
                 labs(x->exp));
  else if (x->has_exp)
    w = snprintf(out, n, "%s%c%s%0*ld", digits, x->exp_letter, x->exp < 0 ? "-" : x->exp_plus ? "+" : "", x->exp_width,
                 labs(x->exp));
  else w = snprintf(out, n, "%s", digits);
  return w > 0 && (size_t)w < n ? 0 : -1;
}

int claimnum_update(const char *text, double m, char *out, size_t n) {
  if (!(m >= 0) || isinf(m)) return -1;
  struct num x;
  num_init(&x);
  int rc = read_num(text, &x);
  if (!rc && x.form == F_EXACT) {
    rc = snprintf(out, n, "%a", m) < (int)n ? 0 : -1; /* %a is exact */
  } else if (!rc) {
    mpq_t mq;
    mpq_init(mq);
    mpq_set_d(mq, m);
    const unsigned grow = x.form == F_HEX ? 16 : 10; /* the mantissa's digits may not outgrow it */
    mpz_t lim;
    mpz_init(lim);
    for (int k = 0; k < 2000; k++) {
      ceil_units(x.N, mq, x.u);
      mpz_ui_pow_ui(lim, grow, (unsigned long)x.frac + 1);
      if (!(x.has_exp || x.form == F_HEX) || mpz_cmp(x.N, lim) < 0) break;
      x.exp += x.form == F_HEX ? 4 : 1;
      set_value(&x);
    }
    rc = write_like(&x, x.N, out, n);
    mpz_clear(lim), mpq_clear(mq);
  }
  num_clear(&x);
  /* what is written must read back as the measured maximum */
  return !rc && claimnum_verdict(out, 0, m) == VERDICT_HOLDS ? 0 : -1;
}
