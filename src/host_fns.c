/* host_fns.c: variants evaluated on the host (the CPU backend). Built with
 * -ffp-contract=off so that what is written is what runs. */
#include <math.h>

/* tanhf.host: the host C library's tanhf. */
float host_tanhf(float x) { return tanhf(x); }
