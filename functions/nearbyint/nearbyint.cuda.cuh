/* CUDA's nearbyintf, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(nearbyintf)
