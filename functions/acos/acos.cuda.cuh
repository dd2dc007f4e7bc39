/* CUDA's acosf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(acosf)
