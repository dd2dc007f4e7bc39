#!/bin/sh
# gpu-validate.sh OUT [BUDGET_S]: what a GPU machine checks and measures, logs and JSON under
# OUT: the GPU tests, compute-sanitizer on a representative run, the device fast path against
# MPFR on a whole binade of every reference (refcheck --fast-path), the bench (GPU, and the
# CPU backend on 2 threads), then exhaustive runs of every family while the budget lasts
# (each family's JSON in OUT/results/). Stages are skipped, and say so, once less than their
# estimate of BUDGET_S (default 540) seconds is left. Needs build/ulpcert (built elsewhere).
set -u
OUT=${1:?usage: gpu-validate.sh OUT [BUDGET_S]}
BUDGET=${2:-540}
U=${ULPCERT:-build/ulpcert}
START=$(date +%s)
mkdir -p "$OUT/results" "$OUT/refcheck" "$OUT/sanitizer"
left() { echo $((BUDGET - ($(date +%s) - START))); }
stage() { # stage NAME ESTIMATE_S: 0 when there is time for it
  if [ "$(left)" -lt "$2" ]; then echo "== $1: SKIPPED ($(left) s left, needs about $2 s)" | tee -a "$OUT/summary.txt"; return 1; fi
  echo "== $1 ($(left) s left)" | tee -a "$OUT/summary.txt"
  return 0
}
{ nvidia-smi -L; "$U" --version; nproc; } >"$OUT/machine.txt" 2>&1

if stage "GPU tests" 150; then
  ULPCERT="$U" timeout 200 sh tests/gpu_test.sh >"$OUT/gpu_test.log" 2>&1
  tail -1 "$OUT/gpu_test.log" | tee -a "$OUT/summary.txt"
fi

CS=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
if stage "compute-sanitizer" 80; then
  for tool in memcheck racecheck initcheck synccheck; do
    timeout 60 "$CS" --tool "$tool" --error-exitcode 9 "$U" run tanh --backend gpu --from 0x3f000000 --to 0x3f01ffff \
      --no-cache --quiet >"$OUT/sanitizer/$tool.log" 2>&1
    echo "$tool: exit $? $(grep -E 'ERROR SUMMARY' "$OUT/sanitizer/$tool.log" | tail -1)" | tee -a "$OUT/summary.txt"
  done
fi

if stage "bench (GPU)" 90; then
  timeout 150 "$U" bench --json "$OUT/bench-h100.json" >"$OUT/bench-h100.txt" 2>&1
  echo "bench: exit $?" | tee -a "$OUT/summary.txt"
fi
if stage "bench (CPU backend, 2 threads, 2^24 inputs)" 60; then
  timeout 100 "$U" bench tanhf.host --backend cpu --threads 2 --from 0x3f000000 --to 0x3fffffff --skip-scaling \
    --naive-inputs 262144 --json "$OUT/bench-cpu-2core.json" >"$OUT/bench-cpu-2core.txt" 2>&1
  echo "bench cpu: exit $?" | tee -a "$OUT/summary.txt"
fi

# refcheck: one whole binade per reference, inside its domain ([1, 2), or [0.5, 1) for the
# functions defined on (-1, 1) or (0, 1))
for r in $("$U" run --help | sed -n 's/^References (--ref, and the variants. own): //p' | tr -d '.' | tr ',' ' '); do
  case "$r" in div.*) continue ;; esac
  case "$r" in acos | asin | atanh | erfinv | normcdfinv) lo=0x3f000000 hi=0x3f7fffff ;; *) lo=0x3f800000 hi=0x3fffffff ;; esac
  stage "refcheck $r" 25 || break
  timeout 60 "$U" refcheck "$r" --fast-path --backend gpu --from $lo --to $hi >"$OUT/refcheck/$r.log" 2>&1
  echo "$r: exit $? $(grep -E '^refcheck' "$OUT/refcheck/$r.log")" | tee -a "$OUT/summary.txt"
done

# exhaustive runs of every family with GPU variants, while the budget lasts
for f in $("$U" list | awk 'NR > 1 && $1 !~ /^ / && $3 ~ /gpu/ {print $2}' | awk '!seen[$0]++'); do
  stage "run $f (all 2^32 inputs)" 30 || break
  t=$(($(left) - 10))
  [ "$t" -gt 120 ] && t=120
  timeout -s INT "$t" "$U" run "$f" --backend gpu --no-cache --quiet --json "$OUT/results/$f-h100.json.gz" \
    >"$OUT/results/$f-h100.txt" 2>&1
  echo "run $f: exit $?" | tee -a "$OUT/summary.txt"
done
echo "== done after $(($(date +%s) - START)) s" | tee -a "$OUT/summary.txt"
