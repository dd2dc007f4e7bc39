/* CUDA's erfcxf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(erfcxf)
