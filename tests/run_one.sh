#!/bin/sh
# run_one.sh BUILD NAME: run the cmocka program BUILD/tests/NAME for run_all.sh, which runs
# several at once. Its output goes to BUILD/tests/NAME.log, its exit status to .rc, its wall
# seconds to .wall and the user + system seconds of it and its children to .cpu (this
# subshell's POSIX times: a forked process starts from zero). When it ends, its output is
# printed whole, between "== NAME" and "-- NAME: W s wall, C s CPU", under a lock so that
# two programs ending together do not mix their lines.
B=$1 t=$2
log=$B/tests/$t.log
t0=$(date +%s)
(
  env ULPCERT="$B/ulpcert" "$B/tests/$t" >"$log" 2>&1
  echo $? >"$log.rc"
  times >"$log.times"
)
echo $(($(date +%s) - t0)) >"$log.wall"
awk 'NR == 2 { split($1, a, "m"); split($2, b, "m"); printf "%.1f\n", a[1] * 60 + a[2] + b[1] * 60 + b[2] }' \
  "$log.times" >"$log.cpu"
{
  flock 9
  echo "== $t"
  cat "$log"
  echo "-- $t: $(cat "$log.wall") s wall, $(cat "$log.cpu") s CPU"
} 9>"$B/tests/.run_one.lock"
