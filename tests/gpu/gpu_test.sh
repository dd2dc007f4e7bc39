#!/bin/sh
# gpu_test.sh: tests that need a GPU. Skipped, with a message, where none is usable
# (CI); run on the GPU machine. Needs $ULPCERT.
# The tests are in blocks, one file each beside this one in tests/gpu/ (binary32, ff,
# formats: half, h16, arith16, convert; libm, pair, search, usercode; arch: this GPU
# against the committed records of its model), run in the order of their names; a new block is a new file there. GPU_TEST_ONLY=libm (or a comma-separated list) runs only those; a name
# that is no block is refused (exit 2).
set -u
U=${ULPCERT:-build/ulpcert}
blocks_dir=$(dirname "$0")
BLOCKS=$(ls "$blocks_dir" | grep -v '^gpu_test\.sh$' | sed -n 's/\.sh$//p' | tr '\n' ' ')
BLOCKS=${BLOCKS% }
only=${GPU_TEST_ONLY:-}
for b in $(echo "$only" | tr ',' ' '); do
  case " $BLOCKS " in
  *" $b "*) ;;
  *) echo "gpu: no block '$b' (blocks: $BLOCKS)" >&2; exit 2 ;;
  esac
done
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
if ! "$U" run tanh.approx --backend gpu --from 0 --to 0 --no-cache --quiet >"$T/probe" 2>&1; then
  echo "gpu: SKIPPED (no usable GPU: $(tail -1 "$T/probe"))"
  echo "gpu: 0 passed, 0 failed, 1 skipped"
  exit 0
fi
pass=0
fail=0
check() { if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $*"; fi; }
same() {
  python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p))["results"] for p in sys.argv[1:3])
sys.exit(0 if a == b else 1)
PY
}
ndev=$(nvidia-smi -L 2>/dev/null | wc -l)

for b in $BLOCKS; do
  case ",${only:-$b}," in
  *",$b,"*) echo "gpu: block $b"; . "$blocks_dir/$b.sh" ;;
  esac
done

echo "gpu: $pass passed, $fail failed${only:+ (blocks: $only)}"
[ "$fail" -eq 0 ]
