/* refcache.c: see refcache.h. */
#include "reference/refcache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "reference/bits.h"
#include "reference/diag.h"
#include "reference/version.h"

#define MAGIC "ULPCREF\0"
#define CACHE_FORMAT 2u /* 2: the writer's version in the header */

struct header {
  char magic[8];
  uint32_t format;
  uint32_t lo, hi;
  uint32_t pad;
  char ref[32];
  char mpfr[32];
  char writer[32]; /* "ulpcert VERSION" that wrote it: another version's cache is rebuilt */
  uint64_t checksum;
};

const char *refcache_default_dir(void) {
  static char buf[4096];
  const char *e = getenv("ULPCERT_CACHE");
  if (e && *e) return e;
  e = getenv("XDG_CACHE_HOME");
  if (e && *e) { snprintf(buf, sizeof buf, "%s/ulpcert", e); return buf; }
  e = getenv("HOME");
  if (e && *e) { snprintf(buf, sizeof buf, "%s/.cache/ulpcert", e); return buf; }
  return NULL;
}

/* Blockwise multiply-xor hash, blocks combined by an order-aware sum so that the
 * blocks can be hashed in parallel. */
uint64_t refcache_checksum(const double *y, const int8_t *t, uint32_t n) {
  const uint32_t B = 1u << 20;
  uint32_t nb = (n + B - 1) / B;
  uint64_t total = 0;
#pragma omp parallel for schedule(static) reduction(+ : total)
  for (uint32_t b = 0; b < nb; b++) {
    uint32_t i0 = b * B, i1 = i0 + B < n ? i0 + B : n;
    uint64_t h = 0x9e3779b97f4a7c15ull ^ b;
    for (uint32_t i = i0; i < i1; i++) {
      h = (h ^ d2u(y[i])) * 0x100000001b3ull;
      h = (h ^ (uint8_t)t[i]) * 0xff51afd7ed558ccdull;
    }
    total += mix64(h + (uint64_t)b * 0x632be59bd9b4e019ull);
  }
  return total ^ n;
}

static void fill_header(struct header *h, const struct refcache *c) {
  memset(h, 0, sizeof *h);
  memcpy(h->magic, MAGIC, 8);
  h->format = CACHE_FORMAT;
  h->lo = c->lo;
  h->hi = c->hi;
  snprintf(h->ref, sizeof h->ref, "%s", c->ref->name);
  snprintf(h->mpfr, sizeof h->mpfr, "%s", mpfr_get_version());
  snprintf(h->writer, sizeof h->writer, "ulpcert %s", ULPCERT_VERSION);
}

/* All n bytes read (wr = 0) or written (wr = 1), in pieces of at most 2^30 bytes (one
 * read or write moves less than 2^31 on Linux); 0, or -1 on an error or an early end. */
static int io_full(int fd, void *buf, size_t n, int wr) {
  char *p = buf;
  while (n) {
    size_t m = n > (1u << 30) ? (1u << 30) : n;
    ssize_t k = wr ? write(fd, p, m) : read(fd, p, m);
    if (k <= 0) return -1;
    p += k;
    n -= (size_t)k;
  }
  return 0;
}
static int read_full(int fd, void *buf, size_t n) { return io_full(fd, buf, n, 0); }
static int write_full(int fd, const void *buf, size_t n) { return io_full(fd, (void *)buf, n, 1); }

/* Load the cache of c; -1 (with a notice saying why, and whether this run rebuilds it:
 * build) where it is missing, unreadable, of another reference, range, MPFR or version,
 * truncated or corrupt. */
static int try_load(struct refcache *c, int build) {
  const char *then = build ? "rebuilding" : "not used (a run over all of its inputs rebuilds it)";
  /* O_NONBLOCK: a FIFO (or a device) in the cache folder must not block the run in open() */
  int fd = open(c->path, O_RDONLY | O_NONBLOCK);
  if (fd < 0) {
    if (errno != ENOENT) noticef("reference cache %s unreadable (%s): %s", c->path, strerror(errno), then);
    return -1;
  }
  uint32_t n = c->hi - c->lo;
  struct header want, got;
  fill_header(&want, c);
  struct stat st;
  const char *why = NULL;
  if (fstat(fd, &st) || !S_ISREG(st.st_mode)) why = "not a regular file";
  else if (fcntl(fd, F_SETFL, 0)) why = "unreadable";
  else if (st.st_size < (off_t)sizeof got) why = "shorter than its header (truncated?)";
  else if (read_full(fd, &got, sizeof got)) why = "unreadable header";
  else if (memcmp(got.magic, want.magic, 8) || got.format != want.format) why = "not a cache of this format";
  else if (strncmp(got.ref, want.ref, sizeof got.ref) || got.lo != want.lo || got.hi != want.hi)
    why = "another function or range";
  else if (strncmp(got.mpfr, want.mpfr, sizeof got.mpfr)) why = "made with another MPFR version";
  else if (strncmp(got.writer, want.writer, sizeof got.writer)) why = "made by another ulpcert version";
  else if (st.st_size != (off_t)(sizeof got + (size_t)n * 9)) why = "wrong size (truncated?)";
  if (!why) {
    c->y = malloc((size_t)n * 8);
    c->t = malloc(n);
    if (!c->y || !c->t) why = "out of memory";
    else if (read_full(fd, c->y, (size_t)n * 8) || read_full(fd, c->t, n)) why = "unreadable payload";
    else if (refcache_checksum(c->y, c->t, n) != got.checksum) why = "checksum mismatch (corrupt)";
  }
  close(fd);
  if (why) {
    noticef("reference cache %s is stale or corrupt (%s): %s", c->path, why, then);
    free(c->y), free(c->t);
    c->y = NULL, c->t = NULL;
    return -1;
  }
  c->loaded = 1;
  return 0;
}

/* Remove the temporary files of path's saves whose process is gone (killed while saving):
 * "NAME.tmp.PID.N" beside it, PID no longer running. */
static void clean_stale(const char *path) {
  char dir[4096];
  snprintf(dir, sizeof dir, "%s", path);
  char *slash = strrchr(dir, '/');
  if (!slash) return;
  *slash = 0;
  const char *base = slash + 1;
  const size_t bl = strlen(base);
  DIR *d = opendir(dir);
  if (!d) return;
  for (struct dirent *e; (e = readdir(d));) {
    long pid;
    unsigned k;
    char end;
    if (strncmp(e->d_name, base, bl) || sscanf(e->d_name + bl, ".tmp.%ld.%u%c", &pid, &k, &end) != 2 || pid <= 0)
      continue;
    if (pid == (long)getpid() || !(kill((pid_t)pid, 0) && errno == ESRCH)) continue; /* ours, or running */
    char p[8400];
    snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
    struct stat st;
    if (!lstat(p, &st) && S_ISREG(st.st_mode) && !unlink(p)) noticef("removed %s, left by a save that was killed", p);
  }
  closedir(d);
}

int refcache_open(struct refcache *c, const struct reference *r, const char *dir, int build) {
  memset(c, 0, sizeof *c);
  c->ref = r;
  c->lo = r->mpfr_lo;
  c->hi = r->mpfr_hi;
  if (!dir || c->hi <= c->lo) return 0;
  snprintf(c->path, sizeof c->path, "%s/%s.ulpref", dir, r->name);
  clean_stale(c->path);
  if (try_load(c, build) == 0) return 0;
  if (!build) return 0;
  uint32_t n = c->hi - c->lo;
  c->y = malloc((size_t)n * 8);
  c->t = malloc(n);
  if (!c->y || !c->t) {
    free(c->y), free(c->t);
    c->y = NULL, c->t = NULL;
    noticef("not enough memory to build the reference cache; continuing without it");
    return 0;
  }
  c->building = 1;
  return 0;
}

static int mkdir_p(const char *dir) {
  char buf[4096];
  snprintf(buf, sizeof buf, "%s", dir);
  for (char *p = buf + 1; *p; p++) {
    if (*p != '/') continue;
    *p = 0;
    if (mkdir(buf, 0777) && errno != EEXIST) return -1;
    *p = '/';
  }
  if (mkdir(buf, 0777) && errno != EEXIST) return -1;
  return 0;
}

int refcache_dir_usable(const char *dir, char *err, size_t errlen) {
  struct stat st;
  if (mkdir_p(dir) || stat(dir, &st)) {
    snprintf(err, errlen, "cannot create the cache folder %s: %s", dir, strerror(errno));
    return -1;
  }
  if (!S_ISDIR(st.st_mode)) {
    snprintf(err, errlen, "the cache folder %s is not a folder", dir);
    return -1;
  }
  if (access(dir, W_OK | X_OK)) {
    snprintf(err, errlen, "cannot write in the cache folder %s: %s", dir, strerror(errno));
    return -1;
  }
  return 0;
}

int refcache_save(struct refcache *c) {
  if (!c->building) return 0;
  char dir[4096];
  snprintf(dir, sizeof dir, "%s", c->path);
  char *slash = strrchr(dir, '/');
  if (slash) *slash = 0;
  if (mkdir_p(dir)) {
    errorf("cannot create cache folder %s: %s", dir, strerror(errno));
    return -1;
  }
  clean_stale(c->path);
  uint32_t n = c->hi - c->lo;
  struct header h;
  fill_header(&h, c);
  h.checksum = refcache_checksum(c->y, c->t, n);
  char tmp[4200];
  static unsigned saves; /* scans of one reference may run at once (groups of over 64 variants) */
  snprintf(tmp, sizeof tmp, "%s.tmp.%ld.%u", c->path, (long)getpid(), __atomic_fetch_add(&saves, 1, __ATOMIC_RELAXED));
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) {
    errorf("cannot write reference cache %s: %s", tmp, strerror(errno));
    return -1;
  }
  int bad = write_full(fd, &h, sizeof h) || write_full(fd, c->y, (size_t)n * 8) || write_full(fd, c->t, n) ||
            fsync(fd);
  int saved_errno = errno;
  if (close(fd)) bad = 1;
  if (bad || rename(tmp, c->path)) {
    errorf("cannot write reference cache %s: %s", c->path, strerror(bad ? saved_errno : errno));
    unlink(tmp);
    return -1;
  }
  c->building = 0;
  c->loaded = 1;
  return 0;
}

void refcache_close(struct refcache *c) {
  free(c->y);
  free(c->t);
  c->y = NULL;
  c->t = NULL;
}
