/* Host variants of gelu, as host code commonly writes them (built with
 * -ffp-contract=off). */
#include <math.h>

float host_gelu_erff(float x) { return 0.5f * x * (1.0f + erff(x * 0.70710678f)); }
