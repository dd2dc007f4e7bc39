/* file.h: the search kind's result files (write, read, merge) and its printed table. */
#ifndef ULPCERT_SEARCH_FILE_H
#define ULPCERT_SEARCH_FILE_H

#include <stdio.h>

#include "src/kinds/search/result.h"

struct json_t;
int sr_write(const char *path, const struct kind_result *r, char *err, size_t errlen);
int sr_read(struct json_t *root, const char *path, struct kind_result **out, char *err, size_t errlen);
int sr_same(const struct kind_result *a, const struct kind_result *b, const char *pa, const char *pb, char *err,
            size_t errlen);
void sr_merge(struct kind_result *a, const struct kind_result *b);
void sr_print(FILE *f, const struct kind_result *r);

#endif
