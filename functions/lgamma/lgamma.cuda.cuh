/* CUDA's lgammaf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(lgammaf)
