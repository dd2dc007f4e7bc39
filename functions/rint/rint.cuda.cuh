/* CUDA's rintf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(rintf)
