/* CUDA's truncf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(truncf)
