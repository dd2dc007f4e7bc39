/* merge.c: `ulpcert merge`: results of disjoint ranges (shards, or an interrupted run and
 * its resumption) into the result of one run over their union, for every kind (the
 * driver checks and tiles, the kind merges its statistics exactly). */
#include <stdio.h>

#include "src/cmd/cmd.h"
#include "src/common.h"
#include "src/engine/driver.h"

static void usage_merge(FILE *f) {
  fprintf(f,
          "usage: ulpcert merge A.json B.json... [--json OUT] [--quiet]\n"
          "\n"
          "Combines results of disjoint ranges (shards from `run --shard K/N`, or any runs\n"
          "of the same variants) into the result of one run over their union: the same\n"
          "numbers, the same argmax with the same tie rule, the same histograms and bins.\n"
          "Refuses files that overlap, leave a gap, come from another ulpcert version or\n"
          "hold other variants, and says which. Float-float results (run ff|eft|dw|sum2)\n"
          "merge the same way and must also share the partner count and the seed; results\n"
          "of different kinds do not mix. Inputs may be gzip-compressed; OUT is when\n"
          "it ends in .gz.\n");
}

int cmd_merge(int argc, char **argv) {
  static const struct option opts[] = {{"json", required_argument, 0, 'j'},
                                       {"quiet", no_argument, 0, 'q'},
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  const char *out = NULL;
  int c;
  optind = 1;
  opterr = 0;
  while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
    if (c == 'h') {
      usage_merge(stdout);
      return EXIT_OK;
    }
    if (c == 'j') out = optarg;
    else if (c == 'q') g_quiet = 1;
    else return option_error(c, argv);
  }
  if (out && output_check(out)) return EXIT_IO;
  if (argc - optind < 1) {
    errorf("merge needs at least one result file");
    return EXIT_USAGE;
  }
  return drive_merge(argc - optind, argv + optind, out);
}
