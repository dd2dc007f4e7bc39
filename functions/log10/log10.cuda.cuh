/* CUDA's log10f, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(log10f)
