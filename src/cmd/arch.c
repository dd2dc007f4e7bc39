/* arch.c: `ulpcert arch record` and `ulpcert arch compare`: what a GPU computes,
 * recorded without storing its outputs, and where another GPU differs. A record is one
 * JSON document to which every kind of the table that has arch entries adds its part
 * (struct kind's arch_record), in the table's order: the binary32 kind its variants'
 * statistics with per-bin output digests and moments, the two-argument and float-float
 * kinds theirs per bin of the swept operand, the 16-bit kind every output. Compare hands
 * each kind whose part the baseline holds the baseline (arch_compare); of several
 * baselines (a record made in parts), the one that holds its part (arch_bases.c); a part
 * the baselines lack (a record of an earlier version) is reported as not in the baseline.
 * Nothing here names a kind. */
#include <jansson.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "src/cmd/arch_bases.h"
#include "src/cmd/cmd.h"
#include "src/common.h"
#include "src/engine/kind.h"
#include "src/engine/options.h"
#include "src/engine/workers.h"
#include "src/jsonio/json_io.h"

static const char *kind_names(int which);

static void usage_arch(FILE *f) {
  fprintf(f,
          "usage: ulpcert arch record [--out FILE] [--reuse RECORD.json] [--kinds K,K..] [options of run]\n"
          "       ulpcert arch compare BASELINE.json [BASELINE.json..] [--allow-diff] [--allow-missing] [--kinds K,K..]\n"
          "                            [options of run]\n"
          "\n"
          "record: runs every variant of every kind the backend can run over all inputs (or\n"
          "--from/--to: of two-argument functions the swept operand, both ways, against the\n"
          "partners of `ulpcert run`; of float-float operations the high word of the first\n"
          "operand) and writes their results with per-bin output digests and moments, by default to\n"
          "build/arch/<sm>-<gpu>.json (build/arch/cpu.json for the CPU backend), gzip-compressed\n"
          "when FILE ends in .gz (every reader takes either).\n"
          "--reuse RECORD.json: evaluate the outputs only, and take the error statistics of\n"
          "each variant whose outputs match RECORD's in every bin from RECORD (the record\n"
          "says so per variant); the others are scanned in full. Minutes instead of the\n"
          "references' hours on a GPU that computes what a recorded one did.\n"
          "compare: runs the baseline's variants here over its range, first for their\n"
          "outputs' digests only (no references: fast), and prints, per variant, identical,\n"
          "or how many inputs differ (only those variants are then scanned in full), the\n"
          "first differing inputs with both outputs (bins of 2^20 inputs whose digest\n"
          "differs are evaluated again; one changed input in a bin is located exactly,\n"
          "several are reported as such), and how the\n"
          "error statistics moved. Exit status 1 when something differs, unless --allow-diff;\n"
          "also when the baseline lacks a kind this build records (it is named: the check is\n"
          "incomplete), unless --allow-missing or --kinds leaves it out. A baseline with no\n"
          "part this build compares is refused (exit status 5).\n"
          "Several baselines (a record made in parts, `arch record --kinds` one run per group of\n"
          "kinds): each kind is compared with the one that holds its part, over that file's\n"
          "range; two that hold the same kind are refused, naming it, and so are baselines of\n"
          "different backends, devices, drivers, toolkits or builds (exit status 2).\n"
          "--kinds K,K..: only these kinds (of: %s); a kind's former name is taken for\n"
          "the kind: h16arith for arith16, half for h16 (whose part the PTX half-precision\n"
          "forms are).\n"
          "--devices (default: all visible GPUs): the kinds that spread their work over them\n"
          "run in turn (%s), the others at once, one device each\n"
          "(%s).\n",
          kind_names(0), kind_names(1), kind_names(2));
}


/* The names of the kinds with arch records (which 0), of those that spread their work over
 * the devices (1), or of those that run on one (2), comma-separated. */
static const char *kind_names(int which) {
  static char bufs[3][256];
  char *buf = bufs[which];
  const size_t size = sizeof bufs[which];
  size_t off = 0;
  buf[0] = 0;
  for (int k = 0; kinds[k]; k++)
    if (kinds[k]->arch_record && (!which || (which == 1) == (kinds[k]->arch_spreads != 0)) && off < size)
      off += (size_t)snprintf(buf + off, size - off, "%s%s", off ? ", " : "", kinds[k]->name);
  return buf;
}

/* Is kind k asked for by --kinds (NULL: every kind), by its name or an alias? */
static int kind_wanted(const char *list, const struct kind *k) {
  if (!list) return 1;
  char buf[512];
  snprintf(buf, sizeof buf, "%s", list);
  for (char *save, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save))
    if (kind_named(t) == k) return 1;
  return 0;
}

/* --kinds: every name a kind with arch entries. 0 or EXIT_USAGE. */
static int check_kinds(const char *list) {
  char buf[512];
  snprintf(buf, sizeof buf, "%s", list);
  for (char *save, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    const struct kind *k = kind_named(t);
    const int found = k && k->arch_record;
    if (!found) {
      errorf("--kinds: '%s' is not a kind with arch records (%s)", t, kind_names(0));
      return EXIT_USAGE;
    }
  }
  return 0;
}

static void default_path(char *out, size_t n, const struct run_info *ri) {
  char name[300] = "cpu", safe[300];
  if (ri->gpu) snprintf(name, sizeof name, "sm%d%d-%s", ri->ginfo.cc_major, ri->ginfo.cc_minor, ri->ginfo.name);
  file_safe_name(safe, sizeof safe, name);
  snprintf(out, n, "build/arch/%s.json", safe);
}

/* The baseline (compare) or the record to reuse (record --reuse): read, of this version,
 * and its range taken (compare) or checked (reuse). 0 or an exit code. */
static int read_base(struct arch_ctx *a, int record, struct arch_base *out) {
  char err[1024];
  struct run_info bi;
  int rc = json_read_path(a->base_path, &a->base, err, sizeof err);
  if (!rc) rc = run_info_read(a->base, a->base_path, &bi, err, sizeof err);
  if (rc) {
    errorf("%s", err);
    return rc;
  }
  if (strcmp(bi.version, ULPCERT_VERSION)) {
    errorf("%s was recorded by ulpcert %s; this is %s: record the baseline again with this version", a->base_path,
           bi.version, ULPCERT_VERSION);
    return EXIT_CORRUPT;
  }
  struct scan_opts *o = &a->sc->o;
  if (out) {
    const char *f[6] = {bi.backend, bi.device, bi.cc, bi.driver, bi.toolkit, bi.build};
    for (int i = 0; i < 6; i++) snprintf(out->origin[i], sizeof out->origin[i], "%s", f[i]);
  }
  if (!record) o->from = bi.from, o->to = bi.to;
  else if (o->from != bi.from || o->to != bi.to) {
    errorf("--reuse: %s covers 0x%08x..0x%08x, this record 0x%08x..0x%08x", a->base_path, bi.from, bi.to, o->from,
           o->to);
    return EXIT_USAGE;
  }
  if (!record) {
    printf("compare with %s (%s%s%s) on %s\n", a->base_path, bi.device, bi.cc[0] ? ", compute capability " : "", bi.cc,
           a->ri->gpu ? a->ri->ginfo.name : "the CPU");
    if (bi.driver[0]) printf("  baseline driver %s, toolkit %s\n", bi.driver, bi.toolkit);
  }
  return 0;
}

/* Kind k's part of the record, and a line of what it took: "binary32: 231 variants in
 * 21.5 s on 4 GPUs", so that a log shows how a record's time splits between the kinds. */
static int record_kind(struct arch_ctx *a, const struct kind *k) {
  a->recorded = -1, a->gpus = a->ri->gpu ? 1 : 0;
  const double t0 = now_s();
  int rc = k->arch_record(a);
  const double s = now_s() - t0;
  a->kind_s = s;
  char on[32] = "the CPU";
  if (a->gpus) snprintf(on, sizeof on, "%d GPU%s", a->gpus, a->gpus == 1 ? "" : "s");
  if (!rc && a->recorded >= 0) printf("%s: %d variants in %.1f s on %s\n", k->name, a->recorded, s, on);
  else if (!rc && !a->ri->gpu) printf("%s: nothing recorded on the CPU\n", k->name); /* the GPU-only parts */
  else if (!rc) printf("%s: done in %.1f s on %s\n", k->name, s, on);
  fflush(stdout);
  return rc;
}

/* The kinds that run on one device (struct kind's arch_spreads 0), at once on a record of
 * several devices: worker d takes the next of them from a shared counter, in the table's
 * order, and records it on device d of --devices with its share of the host's threads,
 * into a part of its own; the parts join the record in the table's order afterwards, so
 * that the document is the same as one device's. */
struct at_once {
  struct arch_ctx *a;
  const struct kind *k[16];
  json_t *part[16];
  double s[16];
  int rc[16], n, next, nw, threads;
};

static int at_once_worker(void *p, int d) {
  struct at_once *w = p;
  struct scan_cli sc = *w->a->sc;
  sc.o.devices[0] = sc.o.devices[d], sc.o.ndevices = 1;
  sc.o.threads = workers_threads(w->threads, w->nw, d);
  for (;;) {
    const int i = __atomic_fetch_add(&w->next, 1, __ATOMIC_RELAXED);
    if (i >= w->n) return 0;
    struct arch_ctx a = *w->a;
    a.sc = &sc, a.record = json_object();
    w->rc[i] = record_kind(&a, w->k[i]);
    w->part[i] = a.record, w->s[i] = a.kind_s;
  }
}

int arch_record_parts(struct arch_ctx *a, const char *only) {
  struct at_once w = {.a = a};
  const int nd = a->ri->gpu && a->sc->o.ndevices > 1 ? a->sc->o.ndevices : 1;
  for (int k = 0; kinds[k]; k++)
    if (kinds[k]->arch_record && !kinds[k]->arch_spreads && kind_wanted(only, kinds[k]) && w.n < 16)
      w.k[w.n++] = kinds[k];
  w.nw = nd < w.n ? nd : w.n;
  if (w.nw > 1) {
    w.threads = a->sc->o.threads > 0 ? a->sc->o.threads : omp_get_max_threads();
    workers_run(w.nw, at_once_worker, &w);
  } else w.n = 0; /* one device: every kind in turn, in the table's order */
  int rc = 0, late = 0, j = 0;
  for (int k = 0; kinds[k] && !rc; k++) {
    if (!kinds[k]->arch_record || !kind_wanted(only, kinds[k])) continue;
    int r;
    for (j = 0; j < w.n && w.k[j] != kinds[k]; j++) {}
    if (j == w.n) r = record_kind(a, kinds[k]);
    else {
      r = w.rc[j], a->kind_s = w.s[j];
      if (w.part[j]) json_object_update(a->record, w.part[j]);
    }
    if (!r && a->seconds) json_object_set_new(a->seconds, kinds[k]->name, json_real(a->kind_s));
    if (r && !json_object_size(a->record)) rc = r;
    else if (r) late = late ? late : r;
  }
  for (j = 0; j < w.n; j++) json_decref(w.part[j]);
  return rc ? rc : late;
}

/* Every kind's part of the record, then the file. A kind that fails once others have
 * added theirs (a GPU-only part, say) leaves the record written and its exit status. */
static int record(struct arch_ctx *a, const char *out, const char *only) {
  a->record = json_object();
  const int r = arch_record_parts(a, only);
  int rc = r && !json_object_size(a->record) ? r : 0, late = rc ? 0 : r;
  if (!rc && !json_object_get(a->record, "tool")) {
    /* no kind made its part the document (binary32 left out by --kinds): the header of
     * a record of kind "arch", which compare reads and merge refuses */
    json_t *h = result_header_json(a->ri, "arch");
    result_range_json(h, a->ri);
    json_object_update(h, a->record);
    json_decref(a->record);
    a->record = h;
  }
  if (!rc) {
    char path[4200], err[1024];
    if (out) snprintf(path, sizeof path, "%s", out);
    else {
      default_path(path, sizeof path, a->ri);
      /* under build/ of the current folder, never over a repository's committed
       * records (reports/arch/ holds those: -o names one there) */
      mkdir("build", 0777);
      mkdir("build/arch", 0777);
    }
    rc = result_write_root(path, a->record, err, sizeof err);
    if (rc) errorf("%s", err);
    else printf("record written to %s\n", path);
  }
  json_decref(a->record);
  return rc ? rc : late;
}

/* Every kind's comparison with the baseline's part. A kind this build records that the
 * baseline lacks (a record of an earlier version, or one made with --kinds) is named, and
 * makes the comparison incomplete (a part that holds no variant is named too, but is no
 * gap: none of its variants ran where it was recorded): exit status 1 unless
 * allow_missing (--allow-missing) or --kinds leaves it out. A comparison that compared
 * nothing fails whatever the options: "identical" would be said of nothing. */
static int compare(struct arch_ctx *a, const struct arch_bases *bs, const char *only, int allow_missing) {
  int rc = arch_bases_check(bs, kind_wanted, only), compared = 0, missing = 0, i0 = 0, i1 = 0;
  char names[512] = "";
  for (int k = 0; kinds[k] && !rc; k++) {
    if (!kinds[k]->arch_compare || !kind_wanted(only, kinds[k])) continue;
    const int i = arch_bases_find(bs, kinds[k], &i0, &i1);
    if (i >= 0) { /* this kind's baseline, over the range it was recorded over */
      a->base = bs->b[i].doc, a->base_path = bs->b[i].path;
      a->sc->o.from = a->ri->from = bs->b[i].from, a->sc->o.to = a->ri->to = bs->b[i].to;
    }
    json_t *part = i >= 0 ? arch_part(a->base, kinds[k]) : NULL;
    if (!arch_part_holds(part)) {
      if (bs->n > 1)
        printf("%s variants: not in the baselines (no baseline has a '%s' part%s)\n", kinds[k]->title,
               kinds[k]->name, part ? " with a variant" : "");
      else
        printf("%s variants: not in the baseline (%s has no '%s' part%s)\n", kinds[k]->title, bs->b[0].path,
               kinds[k]->name, part ? " with a variant" : "");
      /* a part recorded with no variant (none runs on the recording backend), or one this
       * backend would not record either, is no gap */
      if (!part && !(kinds[k]->arch_gpu_only && !a->ri->gpu)) {
        size_t n = strlen(names);
        snprintf(names + n, sizeof names - n, "%s%s", missing++ ? ", " : "", kinds[k]->name);
      }
      continue;
    }
    compared++;
    if (bs->n > 1) printf("%s variants: baseline %s\n", kinds[k]->title, a->base_path);
    rc = kinds[k]->arch_compare(a);
  }
  if (rc) return rc;
  if (!compared) {
    errorf("%s: compared nothing: %s no variant of the kinds compared", bs->n > 1 ? "arch compare" : bs->b[0].path,
           bs->n > 1 ? "the baselines hold" : "the baseline holds");
    return EXIT_FAIL;
  }
  if (missing) {
    printf("incomplete: the baseline%s %d kind%s that this build records (%s)%s\n", bs->n > 1 ? "s lack" : " lacks",
           missing, missing > 1 ? "s" : "", names,
           allow_missing ? "; accepted (--allow-missing)" : "; --allow-missing accepts that, --kinds narrows it");
    if (!allow_missing) return EXIT_FAIL;
  }
  return 0;
}

struct arch_args {
  const char *out, *reuse, *kinds;
  int allow, allow_missing;
};

static int arch_extra(int c, const char *arg, void *p) {
  struct arch_args *a = p;
  if (c == 4001) a->out = arg;
  else if (c == 4002) a->allow = 1;
  else if (c == 4003) a->reuse = arg;
  else if (c == 4004) a->kinds = arg;
  else if (c == 4005) a->allow_missing = 1;
  else return EXIT_USAGE;
  return -1;
}

/* The command line: 'record' or 'compare', the options; -1 to go on or an exit code. */
static int parse(int argc, char **argv, struct scan_cli *sc, struct arch_args *aa, int *is_record, char ***pos,
                 int *npos) {
  if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
    usage_arch(argc < 2 ? stderr : stdout);
    return argc < 2 ? EXIT_USAGE : EXIT_OK;
  }
  *is_record = !strcmp(argv[1], "record");
  if (!*is_record && strcmp(argv[1], "compare")) {
    errorf("arch: 'record' or 'compare', not '%s'", argv[1]);
    return EXIT_USAGE;
  }
  static const struct option more[] = {{"out", required_argument, 0, 4001}, {"allow-diff", no_argument, 0, 4002},
                                       {"reuse", required_argument, 0, 4003}, {"kinds", required_argument, 0, 4004},
                                       {"allow-missing", no_argument, 0, 4005}, {0, 0, 0, 0}};
  int rc = parse_scan_options(argc - 1, argv + 1, sc, arch_extra, aa, more, usage_arch);
  if (rc >= 0) return rc;
  *npos = argc - 1 - optind;
  *pos = argv + 1 + optind;
  if (*is_record ? *npos != 0 : *npos < 1 || *npos > ARCH_BASES_MAX) {
    if (*is_record) errorf("arch record takes no file (use --out)");
    else errorf("arch compare takes one baseline file or several (at most %d)", ARCH_BASES_MAX);
    return EXIT_USAGE;
  }
  if (*is_record && aa->out && output_check(aa->out)) return EXIT_IO;
  if (!*is_record && aa->reuse) {
    errorf("--reuse is an option of arch record");
    return EXIT_USAGE;
  }
  if (*is_record && (aa->allow || aa->allow_missing)) {
    errorf("%s is an option of arch compare", aa->allow ? "--allow-diff" : "--allow-missing");
    return EXIT_USAGE;
  }
  if (aa->kinds && check_kinds(aa->kinds)) return EXIT_USAGE;
  return -1;
}

int cmd_arch(int argc, char **argv) {
  struct scan_cli sc;
  struct arch_args aa = {NULL, NULL, NULL, 0, 0};
  struct run_info ri;
  int is_record, npos;
  char **pos;
  int rc = parse(argc, argv, &sc, &aa, &is_record, &pos, &npos);
  if (rc >= 0) return rc;
  struct arch_ctx a = {&sc, &ri, is_record ? aa.reuse : pos[0], NULL, NULL, 0, 0, 0, NULL, 0};
  run_info_init(&ri, 0, NULL);
  snprintf(ri.command, sizeof ri.command, "%s", g_command_line);
  if ((rc = choose_backend(&sc, &ri)) >= 0) return rc;
  rc = 0;
  struct arch_bases bs = {0};
  if (is_record && a.base_path) rc = read_base(&a, 1, NULL);
  for (int i = 0; !is_record && !rc && i < npos; i++) { /* each baseline, with the range it covers */
    struct arch_base *b = &bs.b[bs.n++];
    a.base_path = pos[i], a.base = NULL;
    rc = read_base(&a, 0, b);
    b->path = pos[i], b->doc = a.base, b->from = sc.o.from, b->to = sc.o.to;
  }
  if (!rc && !is_record) rc = arch_bases_same_origin(&bs);
  ri.from = sc.o.from, ri.to = sc.o.to;
  if (!rc && is_record) rc = record(&a, aa.out, aa.kinds);
  if (!rc && !is_record) rc = compare(&a, &bs, aa.kinds, aa.allow_missing);
  if (!rc && !is_record && a.differ && !aa.allow) rc = EXIT_FAIL;
  if (is_record) json_decref(a.base);
  for (int i = 0; i < bs.n; i++) json_decref(bs.b[i].doc);
  return rc;
}
