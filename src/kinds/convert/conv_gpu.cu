/* conv_gpu.cu: the conversions' default flavour (the build's architectures: what a
 * program built like this one runs), and the entry points of convert.h, which pick the
 * flavour's object (conv_emul.cu, conv_family.cu). */
#define CV_FLAV CV_DEFAULT
#define CV_NS cv_default
#define CV_ENTRY(name) conv_gpu_##name##_default
#include "src/kinds/convert/conv_kernel.cuh"

#define CV_DECLARE(fl)                                                                                         \
  extern "C" int conv_gpu_probe_##fl(int dev, struct conv_probe *p);                                          \
  extern "C" int conv_gpu_wide_##fl(int dev, int idx, const struct conv_kparams *kp, uint32_t from, uint32_t to, \
                                    struct conv_wide *w, char *err, size_t errlen);                           \
  extern "C" int conv_gpu_small_##fl(int dev, int idx, int x2, uint32_t n, uint32_t *y, uint32_t *lo,          \
                                     uint32_t *hi, char *err, size_t errlen);                                  \
  extern "C" int conv_gpu_list_##fl(int dev, int idx, uint32_t n, const uint32_t *x, uint32_t *y, char *err,   \
                                    size_t errlen);
CV_DECLARE(emul)
CV_DECLARE(family)

extern "C" int conv_gpu_probe(int flav, int dev, struct conv_probe *p) {
  return flav == CV_EMUL ? conv_gpu_probe_emul(dev, p) : flav == CV_FAMILY ? conv_gpu_probe_family(dev, p)
                                                                           : conv_gpu_probe_default(dev, p);
}
extern "C" int conv_gpu_wide(int flav, int dev, int idx, const struct conv_kparams *kp, uint32_t from, uint32_t to,
                             struct conv_wide *w, char *err, size_t errlen) {
  return flav == CV_EMUL     ? conv_gpu_wide_emul(dev, idx, kp, from, to, w, err, errlen)
         : flav == CV_FAMILY ? conv_gpu_wide_family(dev, idx, kp, from, to, w, err, errlen)
                             : conv_gpu_wide_default(dev, idx, kp, from, to, w, err, errlen);
}
extern "C" int conv_gpu_small(int flav, int dev, int idx, int x2, uint32_t n, uint32_t *y, uint32_t *lo, uint32_t *hi,
                              char *err, size_t errlen) {
  return flav == CV_EMUL     ? conv_gpu_small_emul(dev, idx, x2, n, y, lo, hi, err, errlen)
         : flav == CV_FAMILY ? conv_gpu_small_family(dev, idx, x2, n, y, lo, hi, err, errlen)
                             : conv_gpu_small_default(dev, idx, x2, n, y, lo, hi, err, errlen);
}
extern "C" int conv_gpu_list(int flav, int dev, int idx, uint32_t n, const uint32_t *x, uint32_t *y, char *err,
                             size_t errlen) {
  return flav == CV_EMUL     ? conv_gpu_list_emul(dev, idx, n, x, y, err, errlen)
         : flav == CV_FAMILY ? conv_gpu_list_family(dev, idx, n, x, y, err, errlen)
                             : conv_gpu_list_default(dev, idx, n, x, y, err, errlen);
}
