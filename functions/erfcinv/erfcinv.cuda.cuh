/* CUDA's erfcinvf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(erfcinvf)
