/* CUDA's rsqrtf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(rsqrtf)
