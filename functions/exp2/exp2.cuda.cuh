/* CUDA's exp2f, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(exp2f)
