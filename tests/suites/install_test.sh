#!/bin/sh
# install_test.sh: `make install PREFIX=DIR` puts a binary in DIR/bin that runs from any
# folder and loads the libraries installed beside it (not the build folder's). Needs
# $ULPCERT (its folder is the BUILD folder of the Makefile).
set -u
U=${ULPCERT:-build/ulpcert}
B=$(dirname "$U")
pass=0
fail=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
check() { # check NAME COMMAND...
  name=$1
  shift
  if "$@" >"$T/check.log" 2>&1; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: $name"; sed 's/^/    /' "$T/check.log" | head -20; fi
}
check "make install PREFIX=$T/p" make -s install PREFIX="$T/p" BUILD="$B"
check "the installed binary runs from another folder" \
  sh -c "cd '$T' && '$T/p/bin/ulpcert' run rcp.host --backend cpu --from 1.0 --to 2.0 --no-cache --quiet | grep -q 'inputs 0x3f800000..0x40000000'"
# the sanitizer build links its libraries from the system (no $ORIGIN rpath): nothing to load beside it
if [ -n "$(ls "$B/lib" 2>/dev/null)" ] && readelf -d "$U" 2>/dev/null | grep -q 'ORIGIN/lib'; then
  check "it loads the libraries installed beside it" \
    sh -c "LD_DEBUG=libs '$T/p/bin/ulpcert' --version 2>&1 | grep 'calling init: ' | grep -q '$T/p/lib/ulpcert/lib/libmpfr'"
else
  echo "install: library check skipped ($U has no \$ORIGIN/lib rpath: the sanitizer build uses the system's)"
fi
echo "install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
