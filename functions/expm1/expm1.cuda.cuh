/* CUDA's expm1f, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(expm1f)
