/* Host variants of silu, as host code commonly writes them (built with
 * -ffp-contract=off). */
#include <math.h>

float host_silu(float x) { return x / (1.0f + expf(-x)); }
