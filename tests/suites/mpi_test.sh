#!/bin/sh
# mpi_test.sh MPI_BINARY SERIAL_BINARY: mpirun -np 2 and -np 3 on localhost (CPU
# backend, reduced ranges) give exactly the single-process result, for a binary32
# family, two-argument variants (both sweeps), float-float operations and search variants
# (each rank samples its blocks, rank 0 gathers them and does the local search).
set -u
M=$1
S=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
MPIRUN="mpirun --oversubscribe"
[ "$(id -u)" = 0 ] && MPIRUN="$MPIRUN --allow-run-as-root"
C="--backend cpu --no-cache --quiet --threads 1"
run_case() { # run_case NAME NP ARGS...: the ranks' JSON equals the single process's
  name=$1 n=$2
  shift 2
  "$S" "$@" $C --json "$T/$name-one.json" >/dev/null 2>&1
  if OMPI_MCA_plm=isolated OMPI_MCA_btl=self,vader $MPIRUN -np $n "$M" "$@" $C --json "$T/$name-np$n.json" >"$T/out" 2>&1 &&
     python3 - "$T/$name-one.json" "$T/$name-np$n.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
same = a["results"] == b["results"] and a["domain"] == b["domain"] and b["complete"]
sys.exit(0 if same and a.get("partners") == b.get("partners") else 1)
PY
  then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $name: mpirun -np $n differs from one process"; cat "$T/out"; fi
}
for n in 2 3; do
  run_case tanh $n run tanhf.host --from 0x3f7f0000 --to 0x3f83ffff
  run_case pair $n run powf.host atan2f.host --from 0x3f7ff000 --to 0x3f800fff
  run_case pairswap $n run powf.host fmodf.host --swap --from 0x40fff000 --to 0x41000fff
  run_case ff $n run ff dw sum2 eft.twosum eft.twoprod.fma --from 0x3f7f0000 --to 0x3f80ffff
  run_case search $n run search.exp.glibc search.powf.glibc --to 0x7
done
echo "mpi: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
