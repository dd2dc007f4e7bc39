/* CUDA's sinhf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(sinhf)
