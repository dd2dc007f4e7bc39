# suite.sh: what the command-line suites share (sourced, after they set U, T, pass and fail):
#   check NAME COMMAND...       the command succeeds
#   expect CODE PATTERN ARGS... ulpcert ARGS exits with CODE and prints a line matching PATTERN

check() { # check NAME COMMAND...: the command succeeds
  name=$1
  shift
  if "$@" >"$T/check.out" 2>&1; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL: $name"
    sed 's/^/    /' "$T/check.out" | head -8
  fi
}

expect() { # expect CODE PATTERN ARGS...: exit code and message
  code=$1 pat=$2
  shift 2
  "$U" "$@" >"$T/out" 2>&1
  rc=$?
  if [ "$rc" -eq "$code" ] && grep -Eq -- "$pat" "$T/out"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL: ulpcert $* -> exit $rc (want $code), output:"
    sed 's/^/    /' "$T/out" | head -5
  fi
}
