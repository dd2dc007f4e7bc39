/* conv_emul.cu: the conversions' .emul flavour: compiled as PTX for compute_75 only
 * (Makefile), which the driver compiles for the GPU at hand, so that the headers take
 * their software path wherever they choose by architecture (catalogue.h). */
#define CV_FLAV CV_EMUL
#define CV_NS cv_emul
#define CV_ENTRY(name) conv_gpu_##name##_emul
#include "src/kinds/convert/conv_kernel.cuh"
