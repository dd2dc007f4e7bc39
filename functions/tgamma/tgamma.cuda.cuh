/* CUDA's tgammaf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(tgammaf)
