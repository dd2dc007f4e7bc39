/* CUDA's asinf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(asinf)
