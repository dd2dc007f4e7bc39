/* refcache.h: an on-disk cache of reference values for the range of a reference
 * function where MPFR must be called ([mpfr_lo, mpfr_hi) of its struct).
 *
 * File: <dir>/<name>.ulpref, a header (magic, format, reference name, MPFR version,
 * range, payload checksum) then y[] (binary64) and t[] (int8). Versioned by function,
 * MPFR version and format; checksummed; written atomically (temporary file, fsync,
 * rename). A missing, stale or corrupt file is rebuilt; the cache is never required. */
#ifndef ULPCERT_REFCACHE_H
#define ULPCERT_REFCACHE_H

#include <stdint.h>

#include "reference/reference.h"

struct refcache {
  const struct reference *ref;
  uint32_t lo, hi; /* [lo, hi) */
  double *y;
  int8_t *t;
  int loaded;   /* y/t hold a verified cache */
  int building; /* y/t are being filled by this run, to be saved */
  char path[4096];
};

/* Default cache folder: $ULPCERT_CACHE, else $XDG_CACHE_HOME/ulpcert, else ~/.cache/ulpcert. */
const char *refcache_default_dir(void);
/* Load the cache for r from dir. If it is absent or unusable and 'build' is set,
 * allocate it for this run to fill. Returns 0 (possibly with neither loaded nor building). */
int refcache_open(struct refcache *c, const struct reference *r, const char *dir, int build);
/* Write a built cache atomically; 0 or -1 (with a message). */
int refcache_save(struct refcache *c);
void refcache_close(struct refcache *c);
/* Checksum of the payload (exposed for tests). */
uint64_t refcache_checksum(const double *y, const int8_t *t, uint32_t n);

/* Whether dir can hold the cache: created (with its parents) where missing, a folder this
 * process can write in. 0, or -1 with the reason in err. */
int refcache_dir_usable(const char *dir, char *err, size_t errlen);

#endif
