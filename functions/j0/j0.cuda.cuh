/* CUDA's j0f, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(j0f)
