/* list.c: `ulpcert list`: the catalogue, every kind's part. */
#include <stdio.h>
#include <string.h>

#include "src/cmd/cmd.h"
#include "src/common.h"
#include "src/engine/kind.h"

int cmd_list(int argc, char **argv) {
  static const struct option opts[] = {{"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
    if (c == 'h') {
      printf("usage: ulpcert list\n\nLists every variant: name, family, backends, reference, claimed bounds\n"
             "(max ulp, max relative error, max absolute error over a range of x), the kind of\n"
             "claim (measured, documented, proved) and its source, and the documented bounds that\n"
             "hold on part of the inputs or grow with |x| (README, Definitions: bound clauses).\nA family name selects all of its variants in `ulpcert run`.\n");
      return EXIT_OK;
    }
    return EXIT_USAGE;
  }
  if (optind < argc) {
    errorf("list takes no arguments (got '%s')", argv[optind]);
    return EXIT_USAGE;
  }
  for (int k = 0; kinds[k]; k++) kinds[k]->list(stdout);
  return EXIT_OK;
}
