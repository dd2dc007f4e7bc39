#!/bin/sh
# run_all.sh BUILD TEST...: the whole CPU test suite (the cmocka programs named, then the
# shell suites; the GPU tests where a GPU is usable); prints one closing line
# "tests: N passed, M failed, K skipped" (each suite's seconds on its "-- NAME: N s" line).
# SKIP_SUITES names shell suites not to run, SKIP_WHY says why (each counts as skipped).
B=${1:-build}
shift
pass=0 fail=0 skip=0 bad=0
for t in "$@"; do
  echo "== $t"
  t0=$(date +%s)
  ULPCERT="$B/ulpcert" "$B/tests/$t" >"$B/tests/$t.log" 2>&1
  rc=$?
  cat "$B/tests/$t.log"
  echo "-- $t: $(($(date +%s) - t0)) s"
  n=$(grep -o '\[  PASSED  \] [0-9]* test' "$B/tests/$t.log" | grep -o '[0-9]*' | head -1)
  f=$(grep -o '\[  FAILED  \] [0-9]* test' "$B/tests/$t.log" | grep -o '[0-9]*' | head -1)
  pass=$((pass + ${n:-0})); fail=$((fail + ${f:-0}))
  [ $rc -ne 0 ] && [ -z "$f" ] && fail=$((fail + 1))
done
for s in layout_test readme_test cli_test pair_test libm_test golden_test new_function_test new_kind_test h16_test conv_paths_test quant_test html_test install_test gpu_test; do
  echo "== $s"
  case " ${SKIP_SUITES:-} " in *" $s "*)
    echo "$s: SKIPPED here: $SKIP_WHY"; skip=$((skip + 1)); continue ;;
  esac
  t0=$(date +%s)
  ULPCERT="$B/ulpcert" sh "tests/$s.sh" >"$B/tests/$s.log" 2>&1
  rc=$?
  cat "$B/tests/$s.log"
  echo "-- $s: $(($(date +%s) - t0)) s"
  line=$(grep -E '^[a-z]+: [0-9]+ passed, [0-9]+ failed' "$B/tests/$s.log" | tail -1)
  p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed.*/\1/')
  f=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
  k=$(echo "$line" | grep -Eo '[0-9]+ skipped' | grep -Eo '[0-9]+')
  pass=$((pass + ${p:-0})); fail=$((fail + ${f:-0})); skip=$((skip + ${k:-0}))
  [ $rc -ne 0 ] && [ "${f:-0}" -eq 0 ] && fail=$((fail + 1))
done
echo
echo "tests: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
