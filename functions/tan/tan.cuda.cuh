/* CUDA's tanf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(tanf)
