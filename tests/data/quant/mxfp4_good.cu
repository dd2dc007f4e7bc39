/* mxfp4_good.cu: quant_base.cuh with its knobs (a test quantizer: tests/suites/quant_test.sh, tests/gpu/quant.sh) */
#define Q_SRC 16
#define Q_CEIL 0
#define Q_AWAY 0
#define Q_NANOVF 0
#include "quant_base.cuh"
