/* CUDA's asinhf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(asinhf)
