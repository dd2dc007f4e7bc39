/* CUDA's sinf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(sinf)
