/* test_fabs.c: the fabs reference against the C library's fabsf and values by hand (the
 * shared body: tests/ref/exact.h). */
#include "tests/ref/exact.h"

/* by hand: -0, +0, -inf, -1, -2^-149, -FLT_MAX */
static const struct exact_hand hand[] = {
    {0x80000000u, 0.0}, {0x00000000u, 0.0}, {0xff800000u, INFINITY}, {0xbf800000u, 1.0},
    {0x80000001u, 0x1p-149}, {0xff7fffffu, 0x1.fffffep+127}, {0x7fc00000u, NAN}, {0xffc00001u, NAN}};

EXACT_MAIN(fabs, RE_EVEN, EXACT_BINADE, hand)
