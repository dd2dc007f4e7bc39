#!/bin/sh
# bundle-libs.sh BINARY DIR: copy the shared libraries BINARY needs that a bare machine may
# lack (Arb/FLINT and what they need: NTL, gf2x; MPFR, GMP; SLEEF, src/libm/libm.h) into DIR, where the binary's
# rpath ($ORIGIN/lib) finds them; so build/ can be copied to a machine without them.
set -eu
bin=$1 dir=$2
mkdir -p "$dir"
ldd "$bin" | awk '/=> \// {print $1, $3}' | while read -r name path; do
  case "$name" in
    libflint*|libntl*|libgf2x*|libmpfr*|libgmp*|libsleef*)
      # already there (found through the rpath): nothing to copy
      [ "$(realpath "$path")" = "$(realpath -m "$dir/$name")" ] || cp -L "$path" "$dir/$name" ;;
  esac
done
