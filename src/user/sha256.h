/* sha256.h: SHA-256 (FIPS 180-4) of a byte string, for naming the exact text a result
 * was measured from. */
#ifndef ULPCERT_SHA256_H
#define ULPCERT_SHA256_H

#include <stddef.h>
#include <stdint.h>

/* hex receives 64 lowercase hex digits and a NUL */
void sha256_hex(const void *data, size_t n, char hex[65]);

#endif
