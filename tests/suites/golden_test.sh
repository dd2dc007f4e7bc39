#!/bin/sh
# golden_test.sh: behaviour preserved across restructurings. tests/data/golden/ holds the
# result JSON of reduced-range CPU runs of every family that has a CPU variant, as
# ulpcert 0.3.0 (commit b5c474f, before the function-folder layout) wrote them, except the
# float-float ones (ff, eft, dw, sum2), written again when their partner set changed to
# set 2 (the published worst cases; the layout had been checked against the 0.3.0 files
# before, at commit aa3d7a9); this test
# repeats each run with the present binary and compares the files field for field,
# leaving out only what describes the run rather than its result (date, timing, command,
# tool version, build, format version) and mapping the float-float results' old key
# "name" to "variant". Needs $ULPCERT and python3.
set -u
U=${ULPCERT:-build/ulpcert}
G=tests/data/golden
pass=0
fail=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
if ! command -v python3 >/dev/null 2>&1; then
  echo "golden: python3 is needed to compare JSON"
  echo "golden: 0 passed, 1 failed"
  exit 1
fi
check() { # name family from to
  name=$1 fam=$2 from=$3 to=$4
  "$U" run "$fam" --backend cpu --from "$from" --to "$to" --threads 2 --no-cache --quiet --json "$T/$name.json" \
    >/dev/null 2>"$T/$name.err"
  rc=$?
  if [ "$rc" -gt 1 ]; then
    fail=$((fail + 1)); echo "FAIL: run $fam $from..$to: exit $rc"; sed 's/^/    /' "$T/$name.err" | head -5
    return
  fi
  if python3 tests/suites/golden_compare.py "$G/$name.json.gz" "$T/$name.json"; then pass=$((pass + 1))
  else fail=$((fail + 1)); echo "FAIL: run $fam $from..$to differs from $G/$name.json.gz"; fi
}
for fam in tanh rcp sqrt sin cos exp log; do
  for r in "0x3f7fe000 0x3f801fff" "0x7f7ffc00 0x7f8003ff" "0x7ffffc00 0x800003ff" "0xbf7ffc00 0xbf8003ff" \
           "0x00000000 0x000003ff"; do
    set -- $r
    check "$fam-$1" "$fam" "$1" "$2"
  done
done
for fam in ff eft dw sum2; do
  for r in "0x3f7fff00 0x3f8000ff" "0x7f7fff00 0x7f8000ff" "0x00000000 0x000000ff" "0xc0ffff00 0xc10000ff"; do
    set -- $r
    check "$fam-$1" "$fam" "$1" "$2"
  done
done
echo "golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
