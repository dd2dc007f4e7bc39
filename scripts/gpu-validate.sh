#!/bin/sh
# gpu-validate.sh OUT [BUDGET_S]: what a GPU machine checks and measures, logs and JSON under
# OUT: the GPU tests, compute-sanitizer on a representative run, the device fast path against
# MPFR on a whole binade of every reference (refcheck --fast-path), the bench (GPU, and the
# CPU backend on 2 threads), then exhaustive runs of every family while the budget lasts
# (each family's JSON in OUT/results/). Stages are skipped, and say so, once less than their
# estimate of BUDGET_S (default 540) seconds is left. Needs build/ulpcert (built elsewhere).
# Files are named after the GPU (TAG, e.g. bench-h200.txt). STAGES (default tests,sanitizer,bench,benchrefs,refcheck,runs;
# also benchcpu, hosts, pairs, libm (every variant of the C math libraries, glibc's included, of every
# one-argument function, or of LIBM's references, over all 2^32 inputs: docs/libm.md), libmpairs (every host library's two-argument variants of each function of
# LIBMPAIRS, glibc's included, every x against its 33 partners, in 4 shards merged), llvmcheck (refcheck --against llvm-libc of every reference LLVM libc rounds
# correctly, or LLVMREFS', over all 2^32 inputs in the four modes, one command),
# and record: a new arch record compared with RECORD, by default the committed one) picks
# stages; REFS and FAMILIES (space-separated) narrow refcheck and runs, HOSTS names the host
# library's variants the hosts stage runs (outputs from the CPU, the rest on the GPU), PAIRS the two-argument families
# the pairs stage sweeps (default: all of them, every x against the default partners), BENCH_REFS (R,R,...) the bench's
# per-reference cold runs, GPU_TEST_ONLY (passed to tests/gpu/gpu_test.sh) the tests stage's blocks. Everything lands in OUT/gpu.tgz (refreshed
# after each stage, so a run cut short still brings back what it did) and OUT/summary.txt.
set -u
OUT=${1:?usage: gpu-validate.sh OUT [BUDGET_S]}
BUDGET=${2:-540}
STAGES=${STAGES:-tests,sanitizer,bench,benchrefs,refcheck,runs}
U=${ULPCERT:-build/ulpcert}
START=$(date +%s)
W=$(mktemp -d)
mkdir -p "$W/results" "$W/refcheck" "$W/sanitizer" "$OUT"
left() { echo $((BUDGET - ($(date +%s) - START))); }
DEST=$OUT
pack() { tar czf "$DEST/gpu.tgz.part" -C "$W" . && mv "$DEST/gpu.tgz.part" "$DEST/gpu.tgz"; cp "$W/summary.txt" "$DEST/" 2>/dev/null; }
wanted() { case ",$STAGES," in *",$1,"*) return 0 ;; esac; return 1; }
stage() { # stage NAME ESTIMATE_S: 0 when there is time for it
  pack
  if [ "$(left)" -lt "$2" ]; then echo "== $1: SKIPPED ($(left) s left, needs about $2 s)" | tee -a "$W/summary.txt"; return 1; fi
  echo "== $1 ($(left) s left)" | tee -a "$W/summary.txt"
  return 0
}
# result and bench files are named after the GPU (TAG: h100, h200, ...; "gpu" when unknown)
TAG=${TAG:-$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 | grep -o 'H[0-9][0-9]*' | tr 'H' 'h')}
TAG=${TAG:-gpu}
OUT=$W # every stage writes here; pack copies it to DEST
{ nvidia-smi -L; "$U" --version; nproc; } >"$OUT/machine.txt" 2>&1

# every block takes about 390 s on two H200s (111 s of it the libm block); GPU_TEST_ONLY picks
# some, and a run cut by the limit says so (it prints no count then)
if wanted tests && stage "GPU tests" 400; then
  lim=$(left); [ "$lim" -gt 560 ] && lim=560
  ULPCERT="$U" timeout $lim sh tests/gpu/gpu_test.sh >"$OUT/gpu_test.log" 2>&1
  [ $? -eq 124 ] && echo "gpu: cut by its $lim s limit (GPU_TEST_ONLY=block,... runs fewer)" >>"$OUT/gpu_test.log"
  tail -1 "$OUT/gpu_test.log" | tee -a "$OUT/summary.txt"
fi

CS=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
if wanted sanitizer && stage "compute-sanitizer" 80; then
  for tool in ${SANITIZERS:-memcheck racecheck initcheck synccheck}; do
    timeout 60 "$CS" --tool "$tool" --error-exitcode 9 "$U" run tanh --backend gpu --from 0x3f000000 --to 0x3f01ffff \
      --no-cache --quiet >"$OUT/sanitizer/$tool.log" 2>&1
    echo "$tool: exit $? $(grep -E 'ERROR SUMMARY' "$OUT/sanitizer/$tool.log" | tail -1)" | tee -a "$OUT/summary.txt"
  done
fi

if wanted bench && stage "bench (GPU)" 90; then
  timeout 150 "$U" bench --json "$OUT/bench-$TAG.json" >"$OUT/bench-$TAG.txt" 2>&1
  echo "bench: exit $?" | tee -a "$OUT/summary.txt"
fi
if wanted benchrefs && stage "bench (cold run per reference)" 60; then
  timeout 150 "$U" bench --references "${BENCH_REFS:-all}" --only-references --json "$OUT/bench-refs-$TAG.json" \
    >"$OUT/bench-refs-$TAG.txt" 2>&1
  echo "bench refs: exit $?" | tee -a "$OUT/summary.txt"
fi
if wanted benchcpu && stage "bench (CPU backend, 2 threads, 2^24 inputs)" 60; then
  timeout 100 "$U" bench tanhf.host --backend cpu --threads 2 --from 0x3f000000 --to 0x3fffffff --skip-scaling \
    --naive-inputs 262144 --json "$OUT/bench-cpu-2core.json" >"$OUT/bench-cpu-2core.txt" 2>&1
  echo "bench cpu: exit $?" | tee -a "$OUT/summary.txt"
fi

# refcheck: one whole binade per reference, inside its domain ([1, 2), or [0.5, 1) for the
# functions defined on (-1, 1) or (0, 1))
wanted refcheck || REFS=none
for r in ${REFS:-$("$U" run --help | sed -n 's/^References (--ref, and the variants. own): //p' | tr -d '.' | tr ',' ' ')}; do
  [ "$r" = none ] && break
  case "$r" in div.*) continue ;; esac
  case "$r" in acos | asin | atanh | erfinv | normcdfinv) lo=0x3f000000 hi=0x3f7fffff ;; *) lo=0x3f800000 hi=0x3fffffff ;; esac
  stage "refcheck $r" 25 || break
  timeout ${RC_TIMEOUT:-60} "$U" refcheck "$r" --fast-path --backend gpu --from $lo --to $hi >"$OUT/refcheck/$r.log" 2>&1
  echo "$r: exit $? $(grep -E '^refcheck' "$OUT/refcheck/$r.log")" | tee -a "$OUT/summary.txt"
done

# full_run NAME NOTE ESTIMATE_S: NAME over all 2^32 inputs on the GPU (at most 120 s, and
# within the budget), its JSON and text under results/; 1 when the budget is spent
full_run() {
  stage "run $1 (all 2^32 inputs$2)" "$3" || return 1
  t=$(($(left) - 10))
  [ "$t" -gt 120 ] && t=120
  timeout -s INT "$t" "$U" run "$1" --backend gpu --no-cache --quiet --json "$OUT/results/$1-$TAG.json.gz" \
    >"$OUT/results/$1-$TAG.txt" 2>&1
  echo "run $1: exit $?" | tee -a "$OUT/summary.txt"
}

# the arch record of every GPU variant (both sign halves, merged), compared field for field
# with the committed record (RECORD): the device reduction of this build against the one
# that made it
if wanted record && stage "arch record (all 2^32 inputs, every GPU variant)" 200; then
  for h in pos neg; do
    [ $h = pos ] && r="--from 0x00000000 --to 0x7fffffff" || r="--from 0x80000000 --to 0xffffffff"
    timeout 280 "$U" arch record --backend gpu --no-cache --quiet $r --out "$W/rec-$h.json.gz" >>"$OUT/record.log" 2>&1
    echo "arch record $h: exit $?" | tee -a "$OUT/summary.txt"
  done
  "$U" merge "$W/rec-pos.json.gz" "$W/rec-neg.json.gz" --json "$W/rec.json.gz" >"$OUT/record-$TAG.txt" 2>&1
  python3 scripts/record-equal.py "${RECORD:-reports/arch/sm90-NVIDIA-H100-80GB-HBM3.json.gz}" "$W/rec.json.gz" \
    >"$OUT/record-equal.txt" 2>&1
  echo "record equal to the committed one: exit $? ($(tail -1 "$OUT/record-equal.txt"))" | tee -a "$OUT/summary.txt"
  rm -f "$W"/rec*.json.gz
fi

# exhaustive runs of every family with GPU variants, while the budget lasts
wanted runs || FAMILIES=none
for f in ${FAMILIES:-$("$U" list | awk 'NR > 1 && $1 !~ /^ / && $3 ~ /gpu/ {print $2}' | awk '!seen[$0]++')}; do
  [ "$f" = none ] && break
  full_run "$f" "" 30 || break
done
# the host C library's variants (HOSTS, space-separated): outputs from this machine's CPU,
# references and reduction on the GPU, all 2^32 inputs
for v in ${HOSTS:-}; do
  wanted hosts || break
  full_run "$v" ", outputs from the host" 20 || break
done
# the C math libraries' variants, function by function (LIBM: references, space-separated;
# default every one some library has): glibc's, LLVM libc's, musl's and SLEEF's variants of each
# in one run (run libm.<reference>: references computed once), outputs from this machine's CPU,
# references and reduction on the GPU, all 2^32 inputs; one JSON per function, the function under
# way when the budget ends kept partial (scripts/libm-runs.sh resumes it with the same OUT)
if wanted libm && stage "C math libraries' variants (scripts/libm-runs.sh)" 30; then
  BUDGET_S=$(($(left) - 10)) ULPCERT="$U" sh scripts/libm-runs.sh "$OUT/results/libm-$TAG" ${LIBM:-} \
    >"$OUT/results/libm-runs-$TAG.log" 2>&1
  echo "libm-runs: exit $? ($(tail -1 "$OUT/results/libm-runs-$TAG.log"))" | tee -a "$OUT/summary.txt"
fi
# the host libraries' two-argument variants of each function (LIBMPAIRS; default all six), named
# on their own (outputs on the host, pairs, references and reduction on the device): 4 shards of x
# (each at most 580 s), merged
for f in ${LIBMPAIRS:-atan2 hypot pow fmod remainder fdim}; do
  wanted libmpairs || break
  vs=$("$U" list | awk -v f="$f" '$2 == f && $3 == "cpu" {print $1}' | tr '\n' ' ')
  for k in 0 1 2 3; do
    stage "run $f's host variants ($vs; shard $k/4)" 60 || break 2
    t=$(($(left) - 10))
    [ "$t" -gt 580 ] && t=580
    timeout -s INT "$t" "$U" run $vs --backend gpu --shard $k/4 --quiet --json "$OUT/results/$f-libm-$k-$TAG.json.gz" \
      >"$OUT/results/$f-libm-$k-$TAG.txt" 2>&1
    echo "run $f host variants shard $k/4: exit $?" | tee -a "$OUT/summary.txt"
  done
  "$U" merge "$OUT/results/$f-libm-0-$TAG.json.gz" "$OUT/results/$f-libm-1-$TAG.json.gz" "$OUT/results/$f-libm-2-$TAG.json.gz" \
    "$OUT/results/$f-libm-3-$TAG.json.gz" --json "$OUT/results/$f-libm-pairs-$TAG.json.gz" >"$OUT/results/$f-libm-pairs-$TAG.txt" 2>&1
  echo "merge $f host variants: exit $?" | tee -a "$OUT/summary.txt"
done
# LLVM libc against every reference it rounds correctly (LLVMREFS, space-separated; default all,
# the cheapest first: docs/libm.md): all 2^32 inputs in the four modes, one command, the
# references on the device, LLVM libc on the host's threads; the two-argument ones every x
# against its 33 partners. Stopped (SIGINT) when the budget ends, its result file kept; LLVMRESUME
# (a result file of the same command, e.g. the last call's) goes on from where that one stopped.
LLVMORDER="cospi sinpi tanh erf atan sin cos asinh tan cbrt expm1 cosh sinh log1p exp10 exp exp2 atanh log2 asin acos
log10 log acosh hypot atan2 pow"
if wanted llvmcheck && stage "refcheck --against llvm-libc (one command)" 40; then
  timeout -s INT $(($(left) - 10)) "$U" refcheck --against llvm-libc ${LLVMREFS:-$LLVMORDER} --backend gpu --quiet \
    ${LLVMRESUME:+--resume "$LLVMRESUME"} --json "$OUT/refcheck/llvm-libc-$TAG.json" >"$OUT/refcheck/llvm-libc-$TAG.log" 2>&1
  echo "refcheck --against llvm-libc: exit $? $(grep -E '^refcheck --against' "$OUT/refcheck/llvm-libc-$TAG.log")" |
    tee -a "$OUT/summary.txt"
fi
# every two-argument family: each x of 2^32 against its 33 default partners (at most 150 s each)
for f in ${PAIRS:-divide fmod remainder fdim hypot rhypot pow atan2}; do
  wanted pairs || break
  stage "run $f (2^32 x against 33 partners)" 60 || break
  t=$(($(left) - 10))
  [ "$t" -gt 150 ] && t=150
  timeout -s INT "$t" "$U" run "$f" --backend gpu --quiet --json "$OUT/results/$f-pairs-$TAG.json.gz" \
    >"$OUT/results/$f-pairs-$TAG.txt" 2>&1
  echo "run $f: exit $? $(grep -E '^[0-9.]+ s \(references' "$OUT/results/$f-pairs-$TAG.txt")" | tee -a "$OUT/summary.txt"
done
echo "== done after $(($(date +%s) - START)) s" | tee -a "$OUT/summary.txt"
pack
rm -rf "$W"
