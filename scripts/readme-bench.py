#!/usr/bin/env python3
"""readme-bench.py README NAME FILE: replaces the README block
'<!-- BEGIN generated: NAME (FILE) -->' ... '<!-- END generated -->' with FILE's text in
a code fence (the output of `ulpcert bench` committed under reports/bench/), so that the
figures in the README are the committed run's, never typed. Writes atomically."""
import os
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: readme-bench.py README NAME FILE")
    readme, name, path = sys.argv[1:]
    text = open(readme).read()
    begin = "<!-- BEGIN generated: %s (%s) -->" % (name, path)
    end = "<!-- END generated -->"
    i = text.find(begin)
    j = text.find(end, i + 1) if i >= 0 else -1
    if i < 0 or j < 0:
        sys.exit("readme-bench.py: %s has no '%s' ... '%s' block" % (readme, begin, end))
    body = open(path).read().rstrip("\n")
    new = text[: i + len(begin)] + "\n```\n" + body + "\n```\n" + text[j:]
    tmp = readme + ".tmp"
    with open(tmp, "w") as f:
        f.write(new)
    os.replace(tmp, readme)


if __name__ == "__main__":
    main()
