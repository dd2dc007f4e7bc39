/* CUDA's j1f, compiled once per build flavour (src/kinds/binary32/device/flavour.cuh) */
CUDA_FLAVOURS(j1f)
