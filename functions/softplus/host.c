/* Host variants of softplus, as host code commonly writes them (built with
 * -ffp-contract=off). */
#include <math.h>

float host_softplus(float x) { return log1pf(expf(x)); }
