/* CUDA's expf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(expf)
