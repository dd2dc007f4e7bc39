/* CUDA's logf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(logf)
