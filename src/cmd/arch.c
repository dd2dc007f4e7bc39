/* arch.c: `ulpcert arch record` and `ulpcert arch compare`: what a GPU computes,
 * recorded without storing its outputs, and where another GPU differs. A record is one
 * JSON document to which every kind adds its part (struct kind's arch entries): the
 * binary32 kind its variants' statistics with per-bin output digests and moments, the
 * 16-bit kind every output. Compare hands each kind the baseline. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "src/cmd/cmd.h"
#include "src/common.h"
#include "src/engine/kind.h"
#include "src/formats/json_io.h"

static void usage_arch(FILE *f) {
  fprintf(f,
          "usage: ulpcert arch record [--out FILE] [--reuse RECORD.json] [options of run]\n"
          "       ulpcert arch compare BASELINE.json [--allow-diff] [options of run]\n"
          "\n"
          "record: runs every variant the backend can run over all inputs (or --from/--to)\n"
          "and writes their results with per-bin output digests and moments, by default to\n"
          "reports/arch/<sm>-<gpu>.json (reports/arch/cpu.json for the CPU backend), gzip-compressed\n"
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
          "error statistics moved. Exit status 1 when something differs, unless --allow-diff.\n");
}


static void default_path(char *out, size_t n, const struct run_info *ri) {
  char name[300] = "cpu", safe[300];
  if (ri->gpu) snprintf(name, sizeof name, "sm%d%d-%s", ri->ginfo.cc_major, ri->ginfo.cc_minor, ri->ginfo.name);
  file_safe_name(safe, sizeof safe, name);
  snprintf(out, n, "reports/arch/%s.json", safe);
}

/* The baseline (compare) or the record to reuse (record --reuse): read, of this version,
 * and its range taken (compare) or checked (reuse). 0 or an exit code. */
static int read_base(struct arch_ctx *a, int record) {
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

/* Every kind's part of the record, then the file. A kind that fails once others have
 * added theirs (a GPU-only part, say) leaves the record written and its exit status. */
static int record(struct arch_ctx *a, const char *out) {
  int rc = 0, late = 0;
  a->record = json_object();
  for (int k = 0; kinds[k] && !rc; k++) {
    if (!kinds[k]->arch_record) continue;
    int r = kinds[k]->arch_record(a);
    if (r && !json_object_size(a->record)) rc = r;
    else if (r) late = late ? late : r;
  }
  if (!rc) {
    char path[4200], err[1024];
    if (out) snprintf(path, sizeof path, "%s", out);
    else {
      default_path(path, sizeof path, a->ri);
      mkdir("reports", 0777);
      mkdir("reports/arch", 0777);
    }
    rc = result_write_root(path, a->record, err, sizeof err);
    if (rc) errorf("%s", err);
    else printf("record written to %s\n", path);
  }
  json_decref(a->record);
  return rc ? rc : late;
}

struct arch_args {
  const char *out, *reuse;
  int allow;
};

static int arch_extra(int c, const char *arg, void *p) {
  struct arch_args *a = p;
  if (c == 4001) a->out = arg;
  else if (c == 4002) a->allow = 1;
  else if (c == 4003) a->reuse = arg;
  else return EXIT_USAGE;
  return -1;
}

/* The command line: 'record' or 'compare', the options; -1 to go on or an exit code. */
static int parse(int argc, char **argv, struct scan_cli *sc, struct arch_args *aa, int *is_record, char ***pos) {
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
                                       {"reuse", required_argument, 0, 4003}, {0, 0, 0, 0}};
  int rc = parse_scan_options(argc - 1, argv + 1, sc, arch_extra, aa, more, usage_arch);
  if (rc >= 0) return rc;
  int npos = argc - 1 - optind;
  *pos = argv + 1 + optind;
  if (*is_record ? npos != 0 : npos != 1) {
    errorf(*is_record ? "arch record takes no file (use --out)" : "arch compare takes one baseline file");
    return EXIT_USAGE;
  }
  if (*is_record && aa->out && output_check(aa->out)) return EXIT_IO;
  if (!*is_record && aa->reuse) {
    errorf("--reuse is an option of arch record");
    return EXIT_USAGE;
  }
  return -1;
}

int cmd_arch(int argc, char **argv) {
  struct scan_cli sc;
  struct arch_args aa = {NULL, NULL, 0};
  struct run_info ri;
  int is_record;
  char **pos;
  int rc = parse(argc, argv, &sc, &aa, &is_record, &pos);
  if (rc >= 0) return rc;
  struct arch_ctx a = {&sc, &ri, is_record ? aa.reuse : pos[0], NULL, NULL, 0};
  run_info_init(&ri, 0, NULL);
  snprintf(ri.command, sizeof ri.command, "%s", g_command_line);
  if ((rc = choose_backend(&sc, &ri)) >= 0) return rc;
  rc = 0;
  if (a.base_path) rc = read_base(&a, is_record);
  ri.from = sc.o.from, ri.to = sc.o.to;
  if (!rc && is_record) rc = record(&a, aa.out);
  for (int k = 0; kinds[k] && !rc && !is_record; k++)
    if (kinds[k]->arch_compare) rc = kinds[k]->arch_compare(&a);
  if (!rc && !is_record && a.differ && !aa.allow) rc = EXIT_FAIL;
  json_decref(a.base);
  return rc;
}
