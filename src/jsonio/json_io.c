/* json_io.c: reading and writing JSON documents: plain or gzip-compressed (told by
 * content when reading, by a ".gz" name when writing), written atomically. */
#include "src/jsonio/json_io.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "src/common.h"

/* Where writing path lands: path itself, or the file a symbolic link names (a link is
 * written through, never replaced). NULL with err when path is not a file ulpcert may
 * replace: a device, a FIFO, a folder, a link to nothing. */
static const char *write_target(const char *path, char *real, size_t n, char *err, size_t errlen) {
  struct stat st;
  const char *dst = path;
  if (lstat(path, &st)) return path; /* a new file */
  if (S_ISLNK(st.st_mode)) {
    char *r = realpath(path, NULL);
    if (!r || strlen(r) >= n) {
      snprintf(err, errlen, "cannot write %s: a symbolic link to nothing writable (%s)", path,
               r ? "too long" : strerror(errno));
      free(r);
      return NULL;
    }
    snprintf(real, n, "%s", r);
    free(r);
    dst = real;
    if (stat(dst, &st)) return dst;
  }
  if (!S_ISREG(st.st_mode)) {
    snprintf(err, errlen, "cannot write %s: not a regular file (a device, FIFO or folder is never replaced)", path);
    return NULL;
  }
  return dst;
}

int atomic_write(const char *path, int (*writer)(FILE *, void *), void *arg, char *err, size_t errlen) {
  char tmp[8400], real[4096];
  path = write_target(path, real, sizeof real, err, errlen);
  if (!path) return EXIT_IO;
  snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
  FILE *f = fopen(tmp, "w");
  if (!f) {
    snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
    return EXIT_IO;
  }
  int bad = writer(f, arg) != 0;
  bad |= fflush(f) != 0;
  int e = errno;
  bad |= fsync(fileno(f)) != 0;
  if (!bad) e = errno;
  bad |= fclose(f) != 0;
  if (bad || rename(tmp, path)) {
    snprintf(err, errlen, "cannot write %s: %s", path, strerror(bad ? (e ? e : EIO) : errno));
    unlink(tmp);
    return EXIT_IO;
  }
  return 0;
}

/* JSON_MAX_TEXT, or less: $ULPCERT_MAX_JSON_MB (tests give a small one) */
static size_t max_text(void) {
  const char *e = getenv("ULPCERT_MAX_JSON_MB");
  char *end;
  unsigned long mb = e && *e ? strtoul(e, &end, 10) : 0;
  return e && *e && !*end && mb > 0 && ((size_t)mb << 20) < JSON_MAX_TEXT ? (size_t)mb << 20 : JSON_MAX_TEXT;
}
static const char *max_words(void) {
  static char w[32];
  snprintf(w, sizeof w, "%zu MiB", max_text() >> 20);
  return w;
}

/* Decompress the gzip members in raw[0..n) into a new buffer *out. Members concatenate
 * (as with gzip -d); a member cut short, or anything but a member after one, is corrupt. */
static int gunzip(const unsigned char *raw, size_t n, char **out, size_t *outlen, const char *path, char *err,
                  size_t errlen) {
  z_stream z;
  memset(&z, 0, sizeof z);
  size_t cap = 8 * n + 4096, len = 0; /* JSON packs about 6:1 */
  if (cap > max_text()) cap = max_text();
  char *buf = malloc(cap);
  const char *why = NULL;
  int bomb = 0;
  if (!buf || inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) { /* 16: gzip wrapper */
    free(buf);
    snprintf(err, errlen, "%s: out of memory", path);
    return EXIT_IO;
  }
  z.next_in = (unsigned char *)raw;
  for (;;) {
    if (len == cap && cap >= max_text()) {
      bomb = 1, why = "bomb";
      break;
    }
    if (len == cap) {
      const size_t nc = 2 * cap < max_text() ? 2 * cap : max_text();
      char *nb = realloc(buf, nc);
      if (!nb) {
        why = "out of memory";
        break;
      }
      buf = nb, cap = nc;
    }
    /* the counts are 32-bit: at most 1 GiB in and out per call */
    size_t in_left = n - (size_t)(z.next_in - raw), room = cap - len;
    z.avail_in = in_left < (1u << 30) ? (unsigned)in_left : 1u << 30;
    z.avail_out = room < (1u << 30) ? (unsigned)room : 1u << 30;
    z.next_out = (unsigned char *)buf + len;
    unsigned before = z.avail_out;
    int zr = inflate(&z, Z_NO_FLUSH);
    len += before - z.avail_out;
    in_left = n - (size_t)(z.next_in - raw);
    if (zr == Z_STREAM_END) {
      if (in_left == 0) break;
      if (in_left < 2 || z.next_in[0] != 0x1f || z.next_in[1] != 0x8b) {
        why = "data after the gzip stream";
        break;
      }
      inflateReset(&z);
    } else if (zr == Z_BUF_ERROR && z.avail_out) { /* input used up in the middle of a member */
      why = "unexpected end of file";
      break;
    } else if (zr != Z_OK && zr != Z_BUF_ERROR) { /* Z_BUF_ERROR with no room: grow and go on */
      why = zr == Z_MEM_ERROR ? "out of memory" : z.msg ? z.msg : "bad data";
      break;
    }
  }
  inflateEnd(&z);
  if (why) {
    free(buf);
    int oom = !strcmp(why, "out of memory");
    if (bomb) {
      snprintf(err, errlen, "%s: decompresses to more than %s (no result is that large: a gzip bomb?): refused", path,
               max_words());
      return EXIT_CORRUPT;
    }
    snprintf(err, errlen, oom ? "%s: out of memory" : "%s: not valid gzip (%s); truncated or corrupt?", path, why);
    return oom ? EXIT_IO : EXIT_CORRUPT;
  }
  *out = buf, *outlen = len;
  return 0;
}

int json_read_stream(FILE *f, const char *path, struct json_t **root, char *err, size_t errlen) {
  *root = NULL;
  size_t cap = 1 << 16, n = 0, k;
  unsigned char *raw = malloc(cap);
  while (raw && (k = fread(raw + n, 1, cap - n, f)) > 0)
    if ((n += k) == cap) {
      if (cap >= max_text()) {
        snprintf(err, errlen, "%s: larger than %s (no result is that large): refused", path, max_words());
        free(raw);
        return EXIT_CORRUPT;
      }
      unsigned char *nb = realloc(raw, 2 * cap);
      if (!nb) free(raw);
      raw = nb, cap *= 2;
    }
  if (!raw || ferror(f)) {
    snprintf(err, errlen, "cannot read %s: %s", path, raw ? strerror(errno) : "out of memory");
    free(raw);
    return EXIT_IO;
  }
  char *text = (char *)raw;
  size_t len = n;
  if (n >= 2 && raw[0] == 0x1f && raw[1] == 0x8b) { /* gzip, whatever the name */
    int rc = gunzip(raw, n, &text, &len, path, err, errlen);
    free(raw);
    if (rc) return rc;
  }
  json_error_t je;
  *root = json_loadb(text, len, 0, &je);
  free(text);
  if (!*root) {
    snprintf(err, errlen, "%s: not valid JSON (line %d: %s); truncated or corrupt?", path, je.line, je.text);
    return EXIT_CORRUPT;
  }
  return 0;
}

int json_read_path(const char *path, struct json_t **root, char *err, size_t errlen) {
  *root = NULL;
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
    return EXIT_IO;
  }
  int rc = json_read_stream(f, path, root, err, errlen);
  fclose(f);
  return rc;
}

#define DUMP_FLAGS (JSON_INDENT(1) | JSON_REAL_PRECISION(17))
static int dump(FILE *f, void *arg) {
  if (json_dumpf((json_t *)arg, f, DUMP_FLAGS)) return -1;
  return fputc('\n', f) == EOF ? -1 : 0;
}

static int gz_put(const char *buf, size_t n, void *g) {
  return n == 0 || gzwrite((gzFile)g, buf, (unsigned)n) == (int)n ? 0 : -1; /* jansson's pieces are small */
}

/* gzip through a second descriptor of the temporary file, so that atomic_write's fsync
 * and rename still apply; gzclose writes the last block and the trailer, so its status
 * counts like the writes'. Level 6, zlib's default: on the 118 MB of an H100 record's
 * binary32 part 1.3 s and 20.3 MB, where level 9 took 4.5 s for 20.2 MB. */
static int dump_gz(FILE *f, void *arg) {
  int fd = dup(fileno(f));
  gzFile g = fd >= 0 ? gzdopen(fd, "wb6") : NULL;
  if (!g) {
    if (fd >= 0) close(fd);
    return -1;
  }
  int bad = json_dump_callback((json_t *)arg, gz_put, g, DUMP_FLAGS) != 0;
  bad |= gzputc(g, '\n') != '\n';
  bad |= gzclose(g) != Z_OK;
  return bad ? -1 : 0;
}

int result_write_root(const char *path, struct json_t *root, char *err, size_t errlen) {
  size_t n = strlen(path);
  int gz = n >= 3 && !strcmp(path + n - 3, ".gz");
  return atomic_write(path, gz ? dump_gz : dump, root, err, errlen);
}

