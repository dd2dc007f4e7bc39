/* CUDA's nearbyintf, compiled once per build flavour (src/kinds/binary32/device/flavour.cuh) */
CUDA_FLAVOURS(nearbyintf)
