/* Host variants of sigmoid, as host code commonly writes them (built with
 * -ffp-contract=off). */
#include <math.h>

float host_sigmoid_expf(float x) { return 1.0f / (1.0f + expf(-x)); }
