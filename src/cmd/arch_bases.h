/* arch_bases.h: the baselines of `ulpcert arch compare`. A record of every kind can be
 * made in parts (`arch record --kinds`, one run per group of kinds, within a machine's
 * time limit); compare takes the parts together: each kind is compared with the one file
 * that holds its part, with that file's range. */
#ifndef ULPCERT_ARCH_BASES_H
#define ULPCERT_ARCH_BASES_H

#include <stdint.h>

struct json_t;
struct kind;

#define ARCH_BASES_MAX 16

struct arch_base {
  const char *path;
  struct json_t *doc;
  uint32_t from, to; /* the range it was recorded over */
  /* where and how: the header's backend, device, compute capability, driver, toolkit and
   * the build's architectures */
  char origin[6][256];
};

struct arch_bases {
  int n;
  struct arch_base b[ARCH_BASES_MAX];
};

/* Does this part (arch_part of a baseline, or NULL) hold a variant? A part recorded with
 * none (a GPU-only kind recorded on the CPU) is no part to compare with. */
int arch_part_holds(struct json_t *part);

/* The baseline that holds kind k's part: the one whose part holds a variant, else the
 * first that holds an empty part; -1 when none holds one, -2 when two hold one with
 * variants (*second the other's index, the first's returned through *first). */
int arch_bases_find(const struct arch_bases *bs, const struct kind *k, int *first, int *second);

/* Baselines from one machine, driver, toolkit and build (the parts of one record): 0, or
 * EXIT_USAGE with a message naming the field and two files that differ in it. */
int arch_bases_same_origin(const struct arch_bases *bs);

/* Every kind of the list (comma-separated names; NULL: every kind with arch entries) held
 * by at most one baseline with variants: 0, or EXIT_USAGE with a message naming the kind
 * and the two files. */
int arch_bases_check(const struct arch_bases *bs, int (*wanted)(const char *list, const struct kind *k),
                     const char *list);

#endif
