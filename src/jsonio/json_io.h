/* json_io.h: JSON documents on disk. */
#ifndef ULPCERT_JSON_IO_H
#define ULPCERT_JSON_IO_H

#include <stddef.h>
#include <stdio.h>

struct json_t;

/* Write data atomically: temporary file in the same folder, fsync, rename.
 * writer(FILE*, arg) returns 0 on success. 0 or EXIT_IO with a message. */
int atomic_write(const char *path, int (*writer)(FILE *, void *), void *arg, char *err, size_t errlen);

/* Load a JSON document that may be gzip-compressed: told by its first bytes (1f 8b), not
 * by its name, so a renamed file still reads. 0, EXIT_IO or EXIT_CORRUPT (bad JSON, bad or
 * truncated gzip) with a message naming path. */
/* The most text a result may hold, plain or decompressed: the largest record of the
 * project (an H100 arch record) is 118 MB of JSON; a file past this is refused
 * (EXIT_CORRUPT) before it exhausts the memory (a gzip bomb). */
#define JSON_MAX_TEXT ((size_t)1 << 30)
#define JSON_MAX_TEXT_WORDS "1 GiB"

int json_read_path(const char *path, struct json_t **root, char *err, size_t errlen);
int json_read_stream(FILE *f, const char *path, struct json_t **root, char *err, size_t errlen);

/* Write a JSON document (indented, binary64 reals to 17 digits) to path atomically;
 * gzip-compressed when path ends in ".gz". */
int result_write_root(const char *path, struct json_t *root, char *err, size_t errlen);

#endif
