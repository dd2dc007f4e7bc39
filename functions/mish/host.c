/* Host variants of mish, as host code commonly writes them (built with
 * -ffp-contract=off). */
#include <math.h>

float host_mish(float x) { return x * tanhf(log1pf(expf(x))); }
