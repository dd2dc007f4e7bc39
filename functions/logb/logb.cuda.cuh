/* CUDA's logbf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(logbf)
