/* test_round.c: the round reference against the C library's roundf and values by hand (the
 * shared body: tests/ref/exact.h). */
#include "tests/ref/exact.h"

/* by hand: 0.5, -0.5, -0.4, 0.5 - 2^-25, 2.5, -2.5, 1.5, 2^-149, 2^23 - 0.5, 2^23 - 1.5 */
static const struct exact_hand hand[] = {
    {0x3f000000u, 1.0}, {0xbf000000u, -1.0}, {0xbecccccdu, -0.0}, {0x3effffffu, 0.0}, {0x40200000u, 3.0},
    {0xc0200000u, -3.0}, {0x3fc00000u, 2.0}, {0x00000001u, 0.0}, {0x4affffffu, 8388608.0},
    {0x4afffffeu, 8388607.0}, {0x7f800000u, INFINITY}, {0xff800000u, -INFINITY}, {0x7fc00000u, NAN}};

EXACT_MAIN(round, RE_ODD, EXACT_ROUNDING, hand)
