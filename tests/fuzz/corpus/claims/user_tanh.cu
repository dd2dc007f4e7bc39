/* A user's CUDA tanh for `ulpcert certify --backend gpu` (GPU tests): the
 * ex2/rcp formula in plain single precision, checked over [0.5, 1). */
// maxulperr = 1000.00000, ref = tanh
__device__ float user_tanh(float a)
{
    float e = __expf(-2.0f * fabsf(a));
    float r = __fdividef(1.0f - e, 1.0f + e);
    return copysignf(r, a);
}
