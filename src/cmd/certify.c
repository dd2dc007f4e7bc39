/* certify.c: `ulpcert certify` keeps error-bound comments honest. Each claim
 * (claims.h) is tied to the function defined after it; that function is evaluated
 * over the range (a built-in variant when it is one of this project's kernels, else
 * compiled at run time, userfn.c) and the claim gets HOLDS, LOOSE or VIOLATED.
 * --update rewrites only the numbers, atomically, when the file did not change. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "src/catalogue/registry.h"
#include "src/cmd/cmd.h"
#include "src/common.h"
#include "src/engine/kind.h"
#include "src/engine/options.h"
#include "src/reference/expr.h"
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
          "'maxrelerr = Y' (any order, // or /* */), optionally 'ref = NAME' or 'ref = EXPR' (an\n"
          "expression in x, as `ulpcert run --help` describes, to the end of the line or a ','),\n"
          "and the words 'ref-odd' / 'ref-increasing' (the expression's symmetry and monotonicity,\n"
          "checked only when declared). Each belongs to the\n"
          "function defined right after the comment, which must be float NAME(float). That\n"
          "function is evaluated over the range (default: all 2^32 inputs): a built-in variant\n"
          "when it is one of this project's kernels, otherwise compiled at run time (CUDA C\n"
          "through NVRTC for the GPU backend, C through the host compiler $ULPCERT_CC (default cc)\n"
          "for the CPU backend). One line per claimed number:\n"
          "  HOLDS     the measured maximum, printed as the claim is, equals it\n"
          "  LOOSE     the measured maximum is below the claim at its digits (a tighter bound holds)\n"
          "  VIOLATED  the measured maximum is above the claim\n"
          "with the measured value and the worst input.\n"
          "\n"
          "options:\n"
          "  --update        rewrite the LOOSE and VIOLATED numbers in place with the measured\n"
          "                  value, printed with the digits the claim had; nothing else changes;\n"
          "                  the file is replaced atomically\n"
          "  --ref NAME|EXPR reference for claims without 'ref = ...' (`ulpcert run --help` lists them)\n"
          "  --ref-odd, --ref-increasing\n"
          "                  declare the --ref expression odd / increasing (symmetry / monotonicity checked)\n"
          "  and the options of `ulpcert run` (--backend --from --to --threads --cache --quiet)\n"
          "\n"
          "exit status: 0 nothing VIOLATED, 1 something VIOLATED, 2 an error (no claim, no\n"
          "function, another signature, a compile error, an unknown reference, a file that\n"
          "changed while being checked or cannot be written); no file is modified on error.\n");
}

struct cert_args {
  int update;
  const char *ref;
  int ref_odd, ref_increasing;
};

static int cert_extra(int c, const char *arg, void *p) {
  struct cert_args *a = p;
  if (c == 3001) a->update = 1;
  else if (c == 3002) a->ref = arg;
  else if (c == 3003) a->ref_odd = 1;
  else if (c == 3004) a->ref_increasing = 1;
  else return EXIT_USAGE;
  return -1;
}

int cmd_certify(int argc, char **argv) {
  struct scan_cli sc;
  struct cert_args ca = {0, NULL, 0, 0};
  static const struct option more[] = {{"update", no_argument, 0, 3001},     {"ref", required_argument, 0, 3002},
                                       {"ref-odd", no_argument, 0, 3003},     {"ref-increasing", no_argument, 0, 3004},
                                       {0, 0, 0, 0}};
  int rc = parse_scan_options(argc, argv, &sc, cert_extra, &ca, more, usage_certify);
  if (rc >= 0) return rc == EXIT_OK ? EXIT_OK : EXIT_USAGE;
  int nf = argc - optind;
  if (nf < 1 || nf > MAXFILES) {
    errorf("certify needs between 1 and %d files", MAXFILES);
    return EXIT_USAGE;
  }
  static struct ufile files[MAXFILES];
  static struct ufn fns[MAXFN];
  int nfn = 0, errors = 0;
  char err[4096] = "";
  /* 1. read, parse and check everything before evaluating anything */
  for (int i = 0; i < nf; i++) {
    struct ufile *u = &files[i];
    memset(u, 0, sizeof *u);
    u->path = argv[optind + i];
    err[0] = 0;
    u->text = read_file(u->path, &u->n, err, sizeof err);
    if (!u->text) {
      errorf("%s", err);
      errors++;
      continue;
    }
    if (ca.update && access(u->path, W_OK)) {
      errorf("%s cannot be written (%s): --update would fail; nothing checked", u->path, strerror(errno));
      errors++;
    }
    u->ncl = claims_parse(u->text, u->n, u->cl, CLAIMS_MAX, err, sizeof err);
    if (u->ncl < 0) {
      errorf("%s: %s", u->path, err);
      errors++;
      continue;
    }
    if (u->ncl == 0) {
      errorf("%s: no claims found (a comment with 'maxulperr = X' or 'maxrelerr = Y')", u->path);
      errors++;
    }
    for (int k = 0; k < u->ncl; k++) {
      struct claim_site *c = &u->cl[k];
      if (!c->fn[0]) {
        errorf("%s:%d: the claim is not followed by a function definition", u->path, c->line);
        errors++;
        continue;
      }
      if (!c->unary_float) {
        errorf("%s:%d: %s is declared '%s', not float %s(float)", u->path, c->fn_line, c->fn, c->sig, c->fn);
        errors++;
        continue;
      }
      const struct variant *bi = variant_by_source(u->path, c->fn);
      const char *rn = c->ref[0] ? c->ref : ca.ref ? ca.ref : bi ? bi->ref_name : NULL;
      if (!rn) {
        errorf("%s:%d: no reference for %s: write 'ref = tanh' in the comment or pass --ref tanh", u->path, c->line,
               c->fn);
        errors++;
        continue;
      }
      const int own = c->ref[0] != 0; /* the comment's ref = ..., with its declarations */
      const struct reference *ref = ref_resolve(rn, own ? c->ref_odd : ca.ref_odd,
                                                own ? c->ref_increasing : ca.ref_increasing, own ? "ref =" : "--ref",
                                                err, sizeof err);
      if (!ref) {
        errorf("%s:%d: %s", u->path, c->line, err);
        errors++;
        continue;
      }
      int j;
      for (j = 0; j < nfn; j++)
        if (fns[j].file == i && !strcmp(fns[j].name, c->fn)) break;
      if (j == nfn) {
        if (nfn == MAXFN) {
          errorf("more than %d functions", MAXFN);
          errors++;
          continue;
        }
        memset(&fns[nfn], 0, sizeof fns[nfn]);
        fns[nfn].file = i;
        snprintf(fns[nfn].name, sizeof fns[nfn].name, "%s", c->fn);
        fns[nfn].ref = ref;
        fns[nfn].builtin = bi;
        nfn++;
      } else if (fns[j].ref != ref) {
        errorf("%s:%d: %s has claims against two references", u->path, c->line, c->fn);
        errors++;
      }
    }
  }
  if (errors) return EXIT_USAGE;
  struct run_info ri;
  memset(&ri, 0, sizeof ri);
  if ((rc = choose_backend(&sc, &ri)) >= 0) return EXIT_USAGE;
  /* 2. the functions as variants: built-in where possible, compiled otherwise */
  for (int i = 0; i < nf; i++) {
    const char *names[MAXFN];
    const struct reference *refs[MAXFN];
    int idx[MAXFN], n = 0;
    for (int j = 0; j < nfn; j++) {
      if (fns[j].file != i) continue;
      if (fns[j].builtin) {
        if (variant_has_backend(fns[j].builtin, sc.backend)) fns[j].v = *fns[j].builtin;
        else fns[j].skipped = 1;
        continue;
      }
      names[n] = fns[j].name, refs[n] = fns[j].ref, idx[n++] = j;
    }
    if (!n) continue;
    struct variant vv[MAXFN];
    char vnames[MAXFN][256];
    char log[16384];
    rc = user_variants(files[i].path, n, names, refs, sc.backend, &ri.ginfo, vv, vnames, log, sizeof log);
    if (rc) {
      errorf("%s: cannot compile it for the %s backend:\n%s", files[i].path, sc.backend ? "gpu" : "cpu", log);
      return EXIT_USAGE;
    }
    for (int k = 0; k < n; k++) {
      fns[idx[k]].v = vv[k];
      memcpy(fns[idx[k]].vname, vnames[k], sizeof fns[idx[k]].vname);
      fns[idx[k]].v.name = fns[idx[k]].vname;
    }
  }
  /* 3. evaluate, through the kind of float f(float) functions */
  const struct kind *kind = kind_for_claims();
  for (int j = 0; j < nfn; j++) {
    if (fns[j].skipped) continue;
    const struct variant *vs[1] = {&fns[j].v};
    struct run_request rq = {.sc = &sc, .ranks = 1, .variants = vs, .nvariants = 1};
    struct kind_result *r = NULL;
    uint32_t cov[RESULT_MAXCOV][2];
    int ncov;
    rc = kind->begin(&rq, &r);
    if (!rc) rc = kind->scan(r, sc.o.from, sc.o.to, cov, &ncov);
    if (!rc) rc = kind->maxima(r, 0, &fns[j].m);
    if (r) kind->release(r);
    if (rc) {
      errorf("evaluating %s failed", fns[j].name);
      return rc == EXIT_INTERRUPT ? EXIT_INTERRUPT : EXIT_USAGE;
    }
  }
  /* 4. verdicts, and the replacements --update would make */
  int violated = 0;
  for (int i = 0; i < nf; i++) {
    struct ufile *u = &files[i];
    struct repl {
      size_t off, len;
      char text[48];
    } rp[2 * CLAIMS_MAX];
    int nrp = 0;
    for (int k = 0; k < u->ncl; k++) {
      struct claim_site *c = &u->cl[k];
      struct ufn *f = NULL;
      for (int j = 0; j < nfn; j++)
        if (fns[j].file == i && !strcmp(fns[j].name, c->fn)) f = &fns[j];
      for (int w = 0; w < 2; w++) {
        if (!c->len[w]) continue;
        const char *what = w ? "maxrelerr" : "maxulperr";
        if (!f || f->skipped) {
          printf("%s:%d: %s %s = %s: SKIPPED (%s runs on the GPU only: certify it with --backend gpu)\n", u->path,
                 c->line, c->fn, what, c->num[w], f && f->builtin ? f->builtin->name : c->fn);
          continue;
        }
        const struct maxima *s = &f->m;
        double m = w ? s->max_rel : s->max_ulp;
        uint32_t at = w ? s->max_rel_input : s->max_ulp_input;
        char shown[64];
        enum verdict vd = claim_verdict(c->num[w], CLAIM_MEASURED, m, shown, sizeof shown);
        if (vd == VERDICT_NONE) {
          printf("%s:%d: %s %s = %s: not a number\n", u->path, c->line, c->fn, what, c->num[w]);
          violated = 1;
          continue;
        }
        char like[48];
        claims_format_like(c->num[w], m, like, sizeof like);
        printf("%s:%d: %s %s = %s: %s (measured %s, max at 0x%08x (%a), %llu inputs, %s)\n", u->path, c->line, c->fn,
               what, c->num[w], verdict_name(vd), like, at, (double)u2f(at), (unsigned long long)s->inputs,
               f->builtin ? f->builtin->name : "compiled");
        violated |= vd == VERDICT_VIOLATED;
        if (vd != VERDICT_HOLDS && nrp < 2 * CLAIMS_MAX) {
          rp[nrp].off = c->off[w], rp[nrp].len = c->len[w];
          snprintf(rp[nrp].text, sizeof rp[nrp].text, "%s", like);
          nrp++;
        }
      }
    }
    /* the file must be as it was read */
    size_t n2;
    err[0] = 0;
    char *now = read_file(u->path, &n2, err, sizeof err);
    if (!now || n2 != u->n || memcmp(now, u->text, n2)) {
      errorf("%s changed while it was being checked: results not trusted, nothing written", u->path);
      free(now);
      return EXIT_USAGE;
    }
    free(now);
    if (ca.update && nrp) {
      /* replacements in file order (claims are found in file order) */
      for (int a = 1; a < nrp; a++)
        for (int b = a; b > 0 && rp[b - 1].off > rp[b].off; b--) {
          struct repl t = rp[b];
          rp[b] = rp[b - 1], rp[b - 1] = t;
        }
      size_t cap = u->n + 64 * (size_t)nrp + 1, k = 0, pos = 0;
      char *out = malloc(cap);
      if (!out) return EXIT_USAGE;
      for (int r = 0; r < nrp; r++) {
        memcpy(out + k, u->text + pos, rp[r].off - pos), k += rp[r].off - pos;
        size_t tl = strlen(rp[r].text);
        memcpy(out + k, rp[r].text, tl), k += tl;
        pos = rp[r].off + rp[r].len;
      }
      memcpy(out + k, u->text + pos, u->n - pos), k += u->n - pos;
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
    }
  }
  for (int i = 0; i < nf; i++) free(files[i].text);
  return violated ? EXIT_FAIL : EXIT_OK;
}
