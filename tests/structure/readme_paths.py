#!/usr/bin/env python3
"""Every path a README table names exists.

Usage: readme_paths.py SOURCE_DIR

Looks at the tables (lines starting with '|') of every README.md in the tree (not build/ or
virtual environments) and checks each `code span` that looks like a path (has a '/' or a file
extension) and each relative markdown link. A path is looked up from the folder the row's first
cell names (a row about `drone/` may name `core/`), from the README's folder, then from the top
of the tree. Prints each missing one; exit status 1 when any is missing.
"""
import re
import sys
from pathlib import Path

CODE = re.compile(r"`([^`\s]+)`")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
LOOKS_LIKE_PATH = re.compile(r"^[\w.\-/]+$")
SKIP_DIRS = {"build", ".git", "node_modules", "python-venv", ".venv"}


def candidates(cell):
    for m in CODE.finditer(cell):
        text = m.group(1)
        if LOOKS_LIKE_PATH.match(text) and ("/" in text or re.search(r"\.[a-z]{1,4}$", text)) and "://" not in text:
            yield text
    for m in LINK.finditer(cell):
        if "://" not in m.group(1):
            yield m.group(1)


def main():
    root = Path(sys.argv[1]).resolve()
    missing = checked = 0
    for readme in sorted(root.rglob("README.md")):
        if SKIP_DIRS & set(readme.relative_to(root).parts):
            continue
        for n, line in enumerate(readme.read_text().splitlines(), 1):
            if not line.lstrip().startswith("|"):
                continue
            first = list(candidates(line.split("|")[1]))
            bases = [readme.parent / first[0], root / first[0]] if first else []
            bases += [readme.parent, root]
            for path in candidates(line):
                checked += 1
                if not any((base / path).exists() for base in bases):
                    print(f"{readme.relative_to(root)}:{n}: names {path}, which does not exist")
                    missing += 1
    if missing:
        print(f"{missing} of {checked} paths named in README tables are missing")
        return 1
    print(f"README tables: all {checked} named paths exist")
    return 0


if __name__ == "__main__":
    sys.exit(main())
