/* shortcut.h: the inputs where y1's reference needs neither the table nor MPFR, for the
 * host and the device (src/reference/hd.h): the special inputs and the domain exterior
 * (rb_sc_y_special, functions/refbessel_hd.h); the reasons are in reference.c. */
#ifndef ULPCERT_SC_Y1_H
#define ULPCERT_SC_Y1_H

#include "src/reference/hd.h"
#include "functions/refbessel_hd.h"

REF_HD int sc_y1(uint32_t xb, double *y, int *t) { return rb_sc_y_special(xb, y, t); }

#endif
