/* CUDA's log2f, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(log2f)
