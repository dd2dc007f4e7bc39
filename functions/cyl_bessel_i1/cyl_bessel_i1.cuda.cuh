/* CUDA's cyl_bessel_i1f, compiled once per build flavour (src/kinds/binary32/device/flavour.cuh) */
CUDA_FLAVOURS(cyl_bessel_i1f)
