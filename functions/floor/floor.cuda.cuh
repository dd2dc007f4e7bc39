/* CUDA's floorf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(floorf)
