#!/usr/bin/env python3
"""Every path a README table names exists, and every source folder is named in one.

Usage: readme_paths.py SOURCE_DIR

Looks at the tables (lines starting with '|') of every README.md in the tree (not build/ or
virtual environments) and checks each `code span` that looks like a path (has a '/' or a file
extension) and each relative markdown link. A path is looked up from the folder the row's first
cell names (a row about `drone/` may name `core/`), from the README's folder, then from the top
of the tree. Prints each missing one.

Then the other way: every folder holding source (code, build or test files) must be named in
the top README's "What is here" table, a folder under tests/ in tests/README.md's table (a
package's inner folders, src/staccato/ or staccato/v1/, count as their package's). Prints each
folder no table names. Exit status 1 when anything is missing.
"""
import re
import sys
from pathlib import Path

CODE = re.compile(r"`([^`\s]+)`")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
LOOKS_LIKE_PATH = re.compile(r"^[\w.\-/]+$")
SKIP_DIRS = {"build", ".git", "node_modules", "python-venv", ".venv", "__pycache__"}
SOURCE = {".cpp", ".h", ".c", ".proto", ".py", ".sh", ".cmake"}  # a folder with only a CMakeLists.txt gathers others
PACKAGE_INNER = {"src", "staccato", "v1"}  # python/src/staccato, proto/staccato/v1


def candidates(cell):
    for m in CODE.finditer(cell):
        text = m.group(1)
        if LOOKS_LIKE_PATH.match(text) and ("/" in text or re.search(r"\.[a-z]{1,4}$", text)) and "://" not in text:
            yield text
    for m in LINK.finditer(cell):
        if "://" not in m.group(1):
            yield m.group(1)


def table_rows(readme, root):
    """(line number, row, the folders a path is looked up from) of each table row."""
    for n, line in enumerate(readme.read_text().splitlines(), 1):
        if not line.lstrip().startswith("|"):
            continue
        first = list(candidates(line.split("|")[1]))
        bases = [readme.parent / first[0], root / first[0]] if first else []
        yield n, line, bases + [readme.parent, root]


def source_folders(root):
    """Every folder (below the top) that holds source, build or test files."""
    for folder in sorted(p for p in root.rglob("*") if p.is_dir()):
        rel = folder.relative_to(root)
        if rel.parts[0].startswith(".") or SKIP_DIRS & set(rel.parts) or rel.parts[0] in ("docs", "debian"):
            continue
        if any(f.is_file() and f.suffix in SOURCE for f in folder.iterdir()):
            while rel.parts[-1] in PACKAGE_INNER and len(rel.parts) > 1:
                rel = rel.parent
            yield rel


def unnamed_folders(root):
    named = {}
    for table in (root / "README.md", root / "tests" / "README.md"):
        named[table] = set()
        if table.exists():
            for _, line, bases in table_rows(table, root):
                for path in candidates(line):
                    for base in bases:
                        if (base / path).is_dir():
                            named[table].add((base / path).resolve())
    for rel in sorted(set(source_folders(root))):
        table = root / ("tests/README.md" if rel.parts[0] == "tests" and len(rel.parts) > 1 else "README.md")
        if (root / rel).resolve() not in named[table]:
            yield rel, table.relative_to(root)


def main():
    root = Path(sys.argv[1]).resolve()
    missing = checked = 0
    for readme in sorted(root.rglob("README.md")):
        if SKIP_DIRS & set(readme.relative_to(root).parts):
            continue
        for n, line, bases in table_rows(readme, root):
            for path in candidates(line):
                checked += 1
                if not any((base / path).exists() for base in bases):
                    print(f"{readme.relative_to(root)}:{n}: names {path}, which does not exist")
                    missing += 1
    unnamed = list(unnamed_folders(root))
    for folder, table in unnamed:
        print(f"{folder}/ holds source but no row of {table}'s table names it (add it, with what it is)")
    if missing or unnamed:
        print(f"{missing} of {checked} paths named in README tables are missing; {len(unnamed)} source folders are unnamed")
        return 1
    print(f"README tables: all {checked} named paths exist, and every source folder is named")
    return 0


if __name__ == "__main__":
    sys.exit(main())
