#!/bin/sh
# readme_test.sh: the README cannot go stale.
#  1. Its examples run as written: the code blocks marked "test=FILE" are written to a
#     temporary folder, the "sh test" blocks are run there on the CPU backend (`ulpcert` is
#     $ULPCERT), and every line of the "text test-output" block after each is in what the
#     command printed (the exit status must be 0). The maximum ulp error that the README
#     shows for my_sigmoid is recomputed independently (a C loop against a binary64
#     sigmoid, whose error is far below the printed digits), and the claim in the
#     certify example must equal it. The CUDA block must compile with nvcc where there is
#     one, and its "sh test-gpu" command runs where a GPU is usable.
#  2. No stale pointer: every repository path named in README.md, docs/*.md, the --help
#     texts of every command, and the comments of src/ and functions/ exists (paths under
#     build/ are outputs; a path with a placeholder such as <name> is a pattern; the short
#     list NOT_PATHS below names the intentional others), every relative link of their
#     Markdown leads to a file that exists, and no generated block of the README or docs/
#     holds a machine's path (/tmp/, /root/, /home/).
# Needs $ULPCERT.
set -u
U=${ULPCERT:-build/ulpcert}
case $U in /*) ;; *) U=$(pwd)/$U ;; esac
pass=0
fail=0
skip=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# --- 1. the examples --------------------------------------------------------------------
python3 - README.md "$T" <<'EOF' || bad "README: the marked blocks cannot be extracted"
import re, sys, os
readme, out = sys.argv[1], sys.argv[2]
lines = open(readme).read().split("\n")
i, n, cmds = 0, 0, []
while i < len(lines):
    m = re.match(r"^```(\w+)(?: (.*))?$", lines[i])
    if not m:
        i += 1
        continue
    j = i + 1
    while not lines[j].startswith("```"):
        j += 1
    body = "\n".join(lines[i + 1:j]) + "\n"
    info = m.group(2) or ""
    if info.startswith("test="):
        open(os.path.join(out, info[5:]), "w").write(body)
    elif info in ("test", "test-gpu"):
        n += 1
        open(os.path.join(out, "cmd%d.%s" % (n, info)), "w").write(body)
    elif info == "test-output":
        open(os.path.join(out, "cmd%d.out" % n), "w").write(body)
    i = j + 1
EOF
ncmd=0
for c in "$T"/cmd*.test; do
  [ -f "$c" ] || continue
  ncmd=$((ncmd + 1))
  k=$(basename "$c" .test)
  (cd "$T" && sed "s#^ulpcert #\"$U\" #" "$c" | sh) >"$T/$k.got" 2>"$T/$k.err"
  rc=$?
  if [ $rc -ne 0 ]; then bad "README command $(head -1 "$c"): exit status $rc"; sed 's/^/    /' "$T/$k.err" | tail -5; continue; fi
  if [ -f "$T/$k.out" ]; then
    missing=$(python3 - "$T/$k.out" "$T/$k.got" <<'EOF'
import sys
want = [l.rstrip() for l in open(sys.argv[1]) if l.strip() and l.strip() != "..."]
got = [l.rstrip() for l in open(sys.argv[2])]
for w in want:
    if w not in got:
        print(w)
EOF
)
    if [ -n "$missing" ]; then bad "README command $(head -1 "$c"): the output shown in the README is not what it prints:"; echo "$missing" | sed 's/^/    missing: /'; sed 's/^/    got: /' "$T/$k.got"
    else ok; fi
  else ok; fi
done
[ "$ncmd" -ge 2 ] && ok || bad "README: fewer than 2 marked commands (found $ncmd)"

# the figure the README shows, recomputed: a C loop over [1, 2] against sigmoid in binary64
if [ -f "$T/my_sigmoid.c" ]; then
  cat >"$T/indep.c" <<'EOF'
#include <math.h>
#include <stdio.h>
#include <string.h>
float my_sigmoid(float x);
int main(void) {
  /* every binary32 x in [1, 2]; ulp of the binary32 rounding of the binary64 value */
  double worst = 0;
  for (float x = 1.0f; x <= 2.0f; x = nextafterf(x, 3.0f)) {
    double ref = 1.0 / (1.0 + exp(-(double)x));
    int e;
    frexp((double)(float)ref, &e);
    double ulp = ldexp(1.0, e - 24);
    double err = fabs((double)my_sigmoid(x) - ref) / ulp;
    if (err > worst) worst = err;
  }
  printf("%.5f\n", worst);
  return 0;
}
EOF
  if cc -O0 -ffp-contract=off -o "$T/indep" "$T/indep.c" "$T/my_sigmoid.c" -lm 2>"$T/indep.err"; then
    want=$("$T/indep")
    shown=$(grep -o 'max ulp error *[0-9.]*' "$T/cmd1.out" 2>/dev/null | head -1 | grep -o '[0-9.]*$')
    claim=$(grep -o 'maxulperr = [0-9.]*' "$T/my_sigmoid_claim.c" 2>/dev/null | grep -o '[0-9.]*$')
    [ -n "$shown" ] && [ "$shown" = "$want" ] && ok || bad "README: my_sigmoid's max ulp shown '$shown', recomputed $want"
    [ -n "$claim" ] && [ "$claim" = "$want" ] && ok || bad "README: the certify example claims '$claim', recomputed $want"
  else
    bad "README: the independent check does not compile"; cat "$T/indep.err"
  fi
fi

# the CUDA example: compiles as CUDA; runs where a GPU is usable
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
for f in "$T"/*.cu; do
  [ -f "$f" ] || continue
  if [ -x "$NVCC" ]; then
    "$NVCC" -c -rdc=true -o "$T/cu.o" "$f" >"$T/cu.err" 2>&1 && ok || { bad "README: $(basename "$f") does not compile"; cat "$T/cu.err"; }
  else skip=$((skip + 1)); echo "readme: $(basename "$f"): no nvcc, compile check skipped"; fi
done
for c in "$T"/cmd*.test-gpu; do
  [ -f "$c" ] || continue
  if "$U" run tanh.approx --backend gpu --from 0 --to 0 --no-cache --quiet >/dev/null 2>&1; then
    (cd "$T" && sed "s#^ulpcert #\"$U\" #" "$c" | sh) >"$T/gpu.got" 2>&1 && ok || { bad "README GPU command $(head -1 "$c")"; tail -5 "$T/gpu.got"; }
  else skip=$((skip + 1)); echo "readme: no usable GPU: the README's GPU command skipped"; fi
done

# --- 2. stale pointers ------------------------------------------------------------------
"$U" --help >"$T/help.txt" 2>&1
for c in list run bench refcheck merge selftest report certify arch; do "$U" "$c" --help >>"$T/help.txt" 2>&1; done
out=$(python3 - "$T/help.txt" <<'EOF'
import glob, os, re, sys
# intentional non-paths: names of outputs or examples that a command creates
NOT_PATHS = {
    "shared/seeds/002",       # the seed document the tanh implementations come from, not in the repository
}
NOT_PREFIXES = ("functions/foo/",)  # the worked example of docs/adding.md, a function to be written
ROOTS = "src|functions|tests|scripts|reports|docs|kernels|conversions|shared"
PATH = re.compile(r"(?<![\w/.$-])((?:\.\./)*)((?:%s)/[\w.+-]*(?:/[\w.+-]+)*/?)" % ROOTS)
PATTERN_NEXT = set("<*{$[%")

def paths(text):
    for m in PATH.finditer(text):
        p = m.group(2)
        nxt = text[m.end():m.end() + 1]
        if nxt in PATTERN_NEXT or nxt == "(":
            continue
        p = p.rstrip(".,:;")
        if p.endswith("/..") or "XXXX" in p:
            continue
        yield p

def comments(text):
    for m in re.finditer(r"/\*.*?\*/|//[^\n]*|^\s*#(?!\s*(?:include|define|if|ifdef|ifndef|endif|else|elif|undef|pragma|error)\b)[^\n]*", text, re.S | re.M):
        yield m.group(0)

stale = []
def check(where, text):
    for p in paths(text):
        if p in NOT_PATHS or p.startswith(NOT_PREFIXES) or os.path.exists(p):
            continue
        stale.append("%s: %s" % (where, p))

for f in ["README.md"] + sorted(glob.glob("docs/*.md")):
    check(f, open(f).read())
    # every relative link of the Markdown leads to a file or folder that exists
    for m in re.finditer(r"\]\(([^)\s#]+)(#[^)]*)?\)", open(f).read()):
        t = m.group(1)
        if not re.match(r"\w+:", t) and not os.path.exists(os.path.join(os.path.dirname(f), t)):
            stale.append("%s: link %s" % (f, t))
check("--help", open(sys.argv[1]).read())
for f in sorted(glob.glob("src/**/*", recursive=True) + glob.glob("functions/**/*", recursive=True)):
    if os.path.isfile(f) and f.endswith((".c", ".h", ".cu", ".cuh", ".def")):
        for c in comments(open(f, errors="replace").read()):
            check(f, c)
for s in stale:
    print("stale: " + s)
# machine paths in generated blocks
for f in ["README.md"] + sorted(glob.glob("docs/*.md")):
    t = open(f).read()
    for b in re.finditer(r"<!-- BEGIN generated:.*?<!-- END generated -->", t, re.S):
        for m in re.finditer(r"(?<![\w.])/(?:tmp|root|home)/\S*", b.group(0)):
            print("machine path in a generated block of %s: %s" % (f, m.group(0)))
EOF
)
if [ -n "$out" ]; then bad "stale pointers:"; echo "$out" | sed 's/^/    /'; else ok; fi

echo "readme: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
