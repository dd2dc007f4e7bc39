/* CUDA's exp10f, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(exp10f)
