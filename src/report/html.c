/* html.c: the report as static HTML pages (DIR/html/): the sections every kind wrote for
 * ACCURACY.md (or the text a kind gave for the index instead, report.h), turned from
 * Markdown into HTML, and the pages the kinds added (a function's plots and worst
 * inputs, say). Nothing is fetched: the style and a small script are in each page, plots
 * are the SVG files beside (../plots/). Every table can be sorted by a click on a column
 * heading and filtered by the words typed above it. */
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/jsonio/json_io.h"
#include "src/report/report.h"

/* text[0..n) with HTML's special characters escaped */
static void esc(struct text *o, const char *s, size_t n) {
  for (size_t i = 0; i < n && s[i]; i++) {
    switch (s[i]) {
    case '&': tprintf(o, "&amp;"); break;
    case '<': tprintf(o, "&lt;"); break;
    case '>': tprintf(o, "&gt;"); break;
    case '"': tprintf(o, "&quot;"); break;
    default: tprintf(o, "%c", s[i]);
    }
  }
}

/* A link target of the Markdown, from the page's folder DIR/html/: paths of the report's
 * files (plots/x.svg) are one folder up; pages (x.html) and anchors (#x) are here. */
static void url(struct text *o, const char *s, size_t n) {
  const char *hash = memchr(s, '#', n);
  const size_t p = hash ? (size_t)(hash - s) : n; /* the path part */
  const int here = (p > 5 && !strncmp(s + p - 5, ".html", 5)) || p == 0 || memchr(s, ':', n);
  if (!here) tprintf(o, "../");
  esc(o, s, n);
}

/* The inline Markdown of s[0..n): `code`, **strong**, ![alt](src), [text](href), \| */
static void inline_md(struct text *o, const char *s, size_t n) {
  for (size_t i = 0; i < n;) {
    const char *c = s + i;
    if (c[0] == '\\' && i + 1 < n && c[1] == '|') {
      tprintf(o, "|"), i += 2;
      continue;
    }
    if (c[0] == '`') {
      const char *e = memchr(c + 1, '`', n - i - 1);
      if (e) {
        tprintf(o, "<code>"), esc(o, c + 1, (size_t)(e - c - 1)), tprintf(o, "</code>");
        i += (size_t)(e - c) + 1;
        continue;
      }
    }
    if (c[0] == '*' && i + 1 < n && c[1] == '*') {
      const char *e = i + 2 < n ? strstr(c + 2, "**") : NULL;
      if (e && e < s + n) {
        tprintf(o, "<strong>"), inline_md(o, c + 2, (size_t)(e - c - 2)), tprintf(o, "</strong>");
        i += (size_t)(e - c) + 2;
        continue;
      }
    }
    const int img = c[0] == '!' && i + 1 < n && c[1] == '[';
    if (img || c[0] == '[') {
      /* [text](target): the text may hold brackets ("x in [-10, 10]") */
      size_t t = i + 1 + (size_t)img, depth = 1, k = t;
      for (; k < n && depth; k++) depth += s[k] == '[' ? 1 : s[k] == ']' ? (size_t)-1 : 0;
      const char *e = k < n && s[k] == '(' ? memchr(s + k, ')', n - k) : NULL;
      if (!depth && e) {
        const char *tg = s + k + 1;
        size_t tl = (size_t)(e - tg), xl = k - 1 - t;
        if (img) {
          tprintf(o, "<img src=\""), url(o, tg, tl), tprintf(o, "\" alt=\""), esc(o, s + t, xl);
          tprintf(o, "\">");
        } else {
          tprintf(o, "<a href=\""), url(o, tg, tl), tprintf(o, "\">"), inline_md(o, s + t, xl), tprintf(o, "</a>");
        }
        i = (size_t)(e - s) + 1;
        continue;
      }
    }
    esc(o, c, 1), i++;
  }
}

/* The cells of a table line "| a | b \| c |": their starts and lengths (trimmed). */
static int cells(const char *l, size_t n, const char **at, size_t *len, int max) {
  int k = 0;
  size_t i = l[0] == '|' ? 1 : 0, s = i;
  for (; i <= n && k < max; i++) {
    if (i < n && !(l[i] == '|' && l[i - 1] != '\\')) continue;
    if (i == n && i == s) break; /* the closing '|' */
    size_t a = s, b = i;
    while (a < b && l[a] == ' ') a++;
    while (b > a && l[b - 1] == ' ') b--;
    at[k] = l + a, len[k++] = b - a;
    s = i + 1;
  }
  return k;
}

/* A heading's anchor: its words in lower case joined by '-' */
static void slug(struct text *o, const char *s, size_t n) {
  int dash = 0;
  for (size_t i = 0; i < n; i++) {
    char ch = s[i];
    int ok = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '.' || ch == '_';
    if (ch >= 'A' && ch <= 'Z') ch = (char)(ch - 'A' + 'a'), ok = 1;
    if (ok) {
      if (dash) tprintf(o, "-");
      tprintf(o, "%c", ch), dash = 0;
    } else {
      dash = o->len > 0;
    }
  }
}

/* Markdown (the subset the report writes: headings, paragraphs, lists, tables, images,
 * links, code) as HTML. */
static const char *const md_close[] = {"", "</p>\n", "</li></ul>\n", "</li></ol>\n", "</tbody></table></div>\n"};

/* The number of characters of an ordered list's "12. ", or 0. */
static size_t ol_mark(const char *l, size_t n) {
  size_t d = strspn(l, "0123456789");
  return d && d < 4 && d + 2 <= n && l[d] == '.' && l[d + 1] == ' ' ? d + 2 : 0;
}

static void md_html(struct text *o, const char *md) {
  enum { NONE, PARA, UL, OL, TABLE } blk = NONE;
  int row = 0;
  for (const char *l = md ? md : "", *next; *l; l = next) {
    next = strchr(l, '\n');
    size_t n = next ? (size_t)(next - l) : strlen(l);
    next = next ? next + 1 : l + n;
    const int ul = n > 2 && !strncmp(l, "- ", 2);
    const size_t ol = ol_mark(l, n);
    const int tab = l[0] == '|', head = l[0] == '#', blank = n == 0;
    int want = blank || head ? NONE : tab ? TABLE : ul ? UL : ol ? OL : blk == UL || blk == OL ? (int)blk : PARA;
    if (want != (int)blk || head) {
      tprintf(o, "%s", md_close[blk]);
      if (want == PARA) tprintf(o, "<p>");
      else if (want == UL) tprintf(o, "<ul>\n<li>");
      else if (want == OL) tprintf(o, "<ol>\n<li>");
      else if (want == TABLE) tprintf(o, "<div class=\"tab\"><table>\n"), row = 0;
      blk = want;
    }
    if (head) {
      int lv = (int)strspn(l, "#");
      const char *h = l + lv + (l[lv] == ' ');
      size_t hn = n - (size_t)(h - l);
      tprintf(o, "<h%d id=\"", lv), slug(o, h, hn), tprintf(o, "\">"), inline_md(o, h, hn);
      tprintf(o, "</h%d>\n", lv);
    } else if (blk == PARA) {
      inline_md(o, l, n), tprintf(o, "\n");
    } else if (blk == UL || blk == OL) { /* an item, or the continuation of one */
      const size_t skip = ul ? 2 : ol;
      if (skip && want == (int)blk && o->len >= 4 && strcmp(o->buf + o->len - 4, "<li>")) tprintf(o, "</li>\n<li>");
      inline_md(o, l + skip, n - skip), tprintf(o, "\n");
    } else if (blk == TABLE) {
      const char *at[64];
      size_t len[64];
      int k = cells(l, n, at, len, 64);
      if (row == 1 && strspn(l, "|-: ") == n) { /* the separator */
        tprintf(o, "</thead><tbody>\n"), row++;
        continue;
      }
      tprintf(o, "%s<tr>", row == 0 ? "<thead>" : "");
      for (int c = 0; c < k; c++)
        tprintf(o, "<%s>", row ? "td" : "th"), inline_md(o, at[c], len[c]), tprintf(o, "</%s>", row ? "td" : "th");
      tprintf(o, "</tr>\n");
      row++;
    }
  }
  tprintf(o, "%s", md_close[blk]);
}

/* The page's style and script: tables sort by a click on a heading (numbers as numbers,
 * "-" and "—" last) and filter by the words typed above them. */
static const char *const page_head =
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>%s</title>\n<style>\n"
    "body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:96em;padding:0 1em;color:#222;line-height:1.4}\n"
    "nav{margin-bottom:1em}nav a{margin-right:1em}\n"
    "div.tab{overflow-x:auto;margin:.5em 0 1.5em}\n"
    "table{border-collapse:collapse;font-size:.85em}th,td{border:1px solid #ccc;padding:.2em .4em;vertical-align:top}\n"
    "th{background:#eef;cursor:pointer;position:sticky;top:0}th.asc::after{content:' \\25B2'}th.desc::after{content:' "
    "\\25BC'}\n"
    "tr:nth-child(even) td{background:#f7f7f7}input.filter{margin:.3em 0;padding:.2em;width:20em}\n"
    "img{max-width:100%%;height:auto;border:1px solid #ddd;margin:.3em 0}code{background:#f3f3f3;padding:0 .2em}\n"
    "</style>\n</head>\n<body>\n";

static const char *const page_script =
    "<script>\n"
    "(function () {\n"
    "  function key(t) {\n"
    "    var s = t.trim().replace(/%$/, '');\n"
    "    if (s === '' || s === '-' || s === '\\u2014') return null;\n"
    "    var v = /^[-+]?(\\d+\\.?\\d*|\\.\\d+)(e[-+]?\\d+)?$/i.test(s.split(/[ (]/)[0]) ? parseFloat(s) : NaN;\n"
    "    return isNaN(v) ? s.toLowerCase() : v;\n"
    "  }\n"
    "  function cmp(a, b) {\n"
    "    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;\n"
    "    if (typeof a === typeof b) return a < b ? -1 : a > b ? 1 : 0;\n"
    "    return typeof a === 'number' ? -1 : 1;\n"
    "  }\n"
    "  document.querySelectorAll('table').forEach(function (t) {\n"
    "    var body = t.tBodies[0];\n"
    "    if (!body) return;\n"
    "    var f = document.createElement('input');\n"
    "    f.className = 'filter';\n"
    "    f.placeholder = 'filter rows (words in any cell)';\n"
    "    f.addEventListener('input', function () {\n"
    "      var w = f.value.toLowerCase().split(/\\s+/).filter(Boolean);\n"
    "      Array.prototype.forEach.call(body.rows, function (r) {\n"
    "        var x = r.textContent.toLowerCase();\n"
    "        r.style.display = w.every(function (q) { return x.indexOf(q) >= 0; }) ? '' : 'none';\n"
    "      });\n"
    "    });\n"
    "    t.parentNode.insertBefore(f, t);\n"
    "    Array.prototype.forEach.call(t.tHead.rows[0].cells, function (th, c) {\n"
    "      th.title = 'sort by this column';\n"
    "      th.addEventListener('click', function () {\n"
    "        var up = !th.classList.contains('asc');\n"
    "        Array.prototype.forEach.call(th.parentNode.cells, function (h) { h.classList.remove('asc', 'desc'); });\n"
    "        th.classList.add(up ? 'asc' : 'desc');\n"
    "        var rows = Array.prototype.slice.call(body.rows);\n"
    "        rows.sort(function (a, b) {\n"
    "          var r = cmp(key(a.cells[c] ? a.cells[c].textContent : ''), key(b.cells[c] ? b.cells[c].textContent : ''));\n"
    "          return up ? r : -r;\n"
    "        });\n"
    "        rows.forEach(function (r) { body.appendChild(r); });\n"
    "      });\n"
    "    });\n"
    "  });\n"
    "  window.addEventListener('load', function () {\n"
    "    var bad = Array.prototype.filter.call(document.images, function (i) { return !i.naturalWidth; });\n"
    "    document.body.setAttribute('data-missing-images', String(bad.length));\n"
    "    bad.forEach(function (i) { i.alt = 'missing: ' + i.getAttribute('src'); });\n"
    "  });\n"
    "})();\n"
    "</script>\n</body>\n</html>\n";

/* o with every id unique in it: a heading whose slug an earlier one took (two sections with
 * a table of the same format, say) gets "-2", "-3", ... (the first keeps the slug, so the
 * contents' links still lead to it). */
static void unique_ids(struct text *o) {
  if (!o->buf) return;
  struct text u = {0};
  const char **seen = NULL;
  size_t *len = NULL;
  int n = 0, cap = 0;
  const char *p = o->buf, *q;
  while ((q = strstr(p, " id=\"")) != NULL) {
    const char *id = q + 5, *end = strchr(id, '"');
    if (!end) break;
    size_t l = (size_t)(end - id);
    int k = 1;
    for (int i = 0; i < n; i++)
      if (len[i] == l && !strncmp(seen[i], id, l)) k++;
    tprintf(&u, "%.*s", (int)(end - p), p);
    if (k > 1) tprintf(&u, "-%d", k);
    p = end;
    if (n == cap) {
      cap = cap ? 2 * cap : 64;
      const char **ns = realloc(seen, (size_t)cap * sizeof *ns);
      size_t *nl = ns ? realloc(len, (size_t)cap * sizeof *nl) : NULL;
      if (ns) seen = ns;
      if (!ns || !nl) break;
      len = nl;
    }
    seen[n] = id, len[n++] = l;
  }
  tprintf(&u, "%s", p);
  free(seen), free(len);
  if (u.buf) free(o->buf), *o = u;
}

/* One page: the head, a line of links back, the body's Markdown, the script. */
static int write_page(const struct report *rp, const char *file, const char *title, const char *md, char *err,
                      size_t errlen) {
  struct text o = {0}, t = {0};
  esc(&t, title, strlen(title));
  tprintf(&o, page_head, t.buf);
  tprintf(&o, "<nav><a href=\"index.html\">All results</a><a href=\"index.html#functions\">Functions</a>"
              "<a href=\"../ACCURACY.md\">ACCURACY.md</a><a href=\"../accuracy.csv\">accuracy.csv</a>%s</nav>\n",
          rp->csv_search.len ? "<a href=\"../search.csv\">search.csv</a>" : "");
  md_html(&o, md);
  unique_ids(&o);
  tprintf(&o, "%s", page_script);
  char p[4300];
  snprintf(p, sizeof p, "%s/html/%s", rp->dir, file);
  int rc = atomic_write(p, write_text, &o, err, errlen);
  free(o.buf), free(t.buf);
  return rc;
}

int html_write(const struct report *rp, const char *intro, char *err, size_t errlen) {
  struct text md = {0};
  tprintf(&md, "# ulpcert: accuracy report\n\n%s\n", intro);
  tprintf(&md, "\nSections:\n\n");
  for (int s = 0; s < SEC_N; s++) { /* a contents list from the sections' headings */
    const char *t = rp->html_sec[s].len ? rp->html_sec[s].buf : rp->sec[s].buf;
    for (const char *h = t ? strstr(t, "\n## ") : NULL; h; h = strstr(h + 1, "\n## ")) {
      size_t n = strcspn(h + 4, "\n");
      struct text a = {0};
      slug(&a, h + 4, n);
      tprintf(&md, "- [%.*s](#%s)\n", (int)n, h + 4, a.buf ? a.buf : "");
      free(a.buf);
    }
  }
  for (int s = 0; s < SEC_N; s++) {
    const struct text *t = rp->html_sec[s].len ? &rp->html_sec[s] : &rp->sec[s];
    tprintf(&md, "%s", t->buf ? t->buf : "");
  }
  int rc = write_page(rp, "index.html", "ulpcert: accuracy report", md.buf, err, errlen);
  free(md.buf);
  for (int i = 0; !rc && i < rp->npage; i++) {
    char f[200];
    snprintf(f, sizeof f, "%s.html", rp->page[i]->name);
    rc = write_page(rp, f, rp->page[i]->title, rp->page[i]->md.buf, err, errlen);
  }
  return rc;
}
