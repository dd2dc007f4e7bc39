/* CUDA's fabsf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(fabsf)
