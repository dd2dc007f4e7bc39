/* CUDA's coshf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(coshf)
