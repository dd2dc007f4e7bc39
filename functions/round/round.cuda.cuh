/* CUDA's roundf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(roundf)
