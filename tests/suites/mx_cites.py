#!/usr/bin/env python3
"""mx_cites.py: every citation of the OCP MX v1.0 specification in the quantizers' code and
documentation names a section or table listed in docs/mx-spec-sections.txt, and every entry
there is cited. Citations: "section 6.3", "sections 5.3 and 6.3", "section 5.4.1", "6.3's",
"§6.3", "Table 1"; a section of another document ("IEEE 754 section 7.4") is not one.
--self-test: the same check on planted texts, which must be caught. Exit 0, or 1 with the
citations (file:line) that name no entry and the entries nobody cites."""
import os
import re
import sys

LIST = "docs/mx-spec-sections.txt"
PLACES = ["reference/quant", "src/kinds/quant", "src/kinds/sround", "docs/quantizers.md"]
OTHER = r"(?:IEEE 754|IEEE 754-2019|PTX ISA|C11|C99)"
NUM = r"\d+(?:\.\d+)*"


def entries(path):
    out = set()
    for line in open(path, encoding="utf-8"):
        if line.strip() and not line.startswith("#"):
            out.add(line.split("|")[0].strip())
    return out


def cites(text):
    """(number, offset) of each citation in text"""
    out = []
    for m in re.finditer(r"(%s,? )?\b[Ss]ections? (%s(?:(?:,| and| or| to) %s)*)" % (OTHER, NUM, NUM), text):
        if not m.group(1):
            out += [(n, m.start()) for n in re.findall(NUM, m.group(2))]
    out += [(m.group(1), m.start()) for m in re.finditer(r"§ ?(%s)" % NUM, text)]
    out += [(m.group(1), m.start()) for m in re.finditer(r"\b(\d+\.\d+)'s\b", text)]
    out += [("Table " + m.group(1), m.start()) for m in re.finditer(r"\bTable (\d+)\b", text)]
    return out


def files():
    for p in PLACES:
        if os.path.isfile(p):
            yield p
        for d, _, fs in os.walk(p):
            for f in sorted(fs):
                yield os.path.join(d, f)


def check(known, texts):
    bad, used = [], set()
    for name, text in texts:
        for n, at in cites(text):
            used.add(n)
            if n not in known:
                bad.append("%s:%d: cites %s, which %s does not list" % (name, text.count("\n", 0, at) + 1, n, LIST))
    return bad, sorted(known - used)


def self_test(known):
    planted = [("planted", "the scale of OCP MX v1.0 section 6.4 (sections 5.3 and 5.9), Table 12, §7.1, 6.2's rule")]
    bad, _ = check(known, planted)
    want = {"6.4", "5.9", "Table 12", "7.1", "6.2"}
    found = {b.split("cites ")[1].split(",")[0] for b in bad}
    assert found == want, (found, want)
    ok, _ = check(known, [("fine", "OCP MX v1.0 section 6.3, sections 5.3 and 5.4, IEEE 754 section 7.4, Table 1")])
    assert not ok, ok
    print("mx_cites self-test: %d planted citations caught, a citation of IEEE 754 left alone" % len(want))


def main():
    known = entries(LIST)
    if "--self-test" in sys.argv:
        self_test(known)
        return 0
    texts = [(f, open(f, encoding="utf-8", errors="replace").read()) for f in files()]
    bad, unused = check(known, texts)
    for b in bad:
        print(b)
    for u in unused:
        print("%s lists %s, which nothing cites" % (LIST, u))
    n = sum(len(cites(t)) for _, t in texts)
    print("mx_cites: %d citations in %d files, %d entries; %d not listed, %d entries not cited" %
          (n, len(texts), len(known), len(bad), len(unused)))
    return 1 if bad or unused else 0


if __name__ == "__main__":
    sys.exit(main())
