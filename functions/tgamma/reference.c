/* tgamma: the reference for the gamma function Gamma(x).
 *
 * Referee: mpfr_gamma (MPFR decides exactness; its special values are C Annex F's:
 * Gamma(+-0) = +-inf (poles, exact, t = 0), Gamma(+inf) = +inf, Gamma(-inf) = NaN,
 * NaN at the negative integers). Overflow and the underflow of negative arguments are
 * rounded by MPFR within the binary64 range (the engine's mpfr_subnormalize).
 * No sign symmetry, not monotone: the shortcut is asked for every x.
 *
 * Shortcut (code: shortcut.h, for the host and the device):
 *
 * (A) x = +-0: +-inf, t = 0. +inf: +inf, t = 0. -inf: NaN. x a negative integer (every
 *   binary32 with |x| >= 2^23 is an integer): NaN, t = 0.
 *
 * (B) x a positive integer n <= 23: Gamma(n) = (n-1)! exactly, t = 0.
 *   (n-1)! is a binary64 number for n <= 23: 22! = 2^19 * 2143861251406875 and the odd
 *   part is below 2^53; each k! = 2^v * odd with a smaller odd part, and the loop's
 *   products of exact binary64 numbers with exactly representable results are exact.
 *   For n >= 24 the odd part of (n-1)! is at least that of 23!, 49308808782358125 > 2^53:
 *   not representable (MPFR rounds those, t != 0).
 *
 * (C) x >= 171.6243896484375 (bits 0x432b9fd8 and up): RN53 = +inf, t = +1.
 *   Proof: Gamma increases on [1.4616..., inf), and Gamma(171.6243896484375) =
 *   1.0000653 * 2^1024 (mpmath at 300 bits; test_tgamma checks it with MPFR rounding
 *   downward). Values >= 2^1024 lie beyond DBL_MAX + ulp/2 = 2^1024 - 2^970: RN53
 *   overflows to +inf, above the exact value. (The pattern below has
 *   Gamma = 0.99998680 * 2^1024 < 2^1024 - 2^970: the threshold is exact.)
 *
 * (D) x <= -179.6972198486328125 (magnitude bits 0x4333b27d and up) and not an integer:
 *   RN53 = +-0 with the sign of Gamma(x), t = -sign(Gamma(x)).
 *   Proof: let 2^k <= |x| < 2^(k+1), 7 <= k <= 22. x is a multiple of 2^(k-23), so its
 *   distance d to the nearest integer is >= 2^(k-23), and |sin(pi x)| = sin(pi d) >= 2d
 *   (concavity of sin on [0, pi/2]). The reflection formula Gamma(x) Gamma(1-x) =
 *   pi / sin(pi x) gives |Gamma(x)| = pi / (|sin(pi x)| Gamma(1 + |x|))
 *   <= pi 2^(22-k) / Gamma(1 + |x|). For k = 7: <= pi 2^15 / Gamma(1 + a),
 *   a = 179.6972198486328125 (Gamma increasing on [2, inf)), = 0.99995406 * 2^-1075
 *   (mpmath at 300 bits; test_tgamma checks it with MPFR rounding upward). For k >= 8 the
 *   bound is smaller still (pi 2^14 / Gamma(257) < 2^-1600). So |Gamma(x)| < 2^-1075,
 *   half the smallest subnormal: RN53 is the zero of Gamma's sign. The sign: Gamma has
 *   no zero, and on (-n, -n+1) (n >= 1) it has the sign (-1)^n (it alternates between
 *   consecutive poles, negative on (-1, 0)); n = floor(|x|) + 1.
 *
 * (E) 0 < |x| < 2^-30 (magnitude patterns below 0x30800000): a Ziv filter (what it
 *   declines goes to (F)).
 *   Gamma(x) = Gamma(1+x)/x and Taylor's theorem at 1: Gamma(1+x) = 1 - gamma x +
 *   c2 x^2 + Gamma'''(1 + xi) x^3 / 6 (xi between 0 and x), c2 = Gamma''(1)/2 =
 *   (gamma^2 + pi^2/6)/2, gamma Euler's constant. Gamma'''(1) = -(gamma^3 + gamma pi^2/2 +
 *   2 zeta(3)) = -5.44487; Gamma''''(t) = int_0^inf (ln s)^4 s^(t-1) e^-s ds > 0 and for
 *   t in [1/2, 3/2], s^(t-1) <= s^(-1/2) + s^(1/2), so Gamma'''' <= Gamma''''(1/2) +
 *   Gamma''''(3/2) < 765.1 + 3.5 < 769 there; hence |Gamma'''(1 + xi)| <= 5.44488 +
 *   769 * 2^-30 < 5.445 and Gamma(x) = 1/x - gamma + c2 x + R, |R| <= 0.9075 x^2 < x^2.
 *   Evaluation (u = 2^-53): h = RN(1/x); rho = fma(-h, x, 1) = 1 - h x exactly (the
 *   remainder of a correctly rounded division is representable: Muller et al., Handbook
 *   of Floating-Point Arithmetic, 2nd ed., sec. 4.4), so 1/x = h + rho/x, |rho/x| <= u|h|.
 *   a = RN(rho/x): |a - rho/x| <= u|a|. b = fma(C2, x, -G) with G = RN(gamma),
 *   C2 = RN(c2): |b - (c2 x - gamma)| <= |G - gamma| + |C2 - c2||x| + u|b|
 *   <= 2^-54 + 2^-83 + 0.5773 * 2^-53 < 2^-52. lo = RN(a + b): error <= u|lo|.
 *   So Gamma(x) = h + lo + eps, |eps| <= u|a| + 2^-52 + u|lo| + x^2, evaluated with a
 *   factor (1 + 2^-20); |lo| <= u|h| + 0.58 < |h| (|h| >= 2^30). rs_decide
 *   (reference/shared/special_hd.h) rounds when the bound decides; |h| <= 2^149 keeps everything
 *   normal. G = 0x1.2788cfc6fb619p-1, C2 = 0x1.fa658c23b1578p-1 (test_tgamma checks
 *   both against MPFR).
 *
 * (F) everything else (x in [2^-30, 171.62) other than the integers 1..23, the
 *   non-integers of (-179.70, -2^-30], and the inputs (E) declines): a Ziv filter on
 *   Gamma(x) = s e^L, L = log|Gamma(x)| and s the sign of Gamma(x) from rs_lgamma_core
 *   (reference/shared/special_hd.h: Stirling's series, the recurrence or the reflection
 *   formula in double-double arithmetic with a running error bound; lgamma's reference.c
 *   summarises it), e^L = 2^k (V + v) with |2^-k e^L - (Vh + Vl)| <= eps from rs_dde_exp
 *   (reference/shared/special_hd.h: k = rint(L / ln 2), e^r for r = L - k ln 2 by 23 Taylor terms; the
 *   error of L enters through r). Then Gamma(x) 2^-k = s (V + v) + d, |d| <= eps, which is
 *   fast_round's contract (reference/fast/fast_eval.h, with its proof) for a block of
 *   scale 2^E, E = k moved into [-1074, 1023] by exact doublings or halvings of
 *   (Vh, Vl, eps) (|Gamma(x)| lies in (2^-1076, 2^1024) here), tsub = 2^(-1022-E) when
 *   E < -200: fast_round returns MPFR's (y, t) with binary64's subnormals (the results of
 *   x in (-179.70, -170.6) or so) and overflow (RN53 = +-inf beyond DBL_MAX + ulp/2)
 *   included, or declines. eps is about 2^-88 relative: the filter declines almost
 *   nothing (measured: see tgamma.def).
 *   Cost on the host: about 2.3 us a call on average over (F)'s inputs (MPFR's gamma: 10
 *   to 600 us).
 * MPFR decides only what the filter declines.
 *
 * Series: arb_poly_gamma_series of h(t) = x + t (Arb uses the reflection formula for
 * negative arguments; ball arithmetic encloses Gamma^(k)(xi)/k! for every xi in the
 * ball). -1 when the ball contains a pole (a non-positive integer) or is not finite.
 */
#include <arb.h>
#include <arb_hypgeom.h>
#include <arb_poly.h>
#include <math.h>
#include <mpfr.h>
#include <stdint.h>

#include "reference/shared/special.h"
#include "functions/tgamma/shortcut.h"
#include "reference/series.h"

int ref_tgamma_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  int r = mpfr_gamma(y, x, rnd);
  return (r > 0) - (r < 0);
}

int ref_tgamma_shortcut(uint32_t xb, double *y, int *t) { return sc_tgamma(xb, y, t); }

int ref_tgamma_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (len <= 0) return 0;
  if (!rs_ball_avoids_poles(x)) return -1;
  return ref_series_at(res, arb_poly_gamma_series, x, len, prec);
}
