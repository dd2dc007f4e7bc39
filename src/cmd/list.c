/* list.c: `ulpcert list [PATTERN]`: the catalogue, every kind's part, filtered by name;
 * the long document titles of the sources cited on many lines are numbered once and
 * listed at the end. */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/cmd/cmd.h"
#include "src/common.h"
#include "src/engine/kind.h"

static void usage_list(FILE *f) {
  fprintf(f,
          "usage: ulpcert list [PATTERN]\n"
          "\n"
          "Lists every variant: name, family, backends, reference, claimed bounds (max ulp, max\n"
          "relative error, max absolute error over a range of x), the kind of claim (measured,\n"
          "documented, proved) and its source, and the documented bounds that hold on part of\n"
          "the inputs or grow with |x| (docs/definitions.md: bound clauses). A family name\n"
          "selects all of its variants in `ulpcert run`.\n"
          "\n"
          "PATTERN keeps the variants whose name contains it, or matches it when it holds a\n"
          "wildcard (* ? [...]: 'tanh*', '*.cuda'), and those of the family it names ('list\n"
          "directed'). Documents cited on many lines (the CUDA\n"
          "Programming Guide's tables) are shown as [1], [2] ... with their titles at the end.\n");
}

/* A line of a kind's part: an entry's first line starts with a name the kind owns, alone or
 * followed by two spaces (the columns); the lines indented deeper after it are the entry's; any
 * other line (a heading, a paragraph, a blank line) belongs to the kind's part. */
static int entry_start(const struct kind *k, const char *line, int *indent, char *name, size_t n) {
  int ind = (int)strspn(line, " ");
  size_t len = strcspn(line + ind, " ");
  if (!len || len >= n || (line[ind + len] && strncmp(line + ind + len, "  ", 2))) return 0;
  memcpy(name, line + ind, len);
  name[len] = 0;
  *indent = ind;
  return k->owns(name);
}

/* Whether the entry whose first line is 'line' and name 'name' is wanted: its name holds
 * the pattern (or matches it, with a wildcard), or its second column is the pattern (the
 * family, where the pattern names one). */
static int wanted(const char *line, const char *name, const char *pattern) {
  if (!pattern) return 1;
  if (strpbrk(pattern, "*?[")) return fnmatch(pattern, name, 0) == 0;
  if (strstr(name, pattern)) return 1;
  const char *second = strstr(line, name) + strlen(name);
  second += strspn(second, " ");
  size_t n = strcspn(second, " ");
  return n == strlen(pattern) && !strncmp(second, pattern, n);
}

/* The titles cited so far: the text of a source up to its first ": " outside parentheses. */
#define LIST_MAXCITE 64
#define CITE_MIN 60 /* shorter titles stay in place */
struct cites {
  int n;
  char *title[LIST_MAXCITE];
};

/* Within line, every parenthesised source whose title is long: the title replaced by
 * [k]. The new line in out. */
static void cite_line(const char *line, struct cites *c, char *out, size_t n) {
  size_t o = 0;
  for (const char *p = line; *p && o + 1 < n;) {
    size_t t = 0;
    int depth = 0;
    if (*p == '(') /* the title: up to ": " at depth 0 inside these parentheses */
      for (const char *q = p + 1; *q && depth >= 0; q++, t++) {
        if (*q == '(') depth++;
        else if (*q == ')') depth--;
        else if (!depth && q[0] == ':' && q[1] == ' ') break;
      }
    if (*p != '(' || t < CITE_MIN || depth < 0 || !p[1 + t]) {
      out[o++] = *p++;
      continue;
    }
    int k = 0;
    while (k < c->n && (strlen(c->title[k]) != t || strncmp(c->title[k], p + 1, t))) k++;
    if (k == c->n && c->n < LIST_MAXCITE && (c->title[k] = strndup(p + 1, t))) c->n++;
    if (k == c->n) { /* no room: left as it is */
      out[o++] = *p++;
      continue;
    }
    o += (size_t)snprintf(out + o, n - o, "([%d]", k + 1);
    p += 1 + t;
  }
  out[o < n ? o : n - 1] = 0;
}

/* One kind's part of the list, filtered, into f. */
static void list_kind(const struct kind *k, const char *pattern, struct cites *c, FILE *f) {
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  if (!m) return;
  k->list(m);
  fclose(m);
  /* two passes: does any entry match (then the part's headings are shown), then print */
  for (int pass = 0, any = 0; pass < 2 && (pass == 0 || any); pass++) {
    int keep = 1, indent = -1;
    for (char *line = buf, *next; line && *line; line = next) {
      next = strchr(line, '\n');
      size_t ll = next ? (size_t)(next - line) : strlen(line);
      if (next) next++;
      char text[8192], name[256], out[8192];
      snprintf(text, sizeof text, "%.*s", (int)ll, line);
      int ind;
      if (entry_start(k, text, &ind, name, sizeof name)) keep = wanted(text, name, pattern), indent = ind, any |= keep;
      else if (indent < 0 || (int)strspn(text, " ") <= indent) keep = 1, indent = -1; /* the part's own line */
      if (pass == 1 && keep) {
        cite_line(text, c, out, sizeof out);
        fprintf(f, "%s\n", out);
      }
    }
  }
  free(buf);
}

int cmd_list(int argc, char **argv) {
  static const struct option opts[] = {{"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
  int c;
  optind = 1;
  opterr = 0;
  while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
    if (c == 'h') {
      usage_list(stdout);
      return EXIT_OK;
    }
    return option_error(c, argv);
  }
  if (argc - optind > 1) {
    errorf("list takes at most one pattern (got '%s' and '%s')", argv[optind], argv[optind + 1]);
    return EXIT_USAGE;
  }
  const char *pattern = optind < argc ? argv[optind] : NULL;
  struct cites ct = {0};
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  if (!m) return EXIT_IO;
  for (int k = 0; kinds[k]; k++) list_kind(kinds[k], pattern, &ct, m);
  fclose(m);
  if (pattern && !len) {
    errorf("no variant matches '%s' (see 'ulpcert list')", pattern);
    free(buf);
    return EXIT_USAGE;
  }
  fwrite(buf, 1, len, stdout);
  if (ct.n) printf("\nSources cited above by number:\n");
  for (int i = 0; i < ct.n; i++) printf("[%d] %s\n", i + 1, ct.title[i]), free(ct.title[i]);
  free(buf);
  return EXIT_OK;
}
