/* Host variant of tgamma: the host C library's tgammaf. */
#include <math.h>

float host_tgammaf(float x) {
  return tgammaf(x);
}
