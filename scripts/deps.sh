#!/bin/sh
# deps.sh: make sure the build dependencies are present; install them with apt-get
# when possible (root, or sudo without a password), else say what to run.
#   MPFR, GMP, Arb (FLINT), Jansson, zlib (headers and libraries) for ulpcert itself;
#   cmocka and gnuplot for `make test` (and gnuplot for `ulpcert report`); Chromium for the
#   HTML report's browser test, if it can be installed;
#   optional, for the host variants of the C math libraries beside glibc (src/libm/libm.h):
#   LLVM libc (libllvmlibc-19-dev), musl (musl-dev) and SLEEF (libsleef-dev). Each one missing
#   is installed where apt-get can (a failure is only a notice: the build goes on without it),
#   else named in a notice.
# Usage: scripts/deps.sh [test|mpi|report]   (report: gnuplot alone, for `make report`)
set -u
need=""
have_header() { [ -f "/usr/include/$1" ] || [ -f "/usr/include/x86_64-linux-gnu/$1" ] || [ -f "/usr/local/include/$1" ]; }
SUDO=""
[ "$(id -u)" != 0 ] && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null && SUDO="sudo -n"
can_apt() { command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" = 0 ] || [ -n "$SUDO" ]; }; }
# the optional C math libraries, one package at a time (one a distribution lacks stops no other)
optional_libm() {
  opt=""
  ls /usr/lib/llvm-*/lib/libllvmlibc.a >/dev/null 2>&1 || opt="$opt libllvmlibc-19-dev"
  [ -f /usr/lib/x86_64-linux-musl/libc.a ] || opt="$opt musl-dev"
  have_header sleef.h || opt="$opt libsleef-dev"
  [ -z "$opt" ] && return 0
  if ! can_apt; then
    echo "ulpcert: optional (the C math libraries' host variants): as root, apt-get install$opt" >&2
    return 0
  fi
  echo "ulpcert: installing the optional C math libraries:$opt" >&2
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq >/dev/null 2>&1
  for p in $opt; do
    $SUDO apt-get install -y -qq "$p" >/dev/null 2>&1 || echo "ulpcert: $p could not be installed: building without it" >&2
  done
}
case "${1:-}" in test | report) ;; *) optional_libm ;; esac
if [ "${1:-}" = report ]; then # the plots of `make report` and `make report-check`
  command -v gnuplot >/dev/null 2>&1 || need="$need gnuplot-nox"
fi
have_header mpfr.h || need="$need libmpfr-dev"
have_header gmp.h || need="$need libgmp-dev"
have_header jansson.h || need="$need libjansson-dev"
have_header zlib.h || need="$need zlib1g-dev"
have_header arb.h || need="$need libflint-arb-dev"
if [ "${1:-}" = mpi ]; then
  command -v mpicc >/dev/null 2>&1 || need="$need libopenmpi-dev"
  command -v mpirun >/dev/null 2>&1 || need="$need openmpi-bin"
fi
if [ "${1:-}" = test ]; then
  have_header cmocka.h || need="$need libcmocka-dev"
  command -v gnuplot >/dev/null 2>&1 || need="$need gnuplot-nox"
fi
# Chromium, for the HTML report's browser test (tests/suites/html_test.sh): optional (the test says
# it skipped its browser part without it), so a failed install is only a notice
if [ "${1:-}" = test ] && ! command -v chromium >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 &&
   { [ "$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }; then
  echo "ulpcert: installing chromium (for tests/suites/html_test.sh)" >&2
  S=""
  [ "$(id -u)" != 0 ] && S="sudo -n"
  { DEBIAN_FRONTEND=noninteractive $S apt-get update -qq >/dev/null &&
    DEBIAN_FRONTEND=noninteractive $S apt-get install -y -qq chromium >/dev/null; } ||
    echo "ulpcert: chromium could not be installed: the HTML report's browser test will be skipped" >&2
fi
[ -z "$need" ] && exit 0
echo "ulpcert: missing build dependencies:$need" >&2
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ulpcert: install them with your package manager (MPFR, GMP, Jansson, zlib, cmocka development files)" >&2
  exit 6
fi
if ! can_apt; then
  echo "ulpcert: run as root: apt-get update && apt-get install -y$need" >&2
  exit 6
fi
echo "ulpcert: installing:$need" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null && $SUDO apt-get install -y -qq $need >/dev/null || {
  echo "ulpcert: apt-get install$need failed; install them by hand" >&2
  exit 6
}
