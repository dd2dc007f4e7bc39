/* CUDA's erfcf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(erfcf)
