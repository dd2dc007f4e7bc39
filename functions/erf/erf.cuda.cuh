/* CUDA's erff, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(erff)
