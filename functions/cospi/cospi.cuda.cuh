/* CUDA's cospif, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(cospif)
