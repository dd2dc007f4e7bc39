/* CUDA's cosf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(cosf)
