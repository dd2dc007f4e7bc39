/* CUDA's sinf, compiled once per build flavour (src/kinds/binary32/device/flavour.cuh) */
CUDA_FLAVOURS(sinf)
