/* CUDA's atanhf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(atanhf)
