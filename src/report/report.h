/* report.h: the pieces of `ulpcert report` that every kind uses: growing text, Markdown
 * cells, gnuplot, and the report under construction (ACCURACY.md in ordered sections,
 * accuracy.csv, the README's generated blocks). The kinds fill it (struct kind's report
 * entry); src/cmd/report.c reads the files, calls them, checks and writes. */
#ifndef ULPCERT_REPORT_H
#define ULPCERT_REPORT_H

#include <stddef.h>
#include <stdio.h>

struct text {
  char *buf;
  size_t len, cap;
};
void tprintf(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* an atomic_write writer of a struct text */
int write_text(FILE *f, void *arg);

/* c with a comma between groups of three digits (2,190,453,384), for counts in the
 * reports' text (CSV and JSON keep plain digits); CNT(c) in a buffer of the enclosing block. */
char *count_text(char *buf, size_t n, unsigned long long c);
#define CNT(c) count_text((char[32]){0}, 32, (unsigned long long)(c))

/* buf with every '|' escaped, in place (within n): it goes into a Markdown table cell,
 * and documentation sources quote |y|, which would split the cell. */
void md_escape(char *buf, size_t n);

/* The sections of ACCURACY.md, in the order they appear (a kind writes into the ones its
 * results belong to). */
enum report_section {
  SEC_HARDWARE = 0, /* hardware approximations against their documented bounds */
  SEC_LIBRARY,      /* the CUDA math library's flavours and the host library, side by side */
  SEC_NARROW,       /* 16-bit formats: the functions of cuda_fp16.h and cuda_bf16.h */
  SEC_ARITH16,      /* 16-bit arithmetic */
  SEC_PTX16,        /* the PTX half-precision forms */
  SEC_CONVERT,      /* conversions between binary32 and the low-precision formats */
  SEC_FAMILIES,     /* one table per family of functions, then the plots and the runs */
  SEC_TWO_WORD,     /* two-word (float-float) arithmetic */
  SEC_TWO_ARG,      /* functions of two arguments */
  SEC_N
};

#define REPORT_MAXBLOCK 8

/* A page of the HTML report besides the index (DIR/html/NAME.html), in Markdown: links to
 * the report's files are relative to DIR (plots/x.svg), links to pages are NAME.html. */
struct report_page {
  char name[96], title[160];
  struct text md;
};

#define REPORT_MAXREADME 16

struct report {
  const char *dir;           /* output folder */
  int png;                   /* PNG plots besides SVG */
  const char *readme;        /* the first --readme FILE, or NULL */
  const char *readmes[REPORT_MAXREADME]; /* every --readme FILE: each block goes to the one that holds it */
  int nreadme;
  const char *readme_family; /* the family of the README's main table */
  int write_files;           /* 0 while the tables are made; 1 when plots may be written */
  struct text sec[SEC_N];
  /* the HTML index's text of a section where it differs from ACCURACY.md's (Markdown;
   * empty: the same), e.g. a list of pages in place of their tables */
  struct text html_sec[SEC_N];
  int npage;
  struct report_page **page;
  struct text csv;
  struct text csv_search; /* DIR/search.csv: the search kind's lower bounds (empty: not written) */
  /* the exhaustive binary32 maxima the binary32 kind reported (its report runs before the
   * search kind's, which shows them beside the binary64 figures): variant, device, max ulp */
  int nmax;
  struct report_max {
    char variant[64], device[160];
    double max_ulp;
  } *max;
  int nblock; /* README blocks: the text between "<!-- BEGIN generated: NAME -->" and "<!-- END generated -->" */
  struct {
    const char *name;
    struct text t;
    int optional; /* a README without this block is fine: the block is left out */
    int absent;   /* set by the README check: optional and missing */
    int file;     /* set by the README check: the index in readmes of the file that holds it */
  } block[REPORT_MAXBLOCK];
};
/* The README block NAME of the report (created empty on first use). */
struct text *report_block(struct report *rp, const char *name);
/* The same for a block the README may lack. */
struct text *report_block_optional(struct report *rp, const char *name);

/* A new page of the HTML report; NULL when out of memory. */
struct text *report_page(struct report *rp, const char *name, const char *title);
/* Write DIR/html/index.html (intro, then every section) and the pages. 0 or EXIT_IO with err. */
int html_write(const struct report *rp, const char *intro, char *err, size_t errlen);
/* Note a variant's max ulp error over all 2^32 binary32 inputs on a device (0, or -1 out of
 * memory); the largest noted for a variant name: its index, or -1. */
int report_note_max(struct report *rp, const char *variant, const char *device, double max_ulp);
int report_find_max(const struct report *rp, const char *variant);
/* Free what the report holds. */
void report_free(struct report *rp);

/* Run gnuplot on a script that sets its own output to 'tmp'; rename to 'path'. */
int run_gnuplot(const char *script, const char *tmp, const char *path, char *err, size_t errlen);
/* Start the script of plot DIR/plots/NAME-WHAT.EXT (terminal t: 0 SVG, 1 PNG): its output
 * goes to a temporary file that run_gnuplot renames into place. */
void plot_begin(struct text *sc, const char *dir, const char *name, const char *what, int t, char *path, size_t pn,
                char *tmp, size_t tn);

/* Set the size of a plot begun with plot_begin (terminal t) to w x h pixels. */
void plot_size(struct text *sc, int t, int w, int h);
/* Curve k's line style: a colour of a colour-blind-safe palette (Okabe and Ito's, without
 * its yellow, too faint on white) and a dash pattern, the two cycling with different
 * periods so that neighbours differ in both. */
const char *plot_color(int k);
void plot_style(struct text *sc, int k);

/* Append the text file path to *all (read as C strings: a NUL byte ends its chunk's
 * text). 0, or EXIT_IO with a message. */
int read_text_file(const char *path, struct text *all, char *err, size_t errlen);

/* Replace the README's block named by marker ("<!-- BEGIN generated: NAME -->" up to the
 * next "<!-- END generated -->") with text, atomically. 0 or an exit code with a message. */
int replace_readme(const char *path, const char *marker, const struct text *block, char *err, size_t errlen);

#endif
