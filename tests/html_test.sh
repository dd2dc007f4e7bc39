#!/bin/sh
# html_test.sh: the HTML report in a real browser. A report made from committed results of
# every kind (and a CPU run over part of the range), and the committed reports/html: every
# link and image of every page points to a file that exists (and an anchor to an element
# of that page), nothing is fetched from the network; each page, loaded in headless
# Chromium, has no image that failed to load and every table got its filter; a screenshot
# of the index is kept in BUILD/html-test/. Without Chromium (scripts/deps.sh test installs
# Debian's), the browser part is skipped and says so. Needs $ULPCERT.
set -u
U=${ULPCERT:-build/ulpcert}
OUT=$(dirname "$U")/html-test
pass=0
fail=0
skip=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$OUT"

check() { # check NAME COMMAND...
  name=$1
  shift
  if "$@" >"$T/check.log" 2>&1; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: $name"; sed 's/^/    /' "$T/check.log" | head -20; fi
}

"$U" run tanhf.host --backend cpu --from 1.0 --to 1.5 --no-cache --quiet --json "$T/part.json" >/dev/null 2>&1
"$U" report reports/results/tanh-h100.json.gz reports/results/tanh-h200.json.gz reports/results/pow-pairs-h100.json.gz \
  reports/results/ff-h100.json reports/results/half-h100.json "$T/part.json" --out "$T/rep" --quiet
check "report writes html/index.html and a page per family" test -s "$T/rep/html/index.html" -a -s "$T/rep/html/tanh.html"

# links and images, read from the files: relative targets exist, anchors exist, no network
links() {
  python3 - "$1" <<'PY'
import os, sys
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.refs = set(), []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        for k in ("href", "src"):
            if k in a:
                self.refs.append((tag, k, a[k]))

root = sys.argv[1]
pages, bad = {}, []
for f in sorted(os.listdir(root)):
    if f.endswith(".html"):
        p = Page()
        p.feed(open(os.path.join(root, f), encoding="utf-8").read())
        pages[f] = p
for f, p in pages.items():
    for tag, k, ref in p.refs:
        u = urlsplit(ref)
        if u.scheme in ("http", "https") or ref.startswith("//"):
            if tag != "a":
                bad.append("%s: <%s %s=%s> is fetched from the network" % (f, tag, k, ref))
            continue
        if u.scheme:
            bad.append("%s: %s=%s: not a file" % (f, k, ref))
            continue
        target = os.path.normpath(os.path.join(root, unquote(u.path))) if u.path else os.path.join(root, f)
        if not os.path.isfile(target):
            bad.append("%s: %s=%s: no such file" % (f, k, ref))
        elif u.fragment:
            name = os.path.basename(target)
            if name not in pages or u.fragment not in pages[name].ids:
                bad.append("%s: %s=%s: no element with that id" % (f, k, ref))
linked = {os.path.basename(urlsplit(r).path) for _, _, r in pages["index.html"].refs}
for f in pages:
    if f != "index.html" and f not in linked:
        bad.append("%s: no link to it from index.html" % f)
print("%d pages, %d links and images" % (len(pages), sum(len(p.refs) for p in pages.values())))
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY
}
check "links of the test report" links "$T/rep/html"
check "links of the committed reports/html" links reports/html

# in the browser
CHROME=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$CHROME" ]; then
  echo "html: browser checks SKIPPED: chromium not found (scripts/deps.sh test installs Debian's chromium)"
  skip=$((skip + 1))
else
  browse() { # the DOM of page $1 once loaded: no missing image, a filter per table
    timeout 120 "$CHROME" --headless --no-sandbox --disable-gpu --dump-dom "file://$(realpath "$1")" >"$T/dom" 2>/dev/null
    grep -q '<body data-missing-images="0"' "$T/dom" || { grep -o '<body[^>]*>' "$T/dom"; echo "$1: images missing or page not loaded"; return 1; }
    tables=$(grep -o '<table' "$T/dom" | wc -l)
    filters=$(grep -o 'class="filter"' "$T/dom" | wc -l)
    [ "$tables" -eq "$filters" ] || { echo "$1: $tables tables, $filters filters"; return 1; }
  }
  for p in "$T"/rep/html/*.html reports/html/index.html reports/html/tanh.html; do
    check "$p in Chromium" browse "$p"
  done
  timeout 120 "$CHROME" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,1600 \
    --screenshot="$OUT/index.png" "file://$(realpath "$T/rep/html/index.html")" >/dev/null 2>&1
  check "screenshot $OUT/index.png" test -s "$OUT/index.png"
  echo "html: screenshot of the index in $OUT/index.png"
fi

echo "html: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
