/* CUDA's cospif, compiled once per build flavour (src/kinds/binary32/device/flavour.cuh) */
CUDA_FLAVOURS(cospif)
