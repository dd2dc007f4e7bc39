/* CUDA's log1pf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(log1pf)
