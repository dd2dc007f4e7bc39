/* Host variant of tanh: the host C library's tanhf. Built with -ffp-contract=off so that
 * what is written is what runs. */
#include <math.h>

float host_tanhf(float x) { return tanhf(x); }
