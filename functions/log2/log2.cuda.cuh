/* CUDA's log2f, compiled once per build flavour (src/kinds/binary32/device/flavour.cuh) */
CUDA_FLAVOURS(log2f)
