#!/bin/sh
# new_kind_test.sh: the recipe of docs/adding.md, "Adding a kind", followed in a temporary copy of
# the tree: a throwaway folder src/kinds/popc/ (one file, kind.c: the bit counts of the
# 16-bit integers by two variants, a SWAR count and one that counts only the low byte,
# each compared on every input with a bit-by-bit count), built without the CUDA toolkit,
# then listed, run (whole, and in two shards merged back from their JSON files), and its
# counts compared with an independent count in Python. Checks that adding the folder was
# the only change: no file outside src/kinds/popc/ differs after the build. Needs
# $ULPCERT only to find nothing: it builds its own binary. Takes a build of the whole
# tree (a minute or two on 2 cores).
set -u
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
check() { if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $*"; fi; }

# 1. a copy of the tree (tracked and untracked files, not the build outputs), and what it holds
mkdir -p "$T/src"
git ls-files -co --exclude-standard -z | (cd "$T/src" && xargs -0 -I{} sh -c 'mkdir -p "$(dirname "$1")"' _ {})
git ls-files -co --exclude-standard -z | xargs -0 -I{} cp -p {} "$T/src/{}" 2>/dev/null
tree_sums() { (cd "$T/src" && find . -type f | LC_ALL=C sort | xargs sha1sum); }
tree_sums >"$T/before"
D="$T/src/src/kinds/popc"
mkdir -p "$D"

# 2. the folder: one kind.c with the struct kind entry kind_popc
cat >"$D/kind.c" <<'KIND'
/* kind.c: popc, a throwaway kind of tests/suites/new_kind_test.sh: the bit count of every 16-bit
 * integer in [--from, --to] by each variant, against a bit-by-bit count. CPU only. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/driver.h"
#include "src/engine/kind.h"
#include "src/engine/results.h"

#define POPC_NV 2
#define POPC_LAST 0xffffu
static const char *const popc_names[POPC_NV] = {"popc.swar", "popc.low8"};

static int popc_ref(uint32_t x) {
  int n = 0;
  for (; x; x >>= 1) n += x & 1;
  return n;
}
static int popc_swar(uint32_t x) { /* bits per pair, per nibble, per byte, then the two bytes */
  x = x - ((x >> 1) & 0x5555u);
  x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
  x = (x + (x >> 4)) & 0x0f0fu;
  return (int)((x + (x >> 8)) & 0x1fu);
}
static int popc_low8(uint32_t x) { return popc_ref(x & 0xffu); } /* wrong when the high byte is not 0 */
static int (*const popc_fns[POPC_NV])(uint32_t) = {popc_swar, popc_low8};

struct kind_result {
  struct run_info ri;
  int nv, v[POPC_NV];
  uint64_t inputs[POPC_NV], wrong[POPC_NV];
  uint32_t first_wrong[POPC_NV]; /* UINT32_MAX: none */
};

static int owns(const char *name) {
  for (int k = 0; k < POPC_NV; k++)
    if (!strcmp(name, popc_names[k])) return 1;
  return !strcmp(name, "popc");
}

static void list(FILE *f) {
  fprintf(f, "\nbit counts (family popc; the 16-bit integers; CPU):\n");
  for (int k = 0; k < POPC_NV; k++) fprintf(f, "  %s\n", popc_names[k]);
}

static struct kind_result *alloc(void) {
  struct kind_result *r = calloc(1, sizeof *r);
  for (int k = 0; r && k < POPC_NV; k++) r->first_wrong[k] = UINT32_MAX;
  return r;
}
static void release(struct kind_result *r) { free(r); }
static struct run_info *info(struct kind_result *r) { return &r->ri; }

static int begin(struct run_request *rq, struct kind_result **out) {
  struct kind_result *r = alloc();
  if (!r) return EXIT_IO;
  for (int i = 0; i < rq->nnames; i++)
    for (int k = 0; k < POPC_NV; k++) {
      int take = !strcmp(rq->names[i], "popc") || !strcmp(rq->names[i], popc_names[k]);
      for (int j = 0; j < r->nv && take; j++) take = r->v[j] != k;
      if (take) r->v[r->nv++] = k;
    }
  run_info_cpu(rq->sc, &r->ri);
  if (r->ri.to > POPC_LAST) r->ri.to = POPC_LAST;
  if (r->ri.from > r->ri.to) {
    errorf("popc variants take the 16-bit integers: --from 0x%08x is above 0x%04x", r->ri.from, POPC_LAST);
    release(r);
    return EXIT_USAGE;
  }
  *out = r;
  return 0;
}

static int scan(struct kind_result *r, uint32_t from, uint32_t to, uint32_t cov[][2], int *ncov) {
  for (uint32_t x = from; x <= to; x++)
    for (int i = 0; i < r->nv; i++) {
      r->inputs[i]++;
      if (popc_fns[r->v[i]](x) != popc_ref(x)) {
        r->wrong[i]++;
        if (x < r->first_wrong[i]) r->first_wrong[i] = x;
      }
    }
  cov[0][0] = from, cov[0][1] = to, *ncov = 1;
  return g_scan_stop ? EXIT_INTERRUPT : 0;
}

static int status(const struct kind_result *r) {
  for (int i = 0; i < r->nv; i++)
    if (r->wrong[i]) return EXIT_FAIL;
  return EXIT_OK;
}

static void print(FILE *f, const struct kind_result *r) {
  fprintf(f, "%-12s %8s %8s %12s\n", "variant", "inputs", "wrong", "first wrong");
  for (int i = 0; i < r->nv; i++) {
    char fw[16] = "-";
    if (r->wrong[i]) snprintf(fw, sizeof fw, "0x%04x", r->first_wrong[i]);
    fprintf(f, "%-12s %8llu %8llu %12s\n", popc_names[r->v[i]], (unsigned long long)r->inputs[i],
            (unsigned long long)r->wrong[i], fw);
  }
}

static int write_file(const char *path, const struct kind_result *r, char *err, size_t errlen) {
  json_t *root = result_header_json(&r->ri, "popc"), *res = json_array();
  result_range_json(root, &r->ri);
  for (int i = 0; i < r->nv; i++)
    json_array_append_new(res, json_pack("{s:s, s:I, s:I, s:I}", "variant", popc_names[r->v[i]], "inputs",
                                         (json_int_t)r->inputs[i], "wrong", (json_int_t)r->wrong[i], "first_wrong",
                                         r->wrong[i] ? (json_int_t)r->first_wrong[i] : (json_int_t)-1));
  return result_write_free(path, root, res, err, errlen);
}

/* One entry of "results" into variant slot r->nv. 0, or -1 when it is not one. */
static int read_entry(json_t *o, struct kind_result *r) {
  const char *name = json_string_value(json_object_get(o, "variant"));
  json_t *n = json_object_get(o, "inputs"), *w = json_object_get(o, "wrong"), *fw = json_object_get(o, "first_wrong");
  int k = 0;
  while (name && k < POPC_NV && strcmp(name, popc_names[k])) k++;
  if (!name || k == POPC_NV || !json_is_integer(n) || !json_is_integer(w) || !json_is_integer(fw)) return -1;
  r->v[r->nv] = k;
  r->inputs[r->nv] = (uint64_t)json_integer_value(n);
  r->wrong[r->nv] = (uint64_t)json_integer_value(w);
  r->first_wrong[r->nv] = json_integer_value(fw) < 0 ? UINT32_MAX : (uint32_t)json_integer_value(fw);
  r->nv++;
  return 0;
}

static int read_file(json_t *root, const char *path, struct kind_result **out, char *err, size_t errlen) {
  struct kind_result *r = alloc();
  if (!r) return EXIT_IO;
  int rc = run_info_read(root, path, &r->ri, err, errlen);
  json_t *res = json_object_get(root, "results");
  int bad = !rc && (json_array_size(res) < 1 || json_array_size(res) > POPC_NV);
  for (size_t i = 0; !rc && !bad && i < json_array_size(res); i++) bad = read_entry(json_array_get(res, i), r);
  if (bad) {
    snprintf(err, errlen, "%s: missing or invalid field 'results'", path);
    rc = EXIT_CORRUPT;
  }
  if (rc) {
    release(r);
    return rc;
  }
  *out = r;
  return 0;
}

static int same(const struct kind_result *a, const struct kind_result *b, const char *pa, const char *pb, char *err,
                size_t errlen) {
  int differ = a->nv != b->nv;
  for (int i = 0; i < a->nv && !differ; i++) differ = a->v[i] != b->v[i];
  if (differ) snprintf(err, errlen, "%s and %s hold other popc variants", pa, pb);
  return differ ? EXIT_USAGE : 0;
}

static void merge(struct kind_result *a, const struct kind_result *b) {
  for (int i = 0; i < a->nv; i++) {
    a->inputs[i] += b->inputs[i], a->wrong[i] += b->wrong[i];
    if (b->first_wrong[i] < a->first_wrong[i]) a->first_wrong[i] = b->first_wrong[i];
  }
}

const struct kind kind_popc = {
    .name = "popc",
    .title = "bit count",
    .unit = "inputs",
    .run_help = "Bit-count variants (family popc) run on the CPU over the 16-bit integers in [--from, --to].\n",
    .owns = owns,
    .list = list,
    .begin = begin,
    .scan = scan,
    .status = status,
    .read = read_file,
    .info = info,
    .same = same,
    .merge = merge,
    .write = write_file,
    .print = print,
    .release = release,
};
KIND

# 3. build (no CUDA toolkit: the CPU backend)
if ! make -C "$T/src" -j2 NVCC= BUILD="$T/b" "$T/b/ulpcert" >"$T/build.log" 2>&1; then
  tail -30 "$T/build.log"
  echo "newkind: 0 passed, 1 failed"
  exit 1
fi
U="$T/b/ulpcert"

# 4. the folder was the only change: every other file of the copy is as it was
tree_sums >"$T/after"
check sh -c "diff '$T/before' '$T/after' | grep '^[<>]' | grep -v '^> [0-9a-f]*  ./src/kinds/popc/' | \
  { ! grep .; }"
check grep -q '  ./src/kinds/popc/kind.c$' "$T/after"

# 5. the kind table knows it, next to the others
"$U" list >"$T/list.txt" 2>&1
check grep -q '^  popc.swar$' "$T/list.txt"
check grep -q '^  popc.low8$' "$T/list.txt"
check grep -q 'tanhf.host' "$T/list.txt"
"$U" run --help >"$T/help.txt" 2>&1
check grep -q '^Bit-count variants (family popc)' "$T/help.txt"

# 6. runs: the whole domain (exit 1: popc.low8 is wrong), a correct variant alone (exit 0),
# two shards merged back from their files, and a range
"$U" run popc --json "$T/full.json" >"$T/full.txt" 2>&1
check test $? -eq 1
"$U" run popc.swar --json "$T/swar.json" >/dev/null 2>&1
check test $? -eq 0
"$U" run popc --shard 0/2 --json "$T/s0.json" --quiet >/dev/null 2>&1
"$U" run popc --shard 1/2 --json "$T/s1.json" --quiet >/dev/null 2>&1
"$U" merge "$T/s0.json" "$T/s1.json" --json "$T/merged.json" >"$T/merge.txt" 2>&1
check test $? -eq 0
"$U" run popc --from 0x80 --to 0x2ff --json "$T/range.json" >/dev/null 2>&1

# 7. the counts, against bit counts of Python's own (bin(x).count)
check python3 - "$T" <<'PY'
import json, sys
T = sys.argv[1]
ones = lambda x: bin(x).count("1")
variants = {"popc.swar": lambda x: x, "popc.low8": lambda x: x & 0xFF}  # what each one counts
def expect(lo, hi):
    out = {}
    for name, part in variants.items():
        bad = [x for x in range(lo, hi + 1) if ones(part(x)) != ones(x)]
        out[name] = (hi - lo + 1, len(bad), bad[0] if bad else -1)
    return out
def got(path):
    d = json.load(open(path))
    assert d["kind"] == "popc" and d["complete"] is True, d
    return d, {r["variant"]: (r["inputs"], r["wrong"], r["first_wrong"]) for r in d["results"]}
full = expect(0, 0xFFFF)
assert full["popc.low8"] == (65536, 65280, 0x100), full  # every input with a high byte is wrong
for path, lo, hi in (("full", 0, 0xFFFF), ("merged", 0, 0xFFFF), ("range", 0x80, 0x2FF)):
    d, g = got("%s/%s.json" % (T, path))
    assert g == expect(lo, hi), (path, g)
    assert (d["domain"]["from"], d["domain"]["to"]) == ("0x%08x" % lo, "0x%08x" % hi), (path, d["domain"])
d, g = got(T + "/swar.json")
assert g == {"popc.swar": full["popc.swar"]}, g
s0, s1 = (got("%s/s%d.json" % (T, k))[0]["domain"] for k in (0, 1))
assert int(s0["to"], 16) + 1 == int(s1["from"], 16) and s0["from"] == "0x00000000" and s1["to"] == "0x0000ffff", (s0, s1)
PY
check grep -q '^popc.low8       65536    65280       0x0100$' "$T/merge.txt"

echo "newkind: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
