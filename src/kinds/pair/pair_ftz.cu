/* pair_ftz.cu: the two-argument variants' .ftz flavour (built with -ftz=true). */
#define PAIR_KERNEL pair_kernel_ftz
#define PAIR_LAUNCH pair_launch_ftz
#define PAIR_WALK_KERNEL pair_walk_kernel_ftz
#define PAIR_WALK pair_walk_ftz
#include "src/kinds/pair/pair_kernel.cuh"
