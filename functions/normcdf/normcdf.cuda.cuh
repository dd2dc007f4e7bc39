/* CUDA's normcdff, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(normcdff)
