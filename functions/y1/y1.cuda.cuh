/* CUDA's y1f, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(y1f)
