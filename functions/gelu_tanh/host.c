/* Host variants of gelu_tanh, as host code commonly writes them (built with
 * -ffp-contract=off). */
#include <math.h>

float host_gelu_tanhf(float x) { return 0.5f * x * (1.0f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x))); }
