/* test_logb.c: the logb reference against the C library's logbf and values by hand (the
 * shared body: tests/ref/exact.h). */
#include "tests/ref/exact.h"

/* by hand: +-0 (poles), +-inf, 2^-149, the largest subnormal (2^-126 - 2^-149), 2^-127,
 * 2^-127 - 2^-149, 2^-126, 1, 2 - 2^-23, 2, -3, 1 - 2^-24, FLT_MAX */
static const struct exact_hand hand[] = {
    {0x00000000u, -INFINITY}, {0x80000000u, -INFINITY}, {0x7f800000u, INFINITY}, {0xff800000u, INFINITY},
    {0x00000001u, -149.0}, {0x007fffffu, -127.0}, {0x00400000u, -127.0}, {0x003fffffu, -128.0},
    {0x00800000u, -126.0}, {0x3f800000u, 0.0}, {0x3fffffffu, 0.0}, {0x40000000u, 1.0},
    {0xc0400000u, 1.0}, {0x3f7fffffu, -1.0}, {0x7f7fffffu, 127.0}, {0x7fc00000u, NAN},
    {0xffc00001u, NAN}};

EXACT_MAIN(logb, RE_EVEN, EXACT_BINADE, hand)
