/* CUDA's tanhf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(tanhf)
