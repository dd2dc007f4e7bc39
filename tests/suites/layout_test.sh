#!/bin/sh
# layout_test.sh: the layout rules the code keeps, checked on the tree (cheap: no build).
#   - no function over 100 lines in src/ (scripts/fnlen.py), and fnlen.py itself finds a
#     function of 101 lines and passes one of 100 (so that a silent checker cannot pass the
#     tree);
#   - no function over 100 lines in reference/ or kernels/ either;
#   - no include cycle between the folders of the tree (scripts/cycles.py), and cycles.py finds
#     one planted in a copy of two folders;
#   - no circle of calls between the source files of a folder (cycles.py), and cycles.py
#     finds one planted between two files (a static function of the same name is no call);
#   - the top level's rules (cycles.py's FORBIDDEN): reference/ includes nothing of src/,
#     kernels/ or the catalogue; kernels/ includes only reference/ and itself; the catalogue
#     (functions/, conversions/, their tests aside) includes nothing of src/; and cycles.py
#     finds each rule's breach planted in a copy;
#   - the engine (src/engine/) includes nothing from src/kinds/, src/catalogue/, src/user/,
#     src/cmd/ or functions/ (cycles.py's FORBIDDEN), and cycles.py finds such an include
#     planted in a copy of the engine.
#   - the shared reference code and the references' tests keep the same rules: no function
#     over 100 lines in functions/ or tests/ref/; functions/ holds only function folders
#     (what they share lives in reference/shared/, their tests' shared code in
#     tests/ref/); no reference code of a function folder (reference.c, shortcut.h,
#     pair_ref.h, its tests) includes a kind's or the engine's code (src/kinds/,
#     src/engine/).
#   - the files docs/adding.md names: every kind folder has its kind.c with its table entry
#     (and a *_nogpu.c beside device code), every conversions folder its .def and .cuh;
#     and the check finds each one planted missing in a copy.
#   - tests/gpu/gpu_test.sh refuses a block that is no file of tests/gpu/.
# Prints "layout: N passed, M failed".
cd "$(dirname "$0")/../.." || exit 1
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok: $1"; }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# a C function of n lines in all (signature and closing brace included)
mkfn() {
  { echo "static int f$1(int x) {"
    i=2
    while [ "$i" -lt "$1" ]; do echo "  x += $i;"; i=$((i + 1)); done
    echo "}"; } >"$tmp/f$1.c"
}
mkfn 100
mkfn 101
if python3 scripts/fnlen.py "$tmp/f100.c" >/dev/null; then ok "fnlen passes a function of 100 lines"
else bad "fnlen refuses a function of 100 lines"; fi
out=$(python3 scripts/fnlen.py "$tmp/f101.c")
if [ $? -eq 1 ] && echo "$out" | grep -q '^  101 .*f101.c:1 f101$'; then ok "fnlen names a function of 101 lines"
else bad "fnlen misses a function of 101 lines: '$out'"; fi

files=$(find src reference kernels -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.cuh' | sort)
if out=$(python3 scripts/fnlen.py $files); then ok "no function over 100 lines in src/, reference/, kernels/ ($(echo "$files" | wc -l) files)"
else bad "functions over 100 lines in src/, reference/, kernels/:"; echo "$out"; fi

mkdir -p "$tmp/tree/src/a" "$tmp/tree/src/b"
printf '#include "src/b/b.h"\n' >"$tmp/tree/src/a/a.h"
printf '#include "src/a/a.h"\n' >"$tmp/tree/src/b/b.h"
out=$(python3 scripts/cycles.py "$tmp/tree")
if [ $? -eq 1 ] && echo "$out" | grep -q '^src/a -> src/b -> src/a$'; then ok "cycles.py finds a planted include cycle"
else bad "cycles.py misses a planted include cycle: '$out'"; fi
# a circle of calls between two files of one folder: found, with the function of each step;
# the same files with the callee static in one of them are no circle
mkdir -p "$tmp/fc/src/a"
printf 'int fa(int x) {\n  return x + 1;\n}\nint ga(int x) { return fb(x); }\n' >"$tmp/fc/src/a/one.c"
printf 'int fb(int x) {\n  return fa(x) * 2;\n}\n' >"$tmp/fc/src/a/two.c"
out=$(python3 scripts/cycles.py "$tmp/fc")
rc=$?
sed -i 's/^int fa/static int fa/' "$tmp/fc/src/a/one.c"
if [ $rc -eq 1 ] && echo "$out" | grep -q '^file circle: src/a/one.c -> src/a/two.c -> src/a/one.c$' &&
   echo "$out" | grep -q '^    src/a/two.c calls fa of src/a/one.c$' && python3 scripts/cycles.py "$tmp/fc" >/dev/null
then ok "cycles.py finds a planted circle of calls between two files"
else bad "cycles.py misses a planted circle of calls between two files: '$out'"; fi
# the engine's rule, on a copy of the engine with one include of a kind's header planted
mkdir -p "$tmp/eng/src/engine" "$tmp/eng/src/kinds/k"
cp src/engine/* "$tmp/eng/src/engine/"
printf '/* k.h */\n' >"$tmp/eng/src/kinds/k/k.h"
python3 scripts/cycles.py "$tmp/eng" >/dev/null && clean=1 || clean=0
printf '#include "src/kinds/k/k.h"\n' >>"$tmp/eng/src/engine/progress.c"
out=$(python3 scripts/cycles.py "$tmp/eng")
if [ $? -eq 1 ] && [ $clean -eq 1 ] &&
   echo "$out" | grep -q '^src/engine -> src/kinds/k: forbidden (src/engine/progress.c includes src/kinds/k/k.h)$'
then ok "cycles.py finds an include of a kind planted in the engine"
else bad "cycles.py misses an include of a kind planted in the engine (clean copy passed: $clean): '$out'"; fi
# each top-level rule, on a copy of the tree with one forbidden include planted (the copy
# passes before it)
mkdir -p "$tmp/top"
cp -r src reference kernels functions conversions "$tmp/top/"
python3 scripts/cycles.py "$tmp/top" >/dev/null && clean=1 || clean=0
for plant in "reference/reference.h src/common.h reference -> src/common" \
             "reference/expr/expr.h kernels/ptx.cuh reference/expr -> kernels" \
             "kernels/ptx.cuh src/measure/item_stats.h kernels -> src/measure" \
             "functions/tanh/tanh.cuh src/kinds/binary32/device/work_items.h functions -> src/kinds/binary32/device"; do
  set -- $plant
  cp "$tmp/top/$1" "$tmp/top/$1.keep"
  printf '#include "%s"\n' "$2" >>"$tmp/top/$1"
  out=$(python3 scripts/cycles.py "$tmp/top")
  if [ $? -eq 1 ] && [ $clean -eq 1 ] && echo "$out" | grep -q "^$3 $4 $5: forbidden ($1 includes $2)\$"
  then ok "cycles.py finds $2 included by $1 ($3 $4 $5)"
  else bad "cycles.py misses $2 included by $1 (clean copy passed: $clean): '$out'"; fi
  mv "$tmp/top/$1.keep" "$tmp/top/$1"
done
if out=$(python3 scripts/cycles.py .); then ok "no include cycle between folders, nothing forbidden ($(echo "$out" | tail -1))"
else bad "include cycles between folders, or forbidden includes:"; echo "$out"; fi

files=$(find functions tests/ref -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.cuh' | sort)
if out=$(python3 scripts/fnlen.py $files); then ok "no function over 100 lines in functions/ or tests/ref/ ($(echo "$files" | wc -l) files)"
else bad "functions over 100 lines in functions/ or tests/ref/:"; echo "$out"; fi
loose=$(find functions -mindepth 1 -maxdepth 1 ! -type d | sort)
if [ -z "$loose" ]; then ok "functions/ holds only function folders"
else bad "files at the root of functions/ (shared code belongs in reference/shared/ or tests/ref/):"; echo "$loose"; fi
up=$(find functions \( -name reference.c -o -name shortcut.h -o -name pair_ref.h -o -name 'test_*.c' \) -print0 |
     xargs -0 grep -lE '#include "src/(kinds|engine)/' | sort)
if [ -z "$up" ]; then ok "no reference code of a function folder includes src/kinds/ or src/engine/"
else bad "reference code that includes a kind's or the engine's code:"; echo "$up"; fi

# the files docs/adding.md names ("Adding a kind", "Adding a format"): each kind folder's
# kind.c with its table entry kind_<kind>, and a *_nogpu.c where the folder has device code
# (.cu); each conversions folder's <family>.def and <family>.cuh. One line per file missing.
named_files() { # ROOT
  for d in "$1"/src/kinds/*/; do
    k=$(basename "$d")
    grep -q "^const struct kind kind_$k = {" "$d/kind.c" 2>/dev/null ||
      echo "src/kinds/$k/kind.c: no 'const struct kind kind_$k'"
    if [ -n "$(find "$d" -name '*.cu')" ] && [ -z "$(find "$d" -name '*_nogpu.c')" ]; then
      echo "src/kinds/$k: device code (.cu) without a *_nogpu.c"
    fi
  done
  for d in "$1"/conversions/*/; do
    f=$(basename "$d")
    for x in def cuh; do [ -f "$d/$f.$x" ] || echo "conversions/$f/$f.$x: missing"; done
  done
}
if out=$(named_files .) && [ -z "$out" ]; then
  ok "every kind folder has its kind.c (and *_nogpu.c beside device code), every conversions folder its .def and .cuh"
else bad "files docs/adding.md names are missing:"; echo "$out"; fi
# and it finds each missing file planted in a copy: a kind without kind.c, one with device
# code and no *_nogpu.c, a conversions folder without its .cuh
mkdir -p "$tmp/named/src/kinds/a" "$tmp/named/src/kinds/b" "$tmp/named/conversions/fpx"
printf 'const struct kind kind_b = {\n' >"$tmp/named/src/kinds/b/kind.c"
: >"$tmp/named/src/kinds/b/b_gpu.cu"
: >"$tmp/named/conversions/fpx/fpx.def"
out=$(named_files "$tmp/named")
want="src/kinds/a/kind.c: no 'const struct kind kind_a'
src/kinds/b: device code (.cu) without a *_nogpu.c
conversions/fpx/fpx.cuh: missing"
if [ "$out" = "$want" ]; then ok "the check of the named files finds each one planted missing"
else bad "the check of the named files on a planted copy: '$out'"; fi

# the GPU tests' blocks are the files of tests/gpu/; a block that is none is refused before
# any GPU is probed (exit 2), with the blocks there named
out=$(GPU_TEST_ONLY=libm,nope ULPCERT=/nonexistent sh tests/gpu/gpu_test.sh 2>&1)
if [ $? -eq 2 ] && [ "$out" = "gpu: no block 'nope' (blocks: arch binary32 ff formats libm pair quant search usercode)" ]; then
  ok "gpu_test.sh refuses a block it has not"
else bad "gpu_test.sh with GPU_TEST_ONLY=libm,nope: '$out'"; fi

echo "layout: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
