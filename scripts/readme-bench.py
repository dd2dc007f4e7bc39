#!/usr/bin/env python3
"""readme-bench.py DOC NAME FILE, or readme-bench.py --all DOC...: replaces the block
'<!-- BEGIN generated: NAME (FILE) -->' ... '<!-- END generated -->' of DOC (with --all:
every such block of each DOC) with FILE's text in a code fence (the output of
`ulpcert bench` committed under reports/bench/), so that the figures in the manual are
the committed run's, never typed. The command line that FILE records is shown as it
would be typed anywhere: the program as `ulpcert` and each file it was given by its
name alone (no machine's folders). Writes atomically; `make report` runs it."""
import os
import re
import sys

END = "<!-- END generated -->"
BEGIN = re.compile(r"<!-- BEGIN generated: ([^()]+?) \(([^()]+)\) -->")


def portable(line):
    """'command: /x/y/ulpcert bench --json /r/o.json' -> 'command: ulpcert bench --json o.json'"""
    if not line.startswith("command: "):
        return line
    words = line[len("command: "):].split(" ")
    words = [os.path.basename(w) if w.startswith("/") else w for w in words]
    return "command: " + " ".join(words)


def fill(text, begin, path):
    i = text.find(begin)
    j = text.find(END, i + 1) if i >= 0 else -1
    if i < 0 or j < 0:
        return None
    body = "\n".join(portable(l) for l in open(path).read().rstrip("\n").split("\n"))
    return text[: i + len(begin)] + "\n```\n" + body + "\n```\n" + text[j:]


def write(doc, text):
    tmp = doc + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, doc)


def main():
    args = sys.argv[1:]
    if len(args) >= 2 and args[0] == "--all":
        for doc in args[1:]:
            text = open(doc).read()
            for m in list(BEGIN.finditer(text)):
                text = fill(text, m.group(0), m.group(2))
            write(doc, text)
        return
    if len(args) != 3:
        sys.exit("usage: readme-bench.py DOC NAME FILE | readme-bench.py --all DOC...")
    doc, name, path = args
    begin = "<!-- BEGIN generated: %s (%s) -->" % (name, path)
    text = fill(open(doc).read(), begin, path)
    if text is None:
        sys.exit("readme-bench.py: %s has no '%s' ... '%s' block" % (doc, begin, END))
    write(doc, text)


if __name__ == "__main__":
    main()
