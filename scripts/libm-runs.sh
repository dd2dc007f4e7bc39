#!/bin/sh
# libm-runs.sh OUT [REFERENCE...]: every C math library's variant of each one-argument function
# (run libm.<reference>: glibc's <fn>.host, LLVM libc's, musl's, SLEEF's; src/libm/libm.h) over
# all 2^32 inputs, the references computed once per function, one result per function:
# OUT/<reference>-libm.json.gz and its table in OUT/<reference>-libm.txt. A two-argument
# function named (a LIBM_PAIR line of functions/*/libm.def: atan2, fdim, fmod, hypot, pow,
# remainder) runs its libraries' variants over every x against its partners, as `run` sweeps
# them: OUT/<reference>-libm-pairs.json.gz and .txt. A function whose
# result is complete is skipped, one cut short (SIGINT, SIGTERM, BUDGET_S) is resumed from its
# partial result (--resume): run it again with the same OUT to go on. No reference cache is
# read or written (--no-cache: a run computes each reference value once anyway). References:
# those named, else every one some library has (docs/libm.md lists them cheapest first).
# Environment: ULPCERT (default build/ulpcert), BACKEND (gpu: the outputs from the host's
# threads, references and reduction on the device; or cpu), BUDGET_S (stop after so many
# seconds, the function under way kept partial; default none), THREADS (host threads; default
# all cores), FROM and TO (the inputs; default all). Exit status 0 when every function's result
# is complete.
set -u
OUT=${1:?usage: libm-runs.sh OUT [REFERENCE...]}
shift
U=${ULPCERT:-build/ulpcert}
mkdir -p "$OUT" || exit 1
[ $# -gt 0 ] || set -- $("$U" list | awk '$2 ~ /^libm\./ && !seen[$4]++ {print $4}')
# is it a two-argument function? (its libraries' variants are the pair kind's libm.<reference>)
is_pair() { grep -qs "^LIBM_PAIR(\"$1\"" functions/*/libm.def; }
complete() { python3 -c 'import gzip, json, sys; sys.exit(0 if json.load(gzip.open(sys.argv[1]))["complete"] else 1)' "$1" 2>/dev/null; }
start=$(date +%s)
left=0
for r in "$@"; do
  base="$OUT/$r-libm"
  is_pair "$r" && base="$OUT/$r-libm-pairs"
  f="$base.json.gz"
  resume=""
  if [ -f "$f" ]; then
    if complete "$f"; then
      echo "$r: complete ($f)"
      continue
    fi
    resume="--resume $f"
  fi
  lim=""
  if [ -n "${BUDGET_S:-}" ]; then
    t=$((BUDGET_S - ($(date +%s) - start)))
    if [ "$t" -le 0 ]; then
      echo "$r: not started, BUDGET_S spent"
      left=$((left + 1))
      continue
    fi
    lim="timeout -s INT $t"
  fi
  t0=$(date +%s)
  $lim "$U" run "libm.$r" --backend "${BACKEND:-gpu}" ${THREADS:+--threads $THREADS} --quiet --no-cache \
    --from "${FROM:-0x00000000}" --to "${TO:-0xffffffff}" $resume --json "$f" >"$base.txt" 2>&1
  rc=$?
  complete "$f" && c=complete || c="not complete"
  echo "$r: exit $rc, $c, $(($(date +%s) - t0)) s${resume:+ (resumed)}"
  [ "$c" = complete ] || left=$((left + 1))
done
echo "libm-runs: $# functions, $left not complete"
[ "$left" -eq 0 ]
