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

struct arch_ctx;
/* Every kind's part of an arch record into a->record (an empty object), the kinds of
 * `only` (comma-separated names; NULL: all), each announced in a line of what it took; on
 * several devices the kinds that run on one device run at once, one device each (arch.c).
 * 0, or the exit status of the first kind that failed. */
int arch_record_parts(struct arch_ctx *a, const char *only);

#endif
