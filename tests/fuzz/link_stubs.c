/* link_stubs.c: the engine symbol the result reader's translation unit names besides the
 * reader itself (the table of kinds, used only when a whole run's result is read for
 * merge or report). The fuzzers drive
 * result_read_json and never reach it; linking the engine instead would pull in the
 * whole scan and the device code. */
#include <stddef.h>

#include "src/engine/kind.h"

const struct kind *const kinds[] = {NULL};
