/* Host variant of lgamma: the host C library's lgammaf. */
#include <math.h>

float host_lgammaf(float x) {
  int sign; /* lgammaf_r: the value of lgammaf without its write of the global signgam, which
              * the threads of a CPU run would share */
  return lgammaf_r(x, &sign);
}
