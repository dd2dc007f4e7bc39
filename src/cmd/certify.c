/* certify.c: `ulpcert certify` keeps error-bound comments honest. Each claim
 * (claims.h) is tied to the function defined after it; that function is evaluated
 * over the range (a built-in variant when it is one of this project's kernels, else
 * compiled at run time, userfn.c) and the claim gets HOLDS, LOOSE or VIOLATED.
 * --update rewrites only the numbers, atomically, when the file did not change. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "src/catalogue/registry.h"
#include "src/cmd/cmd.h"
#include "src/common.h"
#include "src/engine/kind.h"
#include "src/engine/options.h"
#include "reference/expr/expr.h"
#include "src/user/claimnum.h"
#include "src/user/claims.h"
#include "src/user/userfn.h"

#define MAXFILES 64
#define MAXFN 64

static char *read_file(const char *path, size_t *n, char *err, size_t errlen) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
    return NULL;
  }
  size_t cap = 1 << 16, k = 0;
  char *buf = malloc(cap + 1);
  for (;;) {
    if (!buf) break;
    size_t r = fread(buf + k, 1, cap - k, f);
    k += r;
    if (k < cap) break;
    if (cap >= (64u << 20)) {
      snprintf(err, errlen, "%s is larger than 64 MiB", path);
      free(buf), buf = NULL;
      break;
    }
    char *nb = realloc(buf, cap * 2 + 1);
    if (!nb) free(buf);
    buf = nb, cap *= 2;
  }
  int bad = ferror(f);
  fclose(f);
  if (!buf) {
    if (!*err) snprintf(err, errlen, "out of memory reading %s", path);
    return NULL;
  }
  if (bad) {
    snprintf(err, errlen, "cannot read %s", path);
    free(buf);
    return NULL;
  }
  buf[k] = 0;
  *n = k;
  return buf;
}

struct ufile {
  const char *path;
  char *text;
  size_t n;
  struct claim_site cl[CLAIMS_MAX];
  int ncl;
};

struct ufn {
  int file;
  char name[128];
  const struct reference *ref;
  struct variant v;
  const struct variant *builtin;
  int skipped;
  struct maxima m; /* what the evaluation measured */
  char vname[256];
};

static void usage_certify(FILE *f) {
  fprintf(f,
          "usage: ulpcert certify FILE... [--update] [--ref NAME] [--backend gpu|cpu] [--from 0xH] [--to 0xH]\n"
          "\n"
          "Finds every error-bound claim in the files: comments holding 'maxulperr = X' and/or\n"
          "'maxrelerr = Y', or '<=' (any order, one of each, // or /* */), optionally 'ref = NAME' or 'ref = EXPR' (an\n"
          "expression in x, as `ulpcert run --help` describes, to the end of the line or a ','),\n"
          "and the words 'ref-odd' / 'ref-increasing' (the expression's symmetry and monotonicity,\n"
          "checked only when declared). Each belongs to the\n"
          "function defined right after the comment, which must be float NAME(float). That\n"
          "function is evaluated over the range (default: all 2^32 inputs): a built-in variant\n"
          "when it is one of this project's kernels, otherwise compiled at run time (CUDA C\n"
          "through NVRTC for the GPU backend, C through the host compiler $ULPCERT_CC (default cc)\n"
          "for the CPU backend; in a separate process: a crash, exit, trap, hang or a changed\n"
          "floating-point state is reported with its input, exit status 8).\n"
          "Numbers: decimal (0.5, 1.5e-3), hexadecimal (0x1.8p+0), fraction (1/2), power of two\n"
          "(2^-1); anything else is refused with its line and column. 'X <=' is a bound:\n"
          "HOLDS when the measured maximum m <= X. '= X' is m rounded up at X's last digit\n"
          "(place value u; exact for fractions and powers): one line per claimed number:\n"
          "  HOLDS     X - u < m <= X (for '<=': m <= X); never when the run found NaN or\n"
          "            infinite outputs, missed special values, or symmetry/monotonicity violations\n"
          "  LOOSE     m <= X - u: a smaller number can be written\n"
          "  VIOLATED  m > X, or the run found what a maximum does not measure\n"
          "  SKIPPED   not checked: the function is one of this project's GPU-only kernels and\n"
          "            the backend is the CPU (no usable GPU); certify it with --backend gpu\n"
          "with the measured value and the worst input.\n"
          "\n"
          "options:\n"
          "  --update        rewrite the LOOSE and VIOLATED numbers in place with the measured\n"
          "                  value rounded up at the digits the claim had (it reads back as HOLDS);\n"
          "                  nothing else changes;\n"
          "                  the file is replaced atomically. Only over all 2^32 inputs: a\n"
          "                  maximum measured on --from/--to is not the function's\n"
          "  --update-partial  --update even when --from/--to leave inputs out (the comment\n"
          "                  then states the maximum over that range only)\n"
          "  --ref NAME|EXPR reference for claims without 'ref = ...' (`ulpcert run --help` lists them)\n"
          "  --ref-odd, --ref-increasing\n"
          "                  declare the --ref expression odd / increasing (symmetry / monotonicity checked)\n"
          "  and the options of `ulpcert run` (--backend --from --to --threads --cache --quiet)\n"
          "\n"
          "exit status: 0 nothing VIOLATED, 1 something VIOLATED, 2 an error (no claim, a\n"
          "malformed claim, no function, another signature, a compile error, an unknown\n"
          "reference, a file that changed while being checked or cannot be written, --update\n"
          "over part of the range); 4 a file cannot be read; 7 nothing checked (every claim\n"
          "SKIPPED); 8 a user's function failed. No file is modified on error.\n"
          "$ULPCERT_USER_TIMEOUT: seconds a batch of 2^20 inputs may take on the CPU, and a kernel\n"
          "launch over a chunk on the GPU (default 60); past them the run ends with exit status 8.\n");
}

struct cert_args {
  int update, partial;
  const char *ref;
  int ref_odd, ref_increasing;
};

static int cert_extra(int c, const char *arg, void *p) {
  struct cert_args *a = p;
  if (c == 3001) a->update = 1;
  else if (c == 3002) a->ref = arg;
  else if (c == 3003) a->ref_odd = 1;
  else if (c == 3004) a->ref_increasing = 1;
  else if (c == 3005) a->update = a->partial = 1;
  else return EXIT_USAGE;
  return -1;
}

/* The files of the command line, and the functions their claims belong to (each function
 * of a file once, however many claims it has). */
struct certify {
  int nf, nfn;
  struct ufile files[MAXFILES];
  struct ufn fns[MAXFN];
};

/* Function NAME of file i, or NULL. */
static struct ufn *find_fn(struct certify *ct, int file, const char *name) {
  for (int j = 0; j < ct->nfn; j++)
    if (ct->fns[j].file == file && !strcmp(ct->fns[j].name, name)) return &ct->fns[j];
  return NULL;
}

/* Read u->path and find its claims; the number of errors, each reported. A file that
 * --update could not write is one too: better said now than after the evaluation. */
static int read_claims(struct ufile *u, int update) {
  char err[4096] = "";
  int errors = 0;
  u->text = read_file(u->path, &u->n, err, sizeof err);
  if (!u->text) {
    errorf("%s", err);
    return 1;
  }
  if (update && access(u->path, W_OK)) {
    errorf("%s cannot be written (%s): --update would fail; nothing checked", u->path, strerror(errno));
    errors++;
  }
  u->ncl = claims_parse(u->text, u->n, u->cl, CLAIMS_MAX, err, sizeof err);
  if (u->ncl < 0) {
    errorf("%s: %s", u->path, err);
    return errors + 1;
  }
  if (u->ncl == 0) {
    errorf("%s: no claims found (a comment with 'maxulperr = X' or 'maxrelerr = Y')", u->path);
    errors++;
  }
  return errors;
}

/* Tie claim c of file i to its function: a float f(float) definition, with a reference
 * (the claim's, else --ref, else the built-in variant's) that every claim on it shares.
 * 0, or 1 after saying why the claim cannot be checked. */
static int add_claim(struct certify *ct, int i, const struct claim_site *c, const struct cert_args *ca) {
  const char *path = ct->files[i].path;
  if (!c->fn[0]) {
    errorf("%s:%d: the claim is not followed by a function definition", path, c->line);
    return 1;
  }
  if (!c->unary_float && !c->unary_maybe) {
    errorf("%s:%d: %s is declared '%s', not float %s(float)", path, c->fn_line, c->fn, c->sig, c->fn);
    return 1;
  }
  const struct variant *bi = variant_by_source(path, c->fn);
  const char *rn = c->ref[0] ? c->ref : ca->ref ? ca->ref : bi ? bi->ref_name : NULL;
  if (!rn) {
    errorf("%s:%d: no reference for %s: write 'ref = tanh' in the comment or pass --ref tanh", path, c->line, c->fn);
    return 1;
  }
  const int own = c->ref[0] != 0; /* the comment's ref = ..., with its declarations */
  char err[512];
  const struct reference *ref = ref_resolve(rn, own ? c->ref_odd : ca->ref_odd, own ? c->ref_increasing : ca->ref_increasing,
                                            own ? "ref =" : "--ref", err, sizeof err);
  if (!ref) {
    errorf("%s:%d: %s", path, c->line, err);
    return 1;
  }
  struct ufn *f = find_fn(ct, i, c->fn);
  if (f) {
    if (f->ref == ref) return 0;
    errorf("%s:%d: %s has claims against two references", path, c->line, c->fn);
    return 1;
  }
  if (ct->nfn == MAXFN) {
    errorf("more than %d functions", MAXFN);
    return 1;
  }
  f = &ct->fns[ct->nfn++];
  memset(f, 0, sizeof *f);
  f->file = i;
  snprintf(f->name, sizeof f->name, "%s", c->fn);
  f->ref = ref;
  f->builtin = bi;
  return 0;
}

/* The functions of file i as variants: a built-in one where the function is one of this
 * project's kernels (skipped when it lacks the backend), the others compiled together.
 * 0, EXIT_NOGPU for a CUDA C file that the host compiler cannot build (the CPU backend),
 * or EXIT_USAGE after printing the compiler's log. */
static int file_variants(struct certify *ct, int i, int backend, const struct gpu_info *gi) {
  const char *names[MAXFN];
  const struct reference *refs[MAXFN];
  int idx[MAXFN], n = 0;
  for (int j = 0; j < ct->nfn; j++) {
    struct ufn *f = &ct->fns[j];
    if (f->file != i) continue;
    if (f->builtin) {
      if (variant_has_backend(f->builtin, backend)) f->v = *f->builtin;
      else f->skipped = 1;
      continue;
    }
    names[n] = f->name, refs[n] = f->ref, idx[n++] = j;
  }
  if (!n) return 0;
  struct variant vv[MAXFN];
  char vnames[MAXFN][256];
  char log[16384];
  if (user_variants(ct->files[i].path, n, names, refs, backend, gi, vv, vnames, log, sizeof log)) {
    if (!backend && userfn_is_cuda(ct->files[i].path)) { /* CUDA beyond C: one message, not gcc's */
      errorf(USERFN_CUDA_ON_CPU, ct->files[i].path);
      return EXIT_NOGPU;
    }
    errorf("%s: cannot compile it for the %s backend:\n%s", ct->files[i].path, backend ? "gpu" : "cpu", log);
    return EXIT_USAGE;
  }
  for (int k = 0; k < n; k++) {
    struct ufn *f = &ct->fns[idx[k]];
    f->v = vv[k];
    memcpy(f->vname, vnames[k], sizeof f->vname);
    f->v.name = f->vname;
  }
  return 0;
}

/* Measure f over the range through the kind of float f(float) functions (kind). 0, or
 * the exit code after saying so. */
static int evaluate(const struct kind *kind, struct scan_cli *sc, struct ufn *f) {
  const struct variant *vs[1] = {&f->v};
  struct run_request rq = {.sc = sc, .ranks = 1, .variants = vs, .nvariants = 1};
  struct kind_result *r = NULL;
  uint32_t cov[RESULT_MAXCOV][2];
  int ncov;
  int rc = kind->begin(&rq, &r);
  if (!rc) rc = kind->scan(r, sc->o.from, sc->o.to, cov, &ncov);
  if (!rc) rc = kind->maxima(r, 0, &f->m);
  if (r) kind->release(r);
  if (rc) {
    errorf("evaluating %s failed", f->name);
    return rc == EXIT_INTERRUPT || rc == EXIT_USERCODE ? rc : EXIT_USAGE;
  }
  return 0;
}

/* A number --update puts in place of a claimed one: at byte off, len bytes long. */
struct repl {
  size_t off, len;
  char text[CLAIM_NUMLEN];
};

/* What the run found besides the maxima that no bound may hide (kind.h, struct maxima),
 * in words into buf; "" when nothing. */
static void findings(const struct maxima *s, char *buf, size_t n) {
  const struct {
    uint64_t count;
    const char *what;
  } f[] = {{s->nonfinite, "NaN or infinite outputs where the correctly rounded result is finite"},
           {s->special_mismatches, "special values (NaN, infinity, signed zero) missed"},
           {s->symmetry_violations, "violations of the declared symmetry (ref-odd or an even reference)"},
           {s->monotonic_violations, "violations of the declared monotonicity"},
           {s->undecidable, "inputs whose reference could not be decided"}};
  size_t k = 0;
  buf[0] = 0;
  for (size_t i = 0; i < sizeof f / sizeof f[0] && k < n; i++)
    if (f[i].count) k += (size_t)snprintf(buf + k, n - k, "%s%llu %s", k ? ", " : "", (unsigned long long)f[i].count, f[i].what);
  for (int i = 0; i < s->n_first && k < n; i++)
    k += (size_t)snprintf(buf + k, n - k, "%s0x%08x (%a)", i ? ", " : "; first at ", s->first[i], (double)u2f(s->first[i]));
}

/* The line of claimed number w (0 maxulperr, 1 maxrelerr) of claim c in file u, whose
 * function f measured it (or was skipped); the replacement of a LOOSE or VIOLATED number
 * is added to rp. A claim HOLDS only when its number holds (claimnum.h) and the run found
 * nothing else (findings). Returns 1 when the claim is VIOLATED or cannot be vouched for. */
static int number_verdict(const struct ufile *u, const struct claim_site *c, const struct ufn *f, int w,
                          struct repl *rp, int *nrp) {
  const char *what = w ? "maxrelerr" : "maxulperr", *rel = c->le[w] ? "<=" : "=";
  if (!f || f->skipped) {
    printf("%s:%d: %s %s %s %s: SKIPPED (%s runs on the GPU only: certify it with --backend gpu)\n", u->path, c->line,
           c->fn, what, rel, c->num[w], f && f->builtin ? f->builtin->name : c->fn);
    return 0;
  }
  const struct maxima *s = &f->m;
  double m = w ? s->max_rel : s->max_ulp;
  uint32_t at = w ? s->max_rel_input : s->max_ulp_input;
  char found[1024];
  findings(s, found, sizeof found);
  if (!(m >= 0) || isinf(m)) {
    printf("%s:%d: %s %s %s %s: VIOLATED (no finite error was measured over %llu inputs%s%s)\n", u->path, c->line, c->fn,
           what, rel, c->num[w], (unsigned long long)s->inputs, found[0] ? ": " : "", found);
    return 1;
  }
  enum verdict vd = claimnum_verdict(c->num[w], c->le[w], m);
  if (vd == VERDICT_NONE) { /* (claims_parse refuses such numbers) */
    printf("%s:%d: %s %s %s %s: not a number\n", u->path, c->line, c->fn, what, rel, c->num[w]);
    return 1;
  }
  char like[CLAIM_NUMLEN];
  const int can_write = claimnum_update(c->num[w], m, like, sizeof like) == 0;
  if (!can_write) snprintf(like, sizeof like, "%a", m);
  if (found[0]) vd = VERDICT_VIOLATED;
  printf("%s:%d: %s %s %s %s: %s (measured %.17g, written %s, max at 0x%08x (%a), %llu inputs, %s)%s%s\n", u->path,
         c->line, c->fn, what, rel, c->num[w], verdict_name(vd), m, like, at, (double)u2f(at),
         (unsigned long long)s->inputs, f->builtin ? f->builtin->name : "compiled", found[0] ? ": " : "", found);
  /* a number is replaced only by one that reads back as what was measured, and never
   * where the run found more than a maximum (no number makes such a claim true) */
  if (vd != VERDICT_HOLDS && !found[0] && can_write && *nrp < 2 * CLAIMS_MAX &&
      !(c->le[w] && vd == VERDICT_LOOSE)) {
    rp[*nrp].off = c->off[w], rp[*nrp].len = c->len[w];
    snprintf(rp[*nrp].text, sizeof rp[*nrp].text, "%s", like);
    (*nrp)++;
  }
  return vd == VERDICT_VIOLATED;
}

/* The verdicts of every claimed number of file i, and the replacements --update would
 * make (in rp). Returns 1 when one is VIOLATED or not a number. */
static int file_verdicts(struct certify *ct, int i, struct repl *rp, int *nrp) {
  const struct ufile *u = &ct->files[i];
  int violated = 0;
  for (int k = 0; k < u->ncl; k++) {
    const struct claim_site *c = &u->cl[k];
    const struct ufn *f = find_fn(ct, i, c->fn);
    for (int w = 0; w < 2; w++)
      if (c->len[w]) violated |= number_verdict(u, c, f, w, rp, nrp);
  }
  return violated;
}

/* Whether u still holds the text that was read: what was measured and the offsets of the
 * numbers are only trusted for that text. */
static int unchanged(const struct ufile *u) {
  size_t n2;
  char err[4096] = "";
  char *now = read_file(u->path, &n2, err, sizeof err);
  int same = now && n2 == u->n && !memcmp(now, u->text, n2);
  free(now);
  return same;
}

/* u's text with the nrp replacements, in file order (claims are found in file order, the
 * two numbers of one claim in either); its length in *k. NULL when out of memory. */
static char *replaced_text(const struct ufile *u, struct repl *rp, int nrp, size_t *k) {
  for (int a = 1; a < nrp; a++)
    for (int b = a; b > 0 && rp[b - 1].off > rp[b].off; b--) {
      struct repl t = rp[b];
      rp[b] = rp[b - 1], rp[b - 1] = t;
    }
  size_t cap = u->n + 64 * (size_t)nrp + 1, pos = 0;
  char *out = malloc(cap);
  if (!out) return NULL;
  *k = 0;
  for (int r = 0; r < nrp; r++) {
    memcpy(out + *k, u->text + pos, rp[r].off - pos), *k += rp[r].off - pos;
    size_t tl = strlen(rp[r].text);
    memcpy(out + *k, rp[r].text, tl), *k += tl;
    pos = rp[r].off + rp[r].len;
  }
  memcpy(out + *k, u->text + pos, u->n - pos), *k += u->n - pos;
  return out;
}

/* Rewrite u with the replacements, atomically: a temporary file beside it, written,
 * synced and given u's mode, renamed over it. Whoever reads u sees the old text or the
 * new one, never a mix; on error u is left as it was. 0 or EXIT_USAGE. */
static int rewrite(const struct ufile *u, struct repl *rp, int nrp) {
  size_t k;
  char *out = replaced_text(u, rp, nrp, &k);
  if (!out) return EXIT_USAGE;
  struct stat stt;
  int have_mode = stat(u->path, &stt) == 0;
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.tmp.%ld", u->path, (long)getpid());
  FILE *f = fopen(tmp, "wb");
  int bad = !f || fwrite(out, 1, k, f) != k;
  if (f) bad |= fflush(f) != 0 || fsync(fileno(f)) != 0, bad |= fclose(f) != 0;
  if (!bad && have_mode) chmod(tmp, stt.st_mode & 07777);
  if (bad || rename(tmp, u->path)) {
    errorf("cannot write %s: %s; left as it was", u->path, strerror(errno));
    unlink(tmp);
    free(out);
    return EXIT_USAGE;
  }
  free(out);
  printf("%s: %d number%s updated\n", u->path, nrp, nrp == 1 ? "" : "s");
  return 0;
}

int cmd_certify(int argc, char **argv) {
  struct scan_cli sc;
  struct cert_args ca = {0, 0, NULL, 0, 0};
  static const struct option more[] = {{"update", no_argument, 0, 3001},     {"ref", required_argument, 0, 3002},
                                       {"ref-odd", no_argument, 0, 3003},     {"ref-increasing", no_argument, 0, 3004},
                                       {"update-partial", no_argument, 0, 3005}, {0, 0, 0, 0}};
  int rc = parse_scan_options(argc, argv, &sc, cert_extra, &ca, more, usage_certify);
  if (rc >= 0) return rc == EXIT_OK ? EXIT_OK : EXIT_USAGE;
  if (ca.update && !ca.partial && (sc.o.from != 0 || sc.o.to != 0xffffffffu)) {
    errorf("--update over 0x%08x..0x%08x would write a maximum measured on part of the inputs as the function's; "
           "leave out --from/--to, or pass --update-partial to write it anyway",
           sc.o.from, sc.o.to);
    return EXIT_USAGE;
  }
  int nf = argc - optind;
  if (nf < 1 || nf > MAXFILES) {
    errorf("certify needs between 1 and %d files", MAXFILES);
    return EXIT_USAGE;
  }
  static struct certify ct;
  ct.nf = nf, ct.nfn = 0;
  int errors = 0, unreadable = 0;
  /* 1. read, parse and check everything before evaluating anything */
  for (int i = 0; i < nf; i++) {
    struct ufile *u = &ct.files[i];
    memset(u, 0, sizeof *u);
    u->path = argv[optind + i];
    errors += read_claims(u, ca.update);
    unreadable |= !u->text;
    for (int k = 0; k < u->ncl; k++) errors += add_claim(&ct, i, &u->cl[k], &ca);
  }
  if (errors) return unreadable ? EXIT_IO : EXIT_USAGE; /* a file not read: as run --source says it */
  struct run_info ri;
  memset(&ri, 0, sizeof ri);
  if (choose_backend(&sc, &ri) >= 0) return EXIT_USAGE;
  /* 2. the functions as variants: built-in where possible, compiled otherwise */
  for (int i = 0; i < nf; i++)
    if ((rc = file_variants(&ct, i, sc.backend, &ri.ginfo))) return rc;
  /* 3. evaluate, through the kind of float f(float) functions */
  const struct kind *kind = kind_for_claims();
  for (int j = 0; j < ct.nfn; j++)
    if (!ct.fns[j].skipped && (rc = evaluate(kind, &sc, &ct.fns[j]))) return rc;
  /* 4. verdicts, and the replacements --update makes once the file is known unchanged */
  int violated = 0;
  for (int i = 0; i < nf; i++) {
    struct ufile *u = &ct.files[i];
    struct repl rp[2 * CLAIMS_MAX];
    int nrp = 0;
    violated |= file_verdicts(&ct, i, rp, &nrp);
    if (!unchanged(u)) {
      errorf("%s changed while it was being checked: results not trusted, nothing written", u->path);
      return EXIT_USAGE;
    }
    if (ca.update && nrp && (rc = rewrite(u, rp, nrp))) return rc;
  }
  for (int i = 0; i < nf; i++) free(ct.files[i].text);
  int checked = 0;
  for (int j = 0; j < ct.nfn; j++) checked += !ct.fns[j].skipped;
  if (!checked) {
    errorf("nothing was checked: every claim is SKIPPED (exit status %d)", EXIT_SKIPPED);
    return EXIT_SKIPPED;
  }
  return violated ? EXIT_FAIL : EXIT_OK;
}
