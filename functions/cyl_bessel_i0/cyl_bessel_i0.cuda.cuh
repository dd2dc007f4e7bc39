/* CUDA's cyl_bessel_i0f, compiled once per build flavour (kernels/flavour.cuh) */
CUDA_FLAVOURS(cyl_bessel_i0f)
