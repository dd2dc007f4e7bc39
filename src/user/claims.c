/* claims.c: see claims.h. A small scanner for C/CUDA text: it knows comments,
 * string and character literals, and nothing else. */
#include "src/user/claims.h"

#include "src/user/claimnum.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_ident(int c) { return isalnum(c) || c == '_'; }
static int line_of(const char *t, size_t off);

/* Skip a string or character literal starting at text[i] (a quote); returns the
 * index after it (or n if unterminated: the scanner then stops). */
static size_t skip_literal(const char *t, size_t n, size_t i) {
  char q = t[i++];
  while (i < n && t[i] != q) {
    if (t[i] == '\\' && i + 1 < n) i++;
    else if (t[i] == '\n') return i; /* unterminated on this line */
    i++;
  }
  return i < n ? i + 1 : n;
}

/* In comment text [a, b), the next "key <spaces> = <spaces>" at or after *i (key not
 * part of a longer identifier): returns 1 with *i just past it, 0 when there is none. */
static int match_key(const char *t, size_t *i, size_t b, size_t a, const char *key) {
  size_t k = strlen(key);
  for (size_t p = *i; p + k <= b; p++) {
    if (strncmp(t + p, key, k) || (p > a && is_ident((unsigned char)t[p - 1])) ||
        (p + k < b && is_ident((unsigned char)t[p + k])))
      continue;
    size_t j = p + k;
    while (j < b && (t[j] == ' ' || t[j] == '\t')) j++;
    if (j >= b || t[j] != '=') continue;
    j++;
    while (j < b && (t[j] == ' ' || t[j] == '\t')) j++;
    *i = j;
    return 1;
  }
  return 0;
}

static int col_of(const char *t, size_t off) {
  int c = 1;
  while (off > 0 && t[off - 1] != '\n') off--, c++;
  return c;
}

/* Look in comment text [a, b) for "key = NUMBER" or "key <= NUMBER" (claimnum.h), key a
 * whole word: 1 with the number's offset, length and relation (*le), 0 when key is not
 * there or only as a word of prose (not followed by a relation), -1 with a message naming
 * the line and column where the claim stops being one (a malformed number, another
 * relation, a second claim of key in the comment). */
static int find_number(const char *t, size_t a, size_t b, const char *key, size_t *off, size_t *len, int *le,
                       char *err, size_t errlen) {
  const size_t k = strlen(key);
  int found = 0;
  for (size_t p = a; p + k <= b; p++) {
    if (strncmp(t + p, key, k) || (p > a && (is_ident((unsigned char)t[p - 1]) || t[p - 1] == '-')) ||
        (p + k < b && (is_ident((unsigned char)t[p + k]) || t[p + k] == '-')))
      continue;
    size_t j = p + k;
    while (j < b && (t[j] == ' ' || t[j] == '\t')) j++;
    int rel = j < b && t[j] == '=' ? 0 : j + 1 < b && t[j] == '<' && t[j + 1] == '=' ? 1 : -1;
    if (rel < 0) {
      /* prose ("the maxulperr of ...") unless it looks like a relation */
      if (j < b && (strchr(":<>!~", t[j]) || isdigit((unsigned char)t[j]) || (unsigned char)t[j] >= 0x80)) {
        snprintf(err, errlen, "line %d, column %d: %s takes '=' or '<=' and a number", line_of(t, j), col_of(t, j),
                 key);
        return -1;
      }
      continue;
    }
    j += rel ? 2 : 1;
    while (j < b && (t[j] == ' ' || t[j] == '\t')) j++;
    char why[256];
    size_t l;
    if (claimnum_scan(t + j, b - j, &l, why, sizeof why)) {
      snprintf(err, errlen, "line %d, column %d: %s: %s", line_of(t, j + l), col_of(t, j + l), key, why);
      return -1;
    }
    if (l >= CLAIM_NUMLEN) {
      snprintf(err, errlen, "line %d, column %d: %s: a number of more than %d characters", line_of(t, j), col_of(t, j),
               key, CLAIM_NUMLEN - 1);
      return -1;
    }
    if (found) {
      snprintf(err, errlen, "line %d, column %d: a second %s in one comment (one claim of each per comment)",
               line_of(t, p), col_of(t, p), key);
      return -1;
    }
    found = 1, *off = j, *len = l, *le = rel;
    p = j + l - 1;
  }
  return found;
}

/* Whether a claim key ("maxulperr =", "maxrelerr =") starts at t[j] (text ending at b). */
static int key_at(const char *t, size_t j, size_t b) {
  static const char *const keys[] = {"maxulperr", "maxrelerr"};
  for (int k = 0; k < 2; k++) {
    size_t n = strlen(keys[k]), e = j + n;
    if (e > b || strncmp(t + j, keys[k], n) || (e < b && is_ident((unsigned char)t[e]))) continue;
    while (e < b && (t[e] == ' ' || t[e] == '\t')) e++;
    if (e < b && t[e] == '=') return 1;
  }
  return 0;
}

/* Look in comment text [a, b) for "key = <name or expression>": the text up to the end of
 * the line, a ',' or ';' outside parentheses, or the next claim key; blanks trimmed. */
static int find_ref(const char *t, size_t a, size_t b, const char *key, char *out, size_t n) {
  out[0] = 0;
  for (size_t i = a; match_key(t, &i, b, a, key);) {
    size_t j = i, s = j;
    int depth = 0;
    /* a name followed by words ("ref = tanh (measured)") is the name alone: an expression
     * is a name followed by '(' or by an operator, or starts otherwise */
    while (j < b && is_ident((unsigned char)t[j])) j++;
    size_t e = j;
    while (e < b && (t[e] == ' ' || t[e] == '\t')) e++;
    const int name_only = j > s && (e == b || !t[e] || !strchr("+-*/^", t[e])) && !(e == j && j < b && t[j] == '(');
    if (!name_only) j = s;
    for (; !name_only && j < b && t[j] != '\n' && t[j] != '\r'; j++) {
      if (t[j] == '(') depth++;
      else if (t[j] == ')') depth--;
      else if (depth <= 0 && (t[j] == ',' || t[j] == ';')) break;
      else if ((j == s || !is_ident((unsigned char)t[j - 1])) && key_at(t, j, b)) break;
    }
    while (j > s && (t[j - 1] == ' ' || t[j - 1] == '\t')) j--;
    if (j > s && j - s >= n) return -1; /* too long: refused, never cut */
    if (j > s) {
      memcpy(out, t + s, j - s);
      out[j - s] = 0;
      return 0;
    }
  }
  return 0;
}

/* Whether the word w (not part of a longer identifier or hyphenated word) is in [a, b). */
static int has_word(const char *t, size_t a, size_t b, const char *w) {
  size_t k = strlen(w);
  for (size_t p = a; p + k <= b; p++)
    if (!strncmp(t + p, w, k) && (p == a || (!is_ident((unsigned char)t[p - 1]) && t[p - 1] != '-')) &&
        (p + k == b || (!is_ident((unsigned char)t[p + k]) && t[p + k] != '-')))
      return 1;
  return 0;
}

static int line_of(const char *t, size_t off) {
  int l = 1;
  for (size_t i = 0; i < off; i++) l += t[i] == '\n';
  return l;
}

/* From text[i], skip whitespace, comments and preprocessor lines; collect the
 * declaration up to '{' (a definition) or ';' / '}' / end (none). */
static void tie_function(const char *t, size_t n, size_t i, struct claim_site *c) {
  char decl[1024];
  size_t d = 0;
  int at_line_start = 1;
  size_t start = 0;
  int started = 0;
  while (i < n) {
    char ch = t[i];
    if (ch == '/' && i + 1 < n && t[i + 1] == '/') {
      while (i < n && t[i] != '\n') i++;
      continue;
    }
    if (ch == '/' && i + 1 < n && t[i + 1] == '*') {
      size_t e = i + 2; /* the text is not NUL-terminated: bounded search */
      while (e + 1 < n && !(t[e] == '*' && t[e + 1] == '/')) e++;
      if (e + 1 >= n) return;
      i = e + 2;
      continue;
    }
    if (at_line_start && ch == '#' && !started) { /* preprocessor line before the declaration */
      while (i < n && t[i] != '\n') i++;
      continue;
    }
    if (ch == '\n') at_line_start = 1;
    else if (!isspace((unsigned char)ch)) at_line_start = 0;
    if (ch == ';' || ch == '}' || ch == '"' || ch == '\'') return;
    if (ch == '{') break;
    if (!isspace((unsigned char)ch) && !started) started = 1, start = i;
    if (started && d + 2 < sizeof decl) {
      if (isspace((unsigned char)ch)) {
        if (d && decl[d - 1] != ' ') decl[d++] = ' ';
      } else {
        decl[d++] = ch;
      }
    }
    i++;
  }
  if (i >= n || !started) return;
  while (d && decl[d - 1] == ' ') d--;
  decl[d] = 0;
  /* NAME is the identifier right before the first '(' */
  char *lp = strchr(decl, '(');
  char *rp = lp ? strrchr(decl, ')') : NULL;
  if (!lp || !rp || rp < lp) return;
  char *e = lp;
  while (e > decl && e[-1] == ' ') e--;
  char *s = e;
  while (s > decl && is_ident((unsigned char)s[-1])) s--;
  if (s == e || (size_t)(e - s) >= sizeof c->fn) return;
  memcpy(c->fn, s, (size_t)(e - s));
  c->fn[e - s] = 0;
  c->fn_line = line_of(t, start);
  snprintf(c->sig, sizeof c->sig, "%.255s", decl);
  /* float NAME(float [ident]) */
  char ret[sizeof decl];
  size_t rl = (size_t)(s - decl);
  memcpy(ret, decl, rl);
  ret[rl] = 0;
  char params[sizeof decl];
  size_t pl = (size_t)(rp - lp - 1);
  if (pl >= sizeof params) return;
  memcpy(params, lp + 1, pl);
  params[pl] = 0;
  int ret_float = 0, bad_ret = 0;
  for (char *tok = strtok(ret, " *"); tok; tok = strtok(NULL, " *")) {
    if (!strcmp(tok, "float")) ret_float++;
    else if (!strcmp(tok, "double") || !strcmp(tok, "int") || !strcmp(tok, "void") || !strcmp(tok, "unsigned") ||
             !strcmp(tok, "long") || !strcmp(tok, "half") || !strcmp(tok, "__half"))
      bad_ret = 1;
  }
  if (strchr(decl, '*') && strchr(decl, '*') < lp) bad_ret = 1; /* pointer return */
  int nf = 0, other = 0, nparams = 1;
  for (char *p = params; *p; p++) nparams += *p == ',';
  for (char *tok = strtok(params, " ,"); tok; tok = strtok(NULL, " ,")) {
    if (!strcmp(tok, "float")) nf++;
    else if (!strcmp(tok, "const")) continue;
    else if (strchr(tok, '*') || strchr(tok, '&') || strchr(tok, '[')) other = 1;
    else if (!strcmp(tok, "double") || !strcmp(tok, "int") || !strcmp(tok, "void") || !strcmp(tok, "unsigned") ||
             !strcmp(tok, "long") || !strcmp(tok, "char") || !strcmp(tok, "half") || !strcmp(tok, "__half"))
      other = 1;
  }
  c->unary_float = ret_float == 1 && !bad_ret && nparams == 1 && nf == 1 && !other;
  /* names this scanner does not know (typedefs, macros): the compiler decides (userfn.c) */
  c->unary_maybe = !bad_ret && nparams == 1 && !other && ret_float <= 1 && nf <= 1;
  c->device = strstr(decl, "__device__") != NULL;
}

int claims_parse(const char *t, size_t n, struct claim_site *out, int max, char *err, size_t errlen) {
  int k = 0;
  size_t i = 0;
  while (i < n) {
    char ch = t[i];
    if (ch == '"' || ch == '\'') {
      i = skip_literal(t, n, i);
      continue;
    }
    if (ch != '/' || i + 1 >= n || (t[i + 1] != '/' && t[i + 1] != '*')) {
      i++;
      continue;
    }
    size_t a = i + 2, b;
    if (t[i + 1] == '/') {
      b = a;
      while (b < n && t[b] != '\n') b++;
      i = b;
    } else {
      b = a;
      while (b + 1 < n && !(t[b] == '*' && t[b + 1] == '/')) b++;
      if (b + 1 >= n) {
        snprintf(err, errlen, "line %d: unterminated comment", line_of(t, a - 2));
        return -1;
      }
      i = b + 2;
    }
    struct claim_site c;
    memset(&c, 0, sizeof c);
    int hu = find_number(t, a, b, "maxulperr", &c.off[0], &c.len[0], &c.le[0], err, errlen);
    int hr = hu < 0 ? 0 : find_number(t, a, b, "maxrelerr", &c.off[1], &c.len[1], &c.le[1], err, errlen);
    if (hu < 0 || hr < 0) return -1;
    if (!hu && !hr) continue;
    for (int j = 0; j < 2; j++)
      if (c.len[j]) {
        size_t l = c.len[j] < sizeof c.num[j] ? c.len[j] : sizeof c.num[j] - 1;
        memcpy(c.num[j], t + c.off[j], l);
        c.num[j][l] = 0;
      }
    if (find_ref(t, a, b, "ref", c.ref, sizeof c.ref)) {
      snprintf(err, errlen, "line %d: the comment's ref = is longer than %zu characters", line_of(t, a),
               sizeof c.ref - 1);
      return -1;
    }
    c.ref_odd = has_word(t, a, b, "ref-odd");
    c.ref_increasing = has_word(t, a, b, "ref-increasing");
    c.line = line_of(t, a);
    tie_function(t, n, i, &c);
    if (k < max) out[k++] = c;
  }
  return k;
}

int claims_function(const char *t, size_t n, const char *name, struct claim_site *out) {
  size_t i = 0, start = 0, k = strlen(name);
  int depth = 0, line_start = 1;
  while (i < n) {
    char ch = t[i];
    if (ch == '/' && i + 1 < n && (t[i + 1] == '/' || t[i + 1] == '*')) { /* a comment */
      size_t e = i + 2;
      if (t[i + 1] == '/') while (e < n && t[e] != '\n') e++;
      else {
        while (e + 1 < n && !(t[e] == '*' && t[e + 1] == '/')) e++;
        e += 2;
      }
      i = e;
      if (!depth) start = i;
      continue;
    }
    if (ch == '"' || ch == '\'') {
      i = skip_literal(t, n, i);
      continue;
    }
    if (line_start && ch == '#') { /* a preprocessor line, continued by backslashes */
      while (i < n && !(t[i] == '\n' && t[i - 1] != '\\')) i++;
      if (!depth) start = i;
      continue;
    }
    if (ch == '\n') line_start = 1;
    else if (!isspace((unsigned char)ch)) line_start = 0;
    if (ch == '{') depth++;
    else if (ch == '}' && depth > 0 && !--depth) start = i + 1;
    else if (ch == ';' && !depth) start = i + 1;
    else if (!depth && is_ident((unsigned char)ch) && (i == 0 || !is_ident((unsigned char)t[i - 1]))) {
      size_t e = i;
      while (e < n && is_ident((unsigned char)t[e])) e++;
      size_t p = e;
      while (p < n && isspace((unsigned char)t[p])) p++;
      if (e - i == k && !strncmp(t + i, name, k) && p < n && t[p] == '(') {
        memset(out, 0, sizeof *out);
        tie_function(t, n, start, out);
        if (!strcmp(out->fn, name)) return 1;
      }
      i = e;
      continue;
    }
    i++;
  }
  return 0;
}

void claims_format_like(const char *like, double v, char *out, size_t n) {
  const char *dot = strchr(like, '.');
  const char *ex = strpbrk(like, "eE");
  int digits = 0;
  if (dot) {
    const char *p = dot + 1;
    while (isdigit((unsigned char)*p)) p++, digits++;
  }
  if (!ex) {
    snprintf(out, n, "%.*f", digits, v);
    return;
  }
  /* exponent as the claim writes it: its letter, sign if any, zero-padded width */
  if (digits > CLAIM_NUMLEN) digits = CLAIM_NUMLEN; /* (a claim is shorter: claims_parse) */
  char ebuf[CLAIM_NUMLEN + 32];                       /* d.ddd...e-308: digits + 8 at most */
  snprintf(ebuf, sizeof ebuf, "%.*e", digits, v);
  char *e = strchr(ebuf, 'e');
  if (!e) { /* inf or nan: no exponent to shape */
    snprintf(out, n, "%s", ebuf);
    return;
  }
  int expo = atoi(e + 1);
  *e = 0;
  const char *p = ex + 1;
  int plus = *p == '+';
  if (*p == '+' || *p == '-') p++;
  int width = (int)strspn(p, "0123456789");
  snprintf(out, n, "%s%c%s%0*d", ebuf, *ex, expo < 0 ? "-" : plus ? "+" : "", width, expo < 0 ? -expo : expo);
}
