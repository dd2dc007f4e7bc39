/* link_stubs.c: the two engine symbols the result reader's translation unit names
 * besides the reader itself (the table of kinds, the release of a kind's result, both
 * used only when a whole run's result is read for merge or report). The fuzzers drive
 * result_read_json and never reach them; linking the engine instead would pull in the
 * whole scan and the device code. */
#include <stddef.h>

#include "src/engine/kind.h"
#include "src/kinds/binary32/binary32.h"

const struct kind *const kinds[] = {NULL};
void b32_release(struct kind_result *r) { (void)r; }
