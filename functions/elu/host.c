/* Host variants of elu, as host code commonly writes them. */
#include <math.h>

float host_elu_expm1f(float x) { return x > 0.0f ? x : expm1f(x); }
float host_elu_expf(float x) { return x > 0.0f ? x : expf(x) - 1.0f; }
