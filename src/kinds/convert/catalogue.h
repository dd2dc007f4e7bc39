/* catalogue.h: the conversions of the catalogue, one CONV line each in the format folders
 * (conversions/<format>/<format>.def, listed in the generated conversions.def):
 *
 *   CONV(id, name, family, src, dst, mode, ovf, nan, relu, x2, hw, inner, need, api, doc)
 *
 *   id      its C name: the folder's <format>.cuh defines cv_<id>(x) (and cv2_<id>(a, b,
 *           &lo, &hi) with x2), on raw bit patterns, for the host and the device
 *   name    the variant's name, "cvt.<dst>.<src>[.<mode>][.<rule>]"
 *   family  the format's family: run it as convert.<family>
 *   src dst the formats, format.h's ids without LOWP_ (reference/formats/format.h): F32
 *           F16 BF16 TF32 E4M3 E5M2 E2M3 E3M2 E2M1 E8M0
 *   mode ovf nan relu   the documented semantics (lowp.h): mode RN RNA RZ RD RU; what an
 *           overflow gives, IEEE FINITE TO_NAN; what a NaN result may be, ANY CANON MAXPOS;
 *           relu 1: negative results become +0
 *   x2      1: the API has a two-lane form, checked lane by lane against the scalar one
 *   hw      where the function is one cvt instruction (CV_HW_* below; 0: never, the
 *           header's software path on every target)
 *   inner   the same for the conversions its software path calls
 *   need    0: a header function, compiled for every target and the host; 80, 90, 100:
 *           inline PTX that exists from that architecture (device only)
 *   api     the call, as a user writes it
 *   doc     the documented semantics, and where they are written
 *
 * Each conversion is built in up to three flavours (CV_IN_FLAVOUR), the same source
 * compiled for different targets, so that the header's hardware and software paths meet
 * on one GPU: the default (the build's architectures: what a program built like this one
 * runs), .emul (PTX for compute_75, compiled by the driver for the GPU at hand: the
 * header's software path wherever it chooses by architecture) and .family (sm_100f,
 * sm_110f and sm_120f: the instructions of family-specific targets, and the forms that
 * need sm_100; not run where those targets do not run). */
#ifndef ULPCERT_CONV_CATALOGUE_H
#define ULPCERT_CONV_CATALOGUE_H

#include "reference/formats/lowp.h"

#define CV_HW_ALWAYS 1 /* every target */
#define CV_HW_SM80 2   /* __CUDA_ARCH__ >= 800 */
#define CV_HW_SM89 4   /* __CUDA_ARCH__ >= 890 */
#define CV_HW_SM90 8   /* __CUDA_ARCH__ >= 900 */
#define CV_HW_FAM 16   /* family-specific targets (__CUDA_FP8_INTERNAL_CAN_RELY_ON_PTX_FOR_SHORTTYPESCVT__) */
#define CV_HW_BYARCH (CV_HW_SM80 | CV_HW_SM89 | CV_HW_SM90)

/* the CONV fields' tokens, as lowp.h's values (the formats: LOWP_<src>, LOWP_<dst>) */
#define CV_MODE_RN LOWP_RN
#define CV_MODE_RNA LOWP_RNA
#define CV_MODE_RZ LOWP_RZ
#define CV_MODE_RD LOWP_RD
#define CV_MODE_RU LOWP_RU
#define CV_OVF_IEEE LOWP_OVF_IEEE
#define CV_OVF_FINITE LOWP_OVF_FINITE
#define CV_OVF_TO_NAN LOWP_OVF_NAN
#define CV_NAN_ANY LOWP_NANRES_ANY
#define CV_NAN_CANON LOWP_NANRES_CANON
#define CV_NAN_MAXPOS LOWP_NANRES_MAXPOS

enum conv_flavour { CV_DEFAULT, CV_EMUL, CV_FAMILY, CV_NFLAV };
/* Is a conversion built in flavour fl? */
#define CV_IN_FLAVOUR(fl, hw, inner, need)                                                 \
  ((fl) == CV_DEFAULT  ? (need) < 100                                                      \
   : (fl) == CV_EMUL   ? (need) == 0 && (((hw) | (inner)) & CV_HW_BYARCH) != 0             \
                       : ((((hw) | (inner)) & CV_HW_FAM) != 0 || (need) >= 100))

/* the catalogue's conversions by index, in conversions.def's order */
enum conv_index {
#define CONV(id, ...) CI_##id,
#include "conversions.def"
#undef CONV
  CONV_NDEF
};

#endif
