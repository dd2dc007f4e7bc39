/* main.c: the command line: ulpcert COMMAND [OPTIONS]; each command is a file of
 * src/cmd/. */
#include <gmp.h>
#include <mpfr.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "src/catalogue/registry.h"
#include "src/cmd/cmd.h"
#include "src/common.h"
#include "src/engine/device.h"
#include "src/engine/options.h"
#include "src/engine/par.h"
#include "src/user/worker.h"

static void usage_main(FILE *f) {
  fprintf(f,
          "usage: ulpcert COMMAND [OPTIONS]\n"
          "\n"
          "Exhaustive verification of approximate math against correctly rounded references\n"
          "(MPFR, Arb): binary32 functions of one and two arguments, float-float arithmetic,\n"
          "16-bit functions and arithmetic, conversions to narrow formats; on the GPU (CUDA)\n"
          "or the CPU.\n"
          "\n"
          "commands:\n"
          "  list            the variants, their family, backends, reference and claimed bounds\n"
          "  run NAME...     evaluate variants or families over a range of inputs and reduce the errors\n"
          "  bench           per-stage timings, speed-up over the naive pass, scaling\n"
          "  refcheck NAME   compare a reference's proved shortcuts with MPFR over a range\n"
          "  merge FILE...   combine results of disjoint ranges (shards) into one\n"
          "  selftest        mutants with planted defects through the real engine\n"
          "  report FILE...  accuracy tables (Markdown, CSV) and gnuplot plots from results\n"
          "  certify FILE... check (and --update) 'maxulperr = X' claims in source comments\n"
          "  arch record     record what this GPU computes (digests, error statistics)\n"
          "  arch compare F  compare this GPU with a record: identical, or where it differs\n"
          "\n"
          "  ulpcert COMMAND --help    options of a command\n"
          "  ulpcert --version         version, toolkit and GPU architectures in this binary\n"
          "\n"
          "exit codes: 0 ok, 1 verification failed, 2 usage, 3 no GPU or CUDA error,\n"
          "            4 I/O error, 5 corrupt file, 6 missing dependency,\n"
          "            7 certify checked nothing (every claim SKIPPED),\n"
          "            8 a user's function crashed, trapped, exited, hung or changed the FP state,\n"
          "            130 interrupted\n");
}

static const struct {
  const char *name;
  int (*fn)(int, char **);
} commands[] = {
    {"list", cmd_list},       {"run", cmd_run},         {"bench", cmd_bench},   {"refcheck", cmd_refcheck},
    {"merge", cmd_merge},     {"selftest", cmd_selftest}, {"report", cmd_report}, {"certify", cmd_certify},
    {"arch", cmd_arch},
};

static int real_main(int argc, char **argv) {
  /* the command line as typed (getopt_long permutes argv), the program named `ulpcert`
   * wherever it was run from, so that no machine's path is recorded */
  size_t off = 0;
  for (int i = 0; i < argc && off < sizeof g_command_line - 1; i++)
    off += (size_t)snprintf(g_command_line + off, sizeof g_command_line - off, "%s%s", i ? " " : "",
                            i ? argv[i] : "ulpcert");
  /* a file-size limit must surface as a write error (EFBIG), not kill the process */
  signal(SIGXFSZ, SIG_IGN);
  char cat_err[512];
  if (registry_init(cat_err, sizeof cat_err)) {
    errorf("internal: the catalogue is inconsistent: %s", cat_err);
    return EXIT_USAGE;
  }
  if (argc < 2) {
    usage_main(stderr);
    return EXIT_USAGE;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
    usage_main(stdout);
    return EXIT_OK;
  }
  if (!strcmp(cmd, "--version")) {
    printf("ulpcert %s\n%s\nMPFR %s, GMP %s\n", ULPCERT_VERSION, gpu_build_info(), mpfr_get_version(), gmp_version);
    return EXIT_OK;
  }
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (!strcmp(cmd, commands[i].name)) return commands[i].fn(argc - 1, argv + 1);
  errorf("unknown command '%s' (see 'ulpcert --help')", cmd);
  return EXIT_USAGE;
}

int main(int argc, char **argv) {
  /* a process that runs a user's functions (src/user/worker.h), before anything else */
  if (argc > 1 && !strcmp(argv[1], USER_WORKER_ARG)) return user_worker_main(argc, argv);
  par_init(&argc, &argv);
  head_set_build(gpu_build_info());
  int rc = real_main(argc, argv);
  par_finalize();
  return rc;
}
