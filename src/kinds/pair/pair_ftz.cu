/* pair_ftz.cu: the two-argument variants' .ftz flavour (built with -ftz=true). */
#define PAIR_KERNEL pair_kernel_ftz
#define PAIR_LAUNCH pair_launch_ftz
#include "src/kinds/pair/pair_kernel.cuh"
