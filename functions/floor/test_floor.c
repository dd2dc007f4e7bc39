/* test_floor.c: the floor reference against the C library's floorf and values by hand (the
 * shared body: tests/ref/exact.h). */
#include "tests/ref/exact.h"

/* by hand: 0.5, -0.5, -0, 1.5, -1.5, 2^-149, -2^-149, 2^23 - 0.5, -(2^23 - 0.5) */
static const struct exact_hand hand[] = {
    {0x3f000000u, 0.0}, {0xbf000000u, -1.0}, {0x80000000u, -0.0}, {0x3fc00000u, 1.0},
    {0xbfc00000u, -2.0}, {0x00000001u, 0.0}, {0x80000001u, -1.0}, {0x4affffffu, 8388607.0},
    {0xcaffffffu, -8388608.0}, {0x7f800000u, INFINITY}, {0xff800000u, -INFINITY}, {0x7fc00000u, NAN}};

EXACT_MAIN(floor, RE_NONE, EXACT_ROUNDING, hand)
