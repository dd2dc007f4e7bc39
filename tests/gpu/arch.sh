# tests/gpu/arch.sh: sourced by tests/gpu/gpu_test.sh (GPU_TEST_ONLY=arch runs it alone); uses
# $U, $T and check from there.
# This GPU against the project's committed arch records of its model, as README's
# "Validating a new GPU" tells a user to compare: reports/arch/<sm>-<gpu>.json.gz and the
# parts of the same record made in separate runs, reports/arch/<sm>-<gpu>.<part>.json.gz
# (`arch compare` takes them together). Every kind they hold must compute the same
# outputs on every input (exit 0, no variant that differs); a kind they do not hold is
# skipped, named on a line of its own; no record of this model skips the block, saying so.
# ARCH_RECORDS (a list of files) compares with other records instead (a record of another
# model of the same architecture, or records not yet committed). The whole comparison:
# minutes on an H100 (every kind over all its inputs).
"$U" run tanh.approx --backend gpu --from 0 --to 0 --no-cache --quiet --json "$T/arch-probe.json" >/dev/null 2>&1
model=$(python3 - "$T/arch-probe.json" 2>/dev/null <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))["device"]
name = "sm%s-%s" % (d["compute_capability"].replace(".", ""), d["name"])
safe = re.sub(r"[^A-Za-z0-9._-]", "-", name.lstrip("-_."))   # as the record's default name (file_safe_name)
print(safe)
PY
)
records=${ARCH_RECORDS:-}
if [ -z "$records" ]; then
  for f in reports/arch/"$model".json.gz reports/arch/"$model".*.json.gz; do
    [ -f "$f" ] && records="$records $f"
  done
fi
if [ -z "$records" ]; then
  echo "gpu: arch: SKIPPED: no committed record of this GPU ($model) in reports/arch/ (ARCH_RECORDS names others)"
else
  records=${records# }
  echo "gpu: arch: this GPU ($model) against: $records"
  t0=$(date +%s)
  # shellcheck disable=SC2086 # records: a list of paths without spaces
  "$U" arch compare $records --allow-missing --quiet >"$T/arch-cmp.txt" 2>&1
  rc=$?
  echo "gpu: arch: compare exit $rc in $(($(date +%s) - t0)) s"
  grep -E "not in the baselines?|^incomplete" "$T/arch-cmp.txt" | sed 's/^/gpu: arch: skipped: /'
  grep -E "DIFFERS|error" "$T/arch-cmp.txt" | head -20
  check test "$rc" -eq 0
  check test "$(grep -c ' identical' "$T/arch-cmp.txt")" -gt 0
  check test "$(grep -c 'DIFFERS' "$T/arch-cmp.txt")" -eq 0
fi
