/* report.c: `ulpcert report`: accuracy tables (Markdown, CSV) and gnuplot plots
 * generated from result files of every kind, nothing typed by hand. Every input is read
 * and checked, and every table made, before anything is written; every output is written
 * to a temporary file and renamed; the same inputs give byte-identical outputs. Each kind
 * writes its own sections (struct kind's report entry). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "src/cmd/budgets.h"
#include "src/cmd/cmd.h"
#include "src/common.h"
#include "src/engine/driver.h"
#include "src/jsonio/json_io.h"
#include "src/report/report.h"

static void usage_report(FILE *f) {
  fprintf(f,
          "usage: ulpcert report RESULT.json... [--out DIR] [--png] [--readme FILE] [--budgets FORMAT]\n"
          "\n"
          "Writes, from the result files (plain or gzip-compressed JSON; in the MUFU table,\n"
          "the registry's documented bound where a file records none, marked so):\n"
          "  DIR/ACCURACY.md     the MUFU table: every variant named *.approx* or __* (PTX\n"
          "                      approximations, CUDA intrinsics) against its documented bound,\n"
          "                      in the bound's measure (ulp, relative, absolute over a range);\n"
          "                      per family, one row per variant and device: max ulp error and\n"
          "                      where, max relative error, percent correctly rounded and\n"
          "                      faithful, count above 1 ulp, non-finite and flushed counts, the\n"
          "                      claimed and the documented bound, the verdict; then the runs\n"
          "                      (command, version, GPU, driver, toolkit, date)\n"
          "  DIR/accuracy.csv    the same rows, one header line\n"
          "  DIR/search.csv      with search results: one row per searched variant (binary64 and\n"
          "                      two-argument functions; each figure a lower bound, at its input)\n"
          "  DIR/plots/*.svg     per variant: max ulp error per bin along the bit patterns and\n"
          "                      over x (the part of [-10, 10] the run covered), and the error\n"
          "                      histogram; per family: the variants compared, identical curves\n"
          "                      once (PNG too with --png)\n"
          "  DIR/html/           index.html: the same tables, sortable and filterable, and a\n"
          "                      page per family with its plots, maxima and first failing inputs\n"
          "options:\n"
          "  --out DIR       output folder (default build/reports, made with its parents; the\n"
          "                  repository's committed reports/ only when named: make report)\n"
          "  --budgets FORMAT  write only ulp budgets, to standard output: per variant and\n"
          "                  device the measured max ulp error and whole ulps covering it, as\n"
          "                  h (a C header), json, csv, xla (XLA's AccuracyBudget structs) or\n"
          "                  llvm (LLVM offload conformance UlpTolerance configs); docs/reports.md\n"
          "  --png           also write PNG plots\n"
          "  --readme FILE   replace the block between '<!-- BEGIN generated: report -->' and\n"
          "                  '<!-- END generated -->' in FILE with the main table and a plot,\n"
          "                  and each kind's block '<!-- BEGIN generated: NAME -->' likewise;\n"
          "                  may be given several times (at most 16): each block goes to the\n"
          "                  file that holds it\n"
          "  --readme-family F  the family of that table (default tanh, else the first)\n"
          "  --quiet         no notices\n"
          "`make report` runs it on every file under reports/results/.\n");
}

#define REPORT_MAXFILES 256

/* Every file, read and checked: complete runs only. */
static int read_all(int nf, char *const *paths, const struct kind **ks, struct kind_result **rs) {
  char err[1024];
  for (int i = 0; i < nf; i++) {
    int rc = read_result(paths[i], &ks[i], &rs[i], err, sizeof err);
    if (rc) {
      errorf("%s", err);
      return rc;
    }
    if (!ks[i]->info(rs[i])->complete) {
      errorf("%s: an interrupted run (field 'complete' is false): resume it first", paths[i]);
      return EXIT_CORRUPT;
    }
  }
  return 0;
}

/* Each kind's sections, from its files (in command-line order). */
static int kinds_report(struct report *rp, int nf, char *const *paths, const struct kind **ks,
                        struct kind_result **rs) {
  struct kind_result *mine[REPORT_MAXFILES];
  char *mypaths[REPORT_MAXFILES];
  for (int k = 0; kinds[k]; k++) {
    int n = 0;
    for (int i = 0; i < nf; i++)
      if (ks[i] == kinds[k]) mine[n] = rs[i], mypaths[n++] = paths[i];
    if (!n) continue;
    if (!kinds[k]->report) {
      errorf("%s results have no report", kinds[k]->title);
      return EXIT_USAGE;
    }
    int rc = kinds[k]->report(rp, mine, mypaths, n);
    if (rc) return rc;
  }
  return 0;
}

/* Every block the report fills is in one of the --readme files (an optional block may be
 * in none), before anything is written. */
static int readme_check(struct report *rp) {
  struct text all[REPORT_MAXREADME] = {{0}};
  char err[8192];
  int rc = 0;
  for (int f = 0; f < rp->nreadme && !rc; f++)
    if ((rc = read_text_file(rp->readmes[f], &all[f], err, sizeof err))) errorf("%s", err);
  for (int b = 0; b < rp->nblock && !rc; b++) {
    char m[128];
    snprintf(m, sizeof m, "<!-- BEGIN generated: %s -->", rp->block[b].name);
    rp->block[b].file = -1;
    for (int f = 0; f < rp->nreadme && rp->block[b].file < 0; f++) {
      const char *p = all[f].buf ? strstr(all[f].buf, m) : NULL;
      if (p && strstr(p, "<!-- END generated -->")) rp->block[b].file = f;
    }
    if (rp->block[b].file < 0 && rp->block[b].optional) rp->block[b].absent = 1;
    else if (rp->block[b].file < 0) {
      errorf("%s%s has no '%s' ... '<!-- END generated -->' block", rp->readme, rp->nreadme > 1 ? " (nor any other --readme file)" : "", m);
      rc = EXIT_CORRUPT;
    }
  }
  for (int f = 0; f < rp->nreadme; f++) free(all[f].buf);
  return rc;
}

/* What the report is, at the top of ACCURACY.md and of the HTML index. */
static const char *const intro =
    "Generated by `ulpcert report` from the result files listed under Runs; do not edit.\n"
    "Errors are against the correctly rounded MPFR reference, over every input of each run's range\n"
    "(definitions: docs/definitions.md; where several files hold a variant on the same device, the newest is\n"
    "shown). Claimed: the bound in the code's own comment; documented: the\n"
    "bound a vendor or paper states. Inputs are bit patterns with their value in %a notation.\n";

static int write_report(struct report *rp) {
  char p[4200], err[1024];
  struct text md = {0};
  tprintf(&md, "# Accuracy\n\n%s", intro);
  for (int s = 0; s < SEC_N; s++) tprintf(&md, "%s", rp->sec[s].buf ? rp->sec[s].buf : "");
  snprintf(p, sizeof p, "%s/ACCURACY.md", rp->dir);
  int rc = atomic_write(p, write_text, &md, err, sizeof err);
  free(md.buf);
  if (!rc && rp->csv.len) {
    snprintf(p, sizeof p, "%s/accuracy.csv", rp->dir);
    rc = atomic_write(p, write_text, &rp->csv, err, sizeof err);
  }
  if (!rc && rp->csv_search.len) {
    snprintf(p, sizeof p, "%s/search.csv", rp->dir);
    rc = atomic_write(p, write_text, &rp->csv_search, err, sizeof err);
  }
  for (int b = 0; !rc && rp->readme && b < rp->nblock; b++) {
    if (rp->block[b].absent) continue;
    char m[128];
    snprintf(m, sizeof m, "<!-- BEGIN generated: %s -->", rp->block[b].name);
    rc = replace_readme(rp->readmes[rp->block[b].file], m, &rp->block[b].t, err, sizeof err);
  }
  if (!rc) rc = html_write(rp, intro, err, sizeof err);
  if (rc) errorf("%s", err);
  else noticef("wrote %s/ACCURACY.md, %s/accuracy.csv, the plots in %s/plots and the pages in %s/html (index.html)",
               rp->dir, rp->dir, rp->dir, rp->dir);
  return rc;
}

static int make_dirs(const char *dir) {
  char p[4200], h[4200];
  snprintf(p, sizeof p, "%s/plots", dir);
  snprintf(h, sizeof h, "%s/html", dir);
  if ((mkdir(dir, 0777) && errno != EEXIST) || (mkdir(p, 0777) && errno != EEXIST) ||
      (mkdir(h, 0777) && errno != EEXIST)) {
    errorf("cannot create %s: %s", h, strerror(errno));
    return EXIT_IO;
  }
  return 0;
}

static int parse(int argc, char **argv, struct report *rp, const char **budgets) {
  static const struct option opts[] = {{"out", required_argument, 0, 'o'}, {"png", no_argument, 0, 'p'},
                                       {"readme", required_argument, 0, 'r'}, {"quiet", no_argument, 0, 'q'},
                                       {"readme-family", required_argument, 0, 'f'},
                                       {"budgets", required_argument, 0, 'b'},
                                       {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
  int c;
  optind = 1;
  opterr = 0;
  while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
    switch (c) {
    case 'h': usage_report(stdout); return EXIT_OK;
    case 'o': rp->dir = optarg; break;
    case 'p': rp->png = 1; break;
    case 'r':
      if (rp->nreadme == REPORT_MAXREADME) {
        errorf("at most %d --readme files", REPORT_MAXREADME);
        return EXIT_USAGE;
      }
      if (!rp->readme) rp->readme = optarg;
      rp->readmes[rp->nreadme++] = optarg;
      break;
    case 'f': rp->readme_family = optarg; break;
    case 'b':
      if (!budgets_format_ok(optarg)) {
        errorf("--budgets: '%s' is not a format (h, json, csv, xla, llvm)", optarg);
        return EXIT_USAGE;
      }
      *budgets = optarg;
      break;
    case 'q': g_quiet = 1; break;
    default: return option_error(c, argv);
    }
  }
  return -1;
}

/* The output folder can be made or written, and the README written: said before the
 * files are read. 0 or EXIT_IO. */
static int outputs_check(const struct report *rp) {
  struct stat st;
  if (!stat(rp->dir, &st)) {
    if (!S_ISDIR(st.st_mode) || access(rp->dir, W_OK | X_OK)) {
      errorf("cannot write %s: %s", rp->dir, strerror(S_ISDIR(st.st_mode) ? errno : ENOTDIR));
      return EXIT_IO;
    }
  } else if (output_check(rp->dir)) { /* a new folder: its parent must be writable */
    return EXIT_IO;
  }
  for (int f = 0; f < rp->nreadme; f++)
    if (output_check(rp->readmes[f])) return EXIT_IO;
  return 0;
}

int cmd_report(int argc, char **argv) {
  struct report rp = {.dir = "build/reports", .readme_family = "tanh"};
  const char *budgets = NULL;
  int rc = parse(argc, argv, &rp, &budgets);
  if (rc >= 0) return rc;
  int nf = argc - optind;
  if (nf < 1 || nf > REPORT_MAXFILES) {
    errorf("report needs at least one result file (and at most %d)", REPORT_MAXFILES);
    return EXIT_USAGE;
  }
  /* the default folder's parent, build/ of the current folder (ignored by git in a clone) */
  if (!budgets && !strcmp(rp.dir, "build/reports") && mkdir("build", 0777) && errno != EEXIST) {
    errorf("cannot create build: %s", strerror(errno));
    return EXIT_IO;
  }
  if (!budgets && (rc = outputs_check(&rp))) return rc;
  const struct kind **ks = calloc((size_t)nf, sizeof *ks);
  struct kind_result **rs = calloc((size_t)nf, sizeof *rs);
  rc = ks && rs ? read_all(nf, argv + optind, ks, rs) : EXIT_IO;
  if (budgets) {
    if (!rc) rc = budgets_write(stdout, budgets, nf, ks, rs);
    for (int i = 0; i < nf && rs; i++)
      if (rs[i]) ks[i]->release(rs[i]);
    free(ks), free(rs);
    return rc;
  }
  if (!rc) rc = kinds_report(&rp, nf, argv + optind, ks, rs);
  if (!rc && rp.readme) rc = readme_check(&rp);
  if (!rc) rc = make_dirs(rp.dir);
  rp.write_files = 1;
  if (!rc) rc = kinds_report(&rp, nf, argv + optind, ks, rs);
  if (!rc) rc = write_report(&rp);
  for (int i = 0; i < nf && rs; i++)
    if (rs[i]) ks[i]->release(rs[i]);
  report_free(&rp);
  free(ks), free(rs);
  return rc;
}
