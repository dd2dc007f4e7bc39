/* refcheck_llvm_miss.c: a mismatch of refcheck --against llvm-libc judged
 * (refcheck_llvm_miss.h). */
#include "src/cmd/refcheck_llvm_miss.h"

int xc_same32(uint32_t a, uint32_t b) {
  return a == b || ((a & 0x7fffffffu) > 0x7f800000u && (b & 0x7fffffffu) > 0x7f800000u);
}

static int is_snan(uint32_t v) { return (v & 0x7fffffffu) > 0x7f800000u && !(v & 0x00400000u); }

int xc_who_is_wrong(const struct xc_ref *r, const struct xc_miss *m) {
  if (!xc_same32(m->mpfr, m->ref)) return 0;
  const int nan_out = (m->lib & 0x7fffffffu) > 0x7f800000u;
  return nan_out && (is_snan(m->a) || (r->pr && is_snan(m->b))) ? 2 : 1;
}
