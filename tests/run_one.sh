#!/bin/sh
# run_one.sh BUILD NAME: run the cmocka program BUILD/tests/NAME for run_all.sh, which runs
# several at once. Its output goes to BUILD/tests/NAME.log, its exit status to .rc, its wall
# seconds to .wall and the POSIX times of it and its children to .times (this subshell's: a
# forked process starts from zero), which run_all.sh reads for its CPU seconds and budget.
# When it ends, its output is printed whole after "== NAME", under a lock so that two
# programs ending together do not mix their lines.
B=$1 t=$2
log=$B/tests/$t.log
t0=$(date +%s)
(
  env ULPCERT="$B/ulpcert" "$B/tests/$t" >"$log" 2>&1
  echo $? >"$log.rc"
  times >"$log.times"
)
echo $(($(date +%s) - t0)) >"$log.wall"
{
  flock 9
  echo "== $t"
  cat "$log"
  echo "   ($t ended after $(cat "$log.wall") s)"
} 9>"$B/tests/.run_one.lock"
