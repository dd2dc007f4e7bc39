/* cmd.h: the commands, one file each in src/cmd/. Each parses its own options and answers
 * --help. */
#ifndef ULPCERT_CMD_H
#define ULPCERT_CMD_H

int cmd_list(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_certify(int argc, char **argv);
int cmd_arch(int argc, char **argv);
int cmd_selftest(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_refcheck(int argc, char **argv);

#endif
