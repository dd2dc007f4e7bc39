/* CUDA's j1f, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(j1f)
