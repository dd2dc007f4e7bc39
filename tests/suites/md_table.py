"""md_table.py: the rows of a table that `ulpcert report` generates, for the tests' checks
of the Markdown it writes (import it with PYTHONPATH=tests/suites)."""


def rows(md_path, heading, prefix):
    """The cells, stripped, of every row that starts with prefix in the section of md_path
    under heading (up to the next level-2 heading)."""
    sec = open(md_path).read().split(heading)[1].split("\n## ")[0]
    return [[c.strip() for c in l.split("|")[1:-1]] for l in sec.splitlines() if l.startswith(prefix)]


def row(md_path, heading, prefix):
    """The cells of the one row that starts with prefix there; AssertionError unless there is
    exactly one."""
    r = rows(md_path, heading, prefix)
    assert len(r) == 1, (prefix, r)
    return r[0]
