/* CUDA's ceilf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(ceilf)
