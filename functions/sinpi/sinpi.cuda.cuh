/* CUDA's sinpif, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(sinpif)
