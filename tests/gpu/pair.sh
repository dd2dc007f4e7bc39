# tests/gpu/pair.sh: sourced by tests/gpu/gpu_test.sh (GPU_TEST_ONLY=pair runs it alone); uses
# $U, $T, check, same and $ndev from there.
# The two-argument kind on the GPU: exact families, the device pipeline against the host path,
# every family at once, several GPUs, arch records of pair and float-float, bench's multi-GPU rows.

# Two-argument functions on the device: __fdiv_rn and fmodf are exact on every pair (the
# partners hold the hard cases: subnormal divisors, quotients near 2^24, zeros, infinities,
# NaNs), the device and the host (IEEE division) agree on every pair but NaN payloads, and
# the result does not depend on the chunk.
"$U" run div.rn fmodf.cuda --backend gpu --from 0x3f000000 --to 0x3f00ffff --quiet --json "$T/pg.json" >/dev/null
"$U" run div.rn fmodf.cuda --backend gpu --from 0x3f000000 --to 0x3f00ffff --chunk 4096 --quiet --json "$T/pg2.json" >/dev/null
"$U" run div.host --backend cpu --from 0x3f000000 --to 0x3f00ffff --quiet --json "$T/pc.json" >/dev/null
pair_exact() {
  python3 - "$1" "$2" <<'PY'
import json, sys
g, c = (json.load(open(p))["results"] for p in sys.argv[1:3])
for r in g:
    assert r["correctly_rounded"] == r["inputs"], (r["variant"], r["correctly_rounded"], r["inputs"])
assert g[0]["histogram"] == c[0]["histogram"] and g[0]["max_ulp"] == c[0]["max_ulp"]
PY
}
check pair_exact "$T/pg.json" "$T/pc.json"
check same "$T/pg.json" "$T/pg2.json"

# The device pipeline of two-argument functions (pairs, fast references and reduction on the
# device, MPFR for the pairs left undecided) against the host path on the same device outputs
# (MPFR references, host reduction: --no-fast-path): the same statistics, field for field,
# for every family, across a bin edge, into the infinities and NaNs, the negative subnormals,
# and with the swept operand second.
for fam in divide fmod remainder fdim hypot rhypot pow atan2; do
  for rg in "0x3f7ff000 0x3f800fff" "0x7f7ff800 0x7f8007ff" "0x807ff800 0x808007ff --swap"; do
    set -- $rg
    "$U" run $fam --backend gpu --from $1 --to $2 ${3:-} --quiet --json "$T/pp-f.json" >/dev/null
    "$U" run $fam --backend gpu --from $1 --to $2 ${3:-} --no-fast-path --quiet --json "$T/pp-m.json" >/dev/null
    check same "$T/pp-f.json" "$T/pp-m.json"
  done
done

# Every two-argument family at once (8 references: 8 units per block through the
# pipeline's two slots and three streams), across a bin edge, against the host path.
"$U" run pair --backend gpu --from 0x3f8ff000 --to 0x3f900fff --quiet --json "$T/pa-f.json" >/dev/null
"$U" run pair --backend gpu --from 0x3f8ff000 --to 0x3f900fff --no-fast-path --quiet --json "$T/pa-m.json" >/dev/null
check same "$T/pa-f.json" "$T/pa-m.json"
# The device lists the lowest non-finite outputs as the host does (nonfinite_first: `same` above
# compares them with the host path's); every variant with non-finite outputs lists min(count, 8),
# in increasing (x, partner), each output NaN or infinite and its correctly rounded result finite.
nonfinite_listed() {
  python3 - "$@" <<'PY'
import json, sys
seen = 0
for path in sys.argv[1:]:
    for r in json.load(open(path))["results"]:
        n, l = r.get("nonfinite", 0), r.get("nonfinite_first", [])
        assert len(l) == min(n, 8), (r["variant"], n, len(l))
        keys = [(int(e["input"], 16), int(e["partner"], 16)) for e in l]
        assert keys == sorted(keys), r["variant"]
        for e in l:
            o, c = int(e["output"], 16), int(e["expected"], 16)
            assert o & 0x7f800000 == 0x7f800000 and c & 0x7f800000 != 0x7f800000, (r["variant"], e)
        seen += n > 0
print("pair: %d variants with non-finite outputs listed" % seen)
PY
}
check nonfinite_listed "$T/pa-f.json" "$T/pp-f.json"

# Several GPUs for the two-argument and float-float kinds (where the machine has them):
# identical results to one, over several bins (blocks and units dealt to the devices).
if [ "${ndev:-0}" -ge 2 ]; then
  for spec in "pow 0x3f600000 0x3f9fffff" "pow 0x3f600000 0x3f9fffff --swap" "dw 0x3f000000 0x3fffffff"; do
    set -- $spec
    "$U" run $1 --backend gpu --from $2 --to $3 ${4:-} --quiet --devices 0 --json "$T/m1.json" >/dev/null
    "$U" run $1 --backend gpu --from $2 --to $3 ${4:-} --quiet --json "$T/mall.json" >/dev/null
    check same "$T/m1.json" "$T/mall.json"
  done
fi

# Arch records of the two-argument and float-float parts on the GPU: compare finds every
# variant identical; the float-float plain flavour's bins and statistics equal the CPU's
# (the same code, bit for bit); --reuse of the record takes every statistic. The range
# crosses a bin boundary (0x3f900000): a record's float-float launches split there, and
# their digests and moments (taken with the statistics) must equal compare's, which
# computes them alone.
K="--from 0x3f8f0000 --to 0x3f90ffff --no-cache --quiet --kinds pair,float-float"
"$U" arch record --backend gpu $K --out "$T/arg.json" >/dev/null
"$U" arch compare "$T/arg.json" --backend gpu $K >"$T/argc.txt" 2>&1
check grep -q "dw.mul.dw.fma.ftz *identical" "$T/argc.txt"
check grep -q "powf.cuda.fastmath *identical" "$T/argc.txt"
check sh -c "! grep -q DIFFERS '$T/argc.txt'"
"$U" arch record --backend cpu $K --out "$T/arc.json" >/dev/null
check python3 - "$T/arg.json" "$T/arc.json" <<'PY'
import json, sys
g, c = (json.load(open(p))["float-float"]["results"] for p in sys.argv[1:3])
plain = {r["variant"]: r for r in g if r["flavour"] == "plain"}
assert len(plain) == len(c) == 17
for r in c:
    assert r["outputs"] == plain[r["variant"]]["outputs"], r["variant"]
    assert r["max_rel_hex"] == plain[r["variant"]]["max_rel_hex"] and r["hist_rel_u2"] == plain[r["variant"]]["hist_rel_u2"]
PY
"$U" arch record --backend gpu $K --reuse "$T/arg.json" --out "$T/arg2.json" >"$T/argr.txt" 2>&1
check grep -q "statistics of 72 of 72 two-argument variant sweeps taken" "$T/argr.txt"
check grep -q "statistics of 51 float-float variants taken" "$T/argr.txt"

# bench's multi-GPU rows: both runs compute the same statistics
"$U" bench --backend gpu --from 0x3f800000 --to 0x3f8fffff --only-multi-gpu --multi-gpu pow,dw --quiet >"$T/bm.txt" 2>&1
check grep -Eq "dw family .*\| yes \|" "$T/bm.txt"
