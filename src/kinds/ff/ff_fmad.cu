/* ff_fmad.cu: the float-float kernels of the fmad build flavour (see ff_kernel.cuh and the
 * Makefile for its nvcc flags). */
#define FF_FLAV FF_FMAD
#define FF_LAUNCH ff_launch_fmad
#define FF_LAUNCH_OUT ff_launch_out_fmad
#define FF_LAUNCH_EVAL ff_launch_eval_fmad
#include "src/kinds/ff/ff_kernel.cuh"
