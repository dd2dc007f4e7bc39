/* CUDA's acoshf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(acoshf)
