#!/bin/sh
# mpi_test.sh MPI_BINARY SERIAL_BINARY: mpirun -np 2 and -np 3 on localhost (CPU
# backend, a reduced range) give exactly the single-process result.
set -u
M=$1
S=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
R="run tanhf.host --backend cpu --from 0x3f7f0000 --to 0x3f83ffff --no-cache --quiet --threads 1"
"$S" $R --json "$T/one.json" >/dev/null 2>&1
MPIRUN="mpirun --oversubscribe"
[ "$(id -u)" = 0 ] && MPIRUN="$MPIRUN --allow-run-as-root"
for n in 2 3; do
  if OMPI_MCA_plm=isolated OMPI_MCA_btl=self,vader $MPIRUN -np $n "$M" $R --json "$T/np$n.json" >"$T/out$n" 2>&1 &&
     python3 - "$T/one.json" "$T/np$n.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
sys.exit(0 if a["results"] == b["results"] and a["domain"] == b["domain"] and b["complete"] else 1)
PY
  then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: mpirun -np $n differs from one process"; cat "$T/out$n"; fi
done
echo "mpi: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
