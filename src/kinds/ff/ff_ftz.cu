/* ff_ftz.cu: the float-float kernels of the ftz build flavour (see ff_kernel.cuh and the
 * Makefile for its nvcc flags). */
#define FF_FLAV FF_FTZ
#define FF_LAUNCH ff_launch_ftz
#define FF_LAUNCH_OUT ff_launch_out_ftz
#define FF_LAUNCH_EVAL ff_launch_eval_ftz
#include "src/kinds/ff/ff_kernel.cuh"
