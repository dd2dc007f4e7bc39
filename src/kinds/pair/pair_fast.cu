/* pair_fast.cu: the two-argument variants' .fastmath flavour (built with -use_fast_math). */
#define PAIR_KERNEL pair_kernel_fast
#define PAIR_LAUNCH pair_launch_fast
#define PAIR_WALK_KERNEL pair_walk_kernel_fast
#define PAIR_WALK pair_walk_fast
#include "src/kinds/pair/pair_kernel.cuh"
