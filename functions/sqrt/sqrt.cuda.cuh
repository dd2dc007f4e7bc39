/* CUDA's sqrtf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(sqrtf)
