/* CUDA's normcdfinvf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(normcdfinvf)
