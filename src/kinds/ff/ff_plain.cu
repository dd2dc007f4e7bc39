/* ff_plain.cu: the float-float kernels of the plain build flavour (see ff_kernel.cuh and the
 * Makefile for its nvcc flags). */
#define FF_FLAV FF_PLAIN
#define FF_LAUNCH ff_launch_plain
#define FF_LAUNCH_OUT ff_launch_out_plain
#define FF_LAUNCH_EVAL ff_launch_eval_plain
#include "src/kinds/ff/ff_kernel.cuh"
