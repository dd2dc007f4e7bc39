#!/bin/sh
# run_all.sh BUILD TEST...: the CPU test suite (the cmocka programs named, of tests/unit/
# and the function folders, then the shell suites of tests/suites/; the GPU tests of
# tests/gpu/ where a GPU is usable), in tiers. TIER (environment):
#   quick  make test: every suite of tier "quick" in tests/budgets.txt (every kind and command
#          on small ranges; minutes on two cores)
#   slow   make test-slow: the suites of tier "slow" (the long ones)
#   all    make ci: both
# A suite not in tests/budgets.txt is quick, and said to have no budget. The cmocka programs
# run UNIT_JOBS at a time, each printed whole when it ends, their "-- NAME" lines after the
# last; each shell suite's lines show as it runs. A line every 30 s while they run, and for
# every suite "-- NAME: W s wall, C s CPU (budget B s CPU)": C is the user + system time of the suite and everything it ran, which other
# jobs on a shared machine do not inflate; a suite over its budget is named on a "BUDGET:"
# line and in the summary (a warning: growth seen before it costs CI its time limit).
# Prints one closing line "tests: N passed, M failed, K skipped". SKIP_SUITES names shell
# suites not to run, SKIP_WHY says why (each counts as skipped).
B=${1:-build}
shift
TIER=${TIER:-quick}
BUDGETS=${BUDGETS:-tests/budgets.txt}
case $TIER in quick | slow | all) ;; *) echo "run_all.sh: TIER is quick, slow or all, not '$TIER'" >&2; exit 2 ;; esac
pass=0 fail=0 skip=0 nsuite=0 over=0 overlist="" nobudget="" other="" wall_all=0
cpu_all=0
t_start=$(date +%s)

# cpu_now VAR: the user + system seconds of this shell's finished children (POSIX times,
# its second line) into VAR; times runs in this shell, not in a subshell, whose children
# would be its own
TIMES=$(mktemp)
trap 'rm -f "$TIMES"' EXIT
cpu_now() {
  times >"$TIMES"
  eval "$1=$(children_cpu "$TIMES")"
}
# children_cpu FILE: the user + system seconds on the second line of `times` output in FILE
children_cpu() {
  awk 'NR == 2 { split($1, a, "m"); split($2, b, "m"); printf "%.1f\n", a[1] * 60 + a[2] + b[1] * 60 + b[2] }' "$1"
}
field() { awk -v n="$1" -v k="$2" '$1 == n { print $k; exit }' "$BUDGETS" 2>/dev/null; }

# wanted NAME: does this tier run suite NAME? (the other tier's names are kept for the summary)
wanted() {
  w_tier=$(field "$1" 2)
  [ -n "$w_tier" ] || w_tier=quick
  [ "$TIER" = all ] || [ "$TIER" = "$w_tier" ] && return 0
  other="$other $1"
  return 1
}

# run NAME LOG CMD...: run a suite, its output shown as it comes and kept in LOG; sets rc
run() {
  name=$1 log=$2
  shift 2
  echo "== $name"
  t0=$(date +%s)
  cpu_now c0
  (while sleep 30 >/dev/null 2>&1; do echo "   ... $name: $(($(date +%s) - t0)) s"; done) &
  tick=$!
  { "$@"; echo $? >"$log.rc"; } 2>&1 | tee "$log"
  kill "$tick" 2>/dev/null
  wait "$tick" 2>/dev/null
  rc=$(cat "$log.rc" 2>/dev/null || echo 1)
  w=$(($(date +%s) - t0))
  cpu_now c1
  c=$(awk -v a="$c0" -v b="$c1" 'BEGIN { printf "%.1f\n", b - a }')
  account "$name" "$w" "$c"
}

# account NAME WALL CPU: count suite NAME's seconds and check its budget; prints its
# "-- NAME" line, and a "BUDGET:" line when over
account() {
  name=$1 w=$2 c=$3
  wall_all=$((wall_all + w))
  cpu_all=$(awk -v a="$cpu_all" -v b="$c" 'BEGIN { printf "%.1f\n", a + b }')
  nsuite=$((nsuite + 1))
  bud=$(field "$name" 3)
  if [ -z "$bud" ]; then
    echo "-- $name: $w s wall, $c s CPU (no budget: add it to $BUDGETS)"
    nobudget="$nobudget $name"
  else
    echo "-- $name: $w s wall, $c s CPU (budget $bud s CPU)"
    if awk -v c="$c" -v b="$bud" 'BEGIN { exit !(c > b) }'; then
      echo "BUDGET: $name used $c s of CPU, over its budget of $bud s ($BUDGETS)"
      over=$((over + 1))
      overlist="$overlist $name ($c > $bud s)"
    fi
  fi
}

# The cmocka programs, UNIT_JOBS at a time (default: the cores, at most 4; each program is
# one thread but for OpenMP loops), each printed whole when it ends (run_one.sh); then, in
# the order named, each one's "-- NAME" line with its seconds and budget and its counts, read
# back from the files run_one.sh leaves.
units=""
for t in "$@"; do wanted "$t" && units="$units $t"; done
if [ -n "$units" ]; then
  jobs=${UNIT_JOBS:-$(nproc 2>/dev/null || echo 2)}
  [ "$jobs" -gt 4 ] && [ -z "${UNIT_JOBS:-}" ] && jobs=4
  nunits=$(echo $units | wc -w)
  echo "== the $nunits cmocka programs, $jobs at a time"
  t0=$(date +%s)
  for t in $units; do rm -f "$B/tests/$t.log.rc"; done
  (while sleep 30 >/dev/null 2>&1; do
    k=0; for t in $units; do [ -f "$B/tests/$t.log.rc" ] && k=$((k + 1)); done
    echo "   ... cmocka programs: $k of $nunits done, $(($(date +%s) - t0)) s"
  done) &
  tick=$!
  printf '%s\n' $units | xargs -P "$jobs" -I{} sh tests/run_one.sh "$B" {}
  kill "$tick" 2>/dev/null
  wait "$tick" 2>/dev/null
  for t in $units; do
    log=$B/tests/$t.log
    rc=$(cat "$log.rc" 2>/dev/null || echo 1)
    w=$(cat "$log.wall" 2>/dev/null || echo 0)
    c=$(children_cpu "$log.times" 2>/dev/null)
    account "$t" "$w" "${c:-0}"
    n=$(grep -o '\[  PASSED  \] [0-9]* test' "$log" | grep -o '[0-9]*' | head -1)
    f=$(grep -o '\[  FAILED  \] [0-9]* test' "$log" | grep -o '[0-9]*' | head -1)
    pass=$((pass + ${n:-0})); fail=$((fail + ${f:-0}))
    [ "$rc" -ne 0 ] && [ -z "$f" ] && fail=$((fail + 1)) && echo "FAILED: $t exited with status $rc"
  done
  echo "-- the $nunits cmocka programs: $(($(date +%s) - t0)) s wall, $jobs at a time"
fi
for s in layout_test readme_test cli_test cli_slow_test hostile_test pair_test search_test libm_test golden_test new_function_test new_kind_test \
         h16_test conv_paths_test quant_test html_test install_test budgets_test newcomer_test gpu_test; do
  wanted "$s" || continue
  case " ${SKIP_SUITES:-} " in *" $s "*)
    echo "== $s"; echo "$s: SKIPPED here: $SKIP_WHY"; skip=$((skip + 1)); continue ;;
  esac
  case $s in
    cli_slow_test) run "$s" "$B/tests/$s.log" env ULPCERT="$B/ulpcert" CLI_PART=slow sh tests/suites/cli_test.sh ;;
    cli_test) run "$s" "$B/tests/$s.log" env ULPCERT="$B/ulpcert" CLI_PART=quick sh tests/suites/cli_test.sh ;;
    gpu_test) run "$s" "$B/tests/$s.log" env ULPCERT="$B/ulpcert" sh tests/gpu/gpu_test.sh ;;
    *) run "$s" "$B/tests/$s.log" env ULPCERT="$B/ulpcert" sh "tests/suites/$s.sh" ;;
  esac
  line=$(grep -E '^[a-z]+: [0-9]+ passed, [0-9]+ failed' "$B/tests/$s.log" | tail -1)
  p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed.*/\1/')
  f=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
  k=$(echo "$line" | grep -Eo '[0-9]+ skipped' | grep -Eo '[0-9]+')
  pass=$((pass + ${p:-0})); fail=$((fail + ${f:-0})); skip=$((skip + ${k:-0}))
  [ "$rc" -ne 0 ] && [ "${f:-0}" -eq 0 ] && fail=$((fail + 1))
done
echo
echo "suites ($TIER tier): $nsuite run in $(($(date +%s) - t_start)) s wall, $cpu_all s CPU; $over over budget${overlist:+:$overlist}"
[ -z "$nobudget" ] || echo "suites without a budget in $BUDGETS:$nobudget"
if [ "$TIER" = quick ] && [ -n "$other" ]; then
  echo "the slow tier (make test-slow; make ci runs both):$other"
fi
echo "tests: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
