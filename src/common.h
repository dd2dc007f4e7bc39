/* common.h: what every module of the host program shares: the exit codes and messages
 * (reference/diag.h), the bit casts (reference/bits.h), the version and the result files'
 * format, and the helpers of numbers.h and process.h. */
#ifndef ULPCERT_COMMON_H
#define ULPCERT_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "reference/bits.h"
#include "reference/diag.h" /* exit codes, errorf, noticef */

#include "reference/version.h" /* ULPCERT_VERSION */
/* Version of the result JSON layout. 2: every result file names its "kind" and every kind
 * names a variant by "variant" (format 1: binary32 results had no "kind", float-float
 * results named variants by "name"); readers take both. */
#define ULPCERT_FORMAT 2

#include "src/numbers.h" /* parse_u32, parse_count, num_text, NUM */
#include "src/process.h" /* now_s, file_safe_name */

#endif
