/* host_fns.c: variants evaluated on the host (the CPU backend). Built with
 * -ffp-contract=off so that what is written is what runs. */
#include <math.h>

/* tanhf.host: the host C library's tanhf. */
float host_tanhf(float x) { return tanhf(x); }

/* rcp.host: IEEE division, correctly rounded. */
float host_rcp(float x) { return 1.0f / x; }

/* sqrtf.host: the C library's sqrtf (an IEEE basic operation). */
float host_sqrtf(float x) { return sqrtf(x); }

/* The host C library's sinf, cosf, expf, logf. */
float host_sinf(float x) { return sinf(x); }
float host_cosf(float x) { return cosf(x); }
float host_expf(float x) { return expf(x); }
float host_logf(float x) { return logf(x); }
