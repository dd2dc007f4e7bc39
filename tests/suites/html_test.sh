#!/bin/sh
# html_test.sh: the HTML report in a real browser. A report made from committed results of
# every kind (and a CPU run over part of the range), and the committed reports/html: every
# link and image of every page points to a file that exists (and an anchor to an element
# of that page), nothing is fetched from the network; each page, loaded in headless
# Chromium, has no image that failed to load and every table got its filter; a screenshot
# of the index is kept in BUILD/html-test/. Without Chromium (scripts/deps.sh test installs
# Debian's), the browser part is skipped and says so. A page made here drives the index's
# sorting and filtering. Needs $ULPCERT.
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
  reports/results/ff-h100.json reports/results/half-h100.json reports/results/expf.host-h100.json.gz \
  reports/results/sinf.host-h100.json.gz "$T/part.json" --out "$T/rep" --quiet
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
  # the index's tables sort and filter: a page that loads it in a frame clicks the heading
  # of the Functions table's 'worst max ulp' column (ascending, then descending: the numbers
  # must come in order) and types 'tanh' in its filter (only rows holding it stay shown)
  cat >"$T/harness.html" <<HTML
<!DOCTYPE html><html><body><iframe id="f" src="file://$(realpath "$T/rep/html/index.html")"></iframe><script>
document.getElementById('f').addEventListener('load', function () {
  var d = this.contentDocument, t = d.getElementById('functions').nextElementSibling.nextElementSibling.querySelector('table');
  function col() { return Array.prototype.map.call(t.tBodies[0].rows, function (r) { return parseFloat(r.cells[2].textContent); }); }
  function sorted(a, up) { return a.every(function (v, i) { return i == 0 || (up ? a[i - 1] <= v : a[i - 1] >= v); }); }
  var th = t.tHead.rows[0].cells[2], ok = [];
  th.click(); ok.push(sorted(col(), true));
  th.click(); ok.push(sorted(col(), false));
  var f = t.previousElementSibling; f.value = 'tanh'; f.dispatchEvent(new Event('input'));
  var shown = Array.prototype.filter.call(t.tBodies[0].rows, function (r) { return r.style.display !== 'none'; });
  ok.push(shown.length > 0 && shown.length < t.tBodies[0].rows.length &&
          shown.every(function (r) { return r.textContent.toLowerCase().indexOf('tanh') >= 0; }));
  document.body.setAttribute('data-result', ok.join(','));
});
</script></body></html>
HTML
  sortfilter() {
    timeout 120 "$CHROME" --headless --no-sandbox --disable-gpu --allow-file-access-from-files --virtual-time-budget=5000 \
      --dump-dom "file://$T/harness.html" 2>/dev/null | grep -q 'data-result="true,true,true"'
  }
  check "the index's Functions table sorts up and down and filters" sortfilter
  timeout 120 "$CHROME" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,1600 \
    --screenshot="$OUT/index.png" "file://$(realpath "$T/rep/html/index.html")" >/dev/null 2>&1
  check "screenshot $OUT/index.png" test -s "$OUT/index.png"
  echo "html: screenshot of the index in $OUT/index.png"
fi

echo "html: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
