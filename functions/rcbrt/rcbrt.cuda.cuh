/* CUDA's rcbrtf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(rcbrtf)
