/* CUDA's cbrtf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(cbrtf)
