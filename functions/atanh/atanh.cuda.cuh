/* CUDA's atanhf, compiled once per build flavour (src/kinds/binary32/device/flavour.cuh) */
CUDA_FLAVOURS(atanhf)
