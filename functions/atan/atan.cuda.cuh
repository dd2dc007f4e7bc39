/* CUDA's atanf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(atanf)
