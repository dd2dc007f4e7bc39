/* CUDA's y0f, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(y0f)
