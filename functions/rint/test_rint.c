/* test_rint.c: the rint reference against the C library's rintf and values by hand (the
 * shared body: tests/ref/exact.h). */
#include "tests/ref/exact.h"

/* by hand: 0.5, -0.5, 0.5 + 2^-24, 2.5, 3.5, -2.5, 1.5, 2^-149, 2^23 - 0.5 (even 2^23),
 * 2^23 - 1.5 (even 2^23 - 2) */
static const struct exact_hand hand[] = {
    {0x3f000000u, 0.0}, {0xbf000000u, -0.0}, {0x3f000001u, 1.0}, {0x40200000u, 2.0}, {0x40600000u, 4.0},
    {0xc0200000u, -2.0}, {0x3fc00000u, 2.0}, {0x00000001u, 0.0}, {0x4affffffu, 8388608.0},
    {0x4afffffdu, 8388606.0}, {0x7f800000u, INFINITY}, {0xff800000u, -INFINITY}, {0x7fc00000u, NAN}};

EXACT_MAIN(rint, RE_ODD, EXACT_ROUNDING, hand)
