/* CUDA's erfinvf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(erfinvf)
