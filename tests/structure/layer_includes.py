#!/usr/bin/env python3
"""Checks every #include of the source tree against the layer graph the build wrote.

Usage: layer_includes.py LAYERS_TSV SOURCE_DIR

LAYERS_TSV (cmake/layers.cmake) has one line per layer: its target, the folders and generated
header prefixes it owns, and the layers it links directly. A file belongs to the layer owning the
longest folder prefix of its path; it may include headers of its own layer and of the layers it
links, directly or through them. Anything else is a wrong-way (or sideways) include: printed with
the file and line, and the exit status is 1.
"""
import re
import sys
from pathlib import Path

SOURCE_ROOTS = ("common", "rpc", "turbo", "drone", "client")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def read_graph(path):
    owners, deps = {}, {}
    for line in Path(path).read_text().splitlines():
        if not line.strip():
            continue
        target, owns, direct = (line.split("\t") + ["", ""])[:3]
        deps[target] = direct.split()
        for prefix in owns.split():
            owners[prefix] = target
    return owners, deps


def owner_of(path, owners):
    """The layer owning `path`: the longest owned prefix (a folder, or a generated header's start)."""
    best = None
    for prefix, target in owners.items():
        folder_match = path.startswith(prefix.rstrip("/") + "/")
        header_match = not prefix.endswith("/") and "." in prefix and path.startswith(prefix)
        if (folder_match or header_match) and (best is None or len(prefix) > len(best[0])):
            best = (prefix, target)
    return best[1] if best else None


def reachable(target, deps):
    seen, todo = set(), [target]
    while todo:
        t = todo.pop()
        if t in seen:
            continue
        seen.add(t)
        todo.extend(deps.get(t, []))
    return seen


def main():
    graph, root = sys.argv[1], Path(sys.argv[2])
    owners, deps = read_graph(graph)
    problems = 0
    for top in SOURCE_ROOTS:
        for f in sorted((root / top).rglob("*")):
            if f.suffix not in (".h", ".cpp", ".c") or "python" in f.parts:
                continue
            rel = f.relative_to(root).as_posix()
            layer = owner_of(rel, owners)
            if layer is None:
                print(f"{rel}: no layer owns this folder (add it to a staccato_layer() call)")
                problems += 1
                continue
            allowed = reachable(layer, deps)
            for n, line in enumerate(f.read_text(errors="replace").splitlines(), 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                target = owner_of(m.group(1), owners)
                if target is not None and target not in allowed:
                    print(f"{rel}:{n}: {layer} includes {m.group(1)} of {target}, which it does not link "
                          f"(layers link only downward: see docs/architecture.md#layers)")
                    problems += 1
    if problems:
        print(f"{problems} include(s) against the layers")
        return 1
    print(f"layers: every include of {', '.join(SOURCE_ROOTS)} goes downward ({len(deps)} layers)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
