#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Fails if a source or documentation file under ROOT cites something a clone of the repository
does not contain: the project's old style and design notes, environment notes, or the
specification files extracted from the papers (CONTRIBUTING.md §11). Cite CONTRIBUTING.md,
docs/architecture.md, or a paper by title or by its short name in docs/reproduction/README.md,
with the paper's own section numbers.

  check_self_contained.py ROOT [--exclude RELATIVE_PATH ...]

Prints every offending line as path:line: text, and exits 1 if there is one. Standard library
only (Debian's /usr/bin/python3)."""
import argparse
import os
import re
import sys

# What a reference outside the repository looks like. Built from pieces so that this file does not
# match itself.
PATTERNS = [
    ("a style rule of the old style note", re.compile(r"\bSTYLE(\.md)?\s+R\d+")),
    ("the old design note", re.compile(r"\bDESIGN" r"\.md\b")),
    ("the old environment note", re.compile(r"\bENVIRONMENT" r"\.md\b")),
    ("a specification file", re.compile(r"\bspecs/seed\d")),
    ("a file outside the repository", re.compile(r"(\.\./|\b)shared/(specs|seeds)/|\.\./shared/")),
    ("a section of a specification file", re.compile(r"\bspec\s+§|\*spec §|\bspec target\b")),
]
EXTENSIONS = (".cpp", ".hpp", ".h", ".md", ".py", ".txt", ".cmake", ".sh", ".toml", ".ipynb",
              ".in", ".yml", ".yaml", ".def")
SKIP_DIRS = {".git", "__pycache__", ".ipynb_checkpoints"}


def wanted(name):
    return name.endswith(EXTENSIONS) or name == "CMakeLists.txt"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--exclude", action="append", default=[],
                    help="a file or folder, relative to ROOT, not to check")
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    excluded = {os.path.normpath(e) for e in args.exclude}
    me = os.path.abspath(__file__)
    checked, bad = 0, []
    for folder, dirs, files in os.walk(root):
        rel_folder = os.path.relpath(folder, root)
        # Build trees (build/, build-*) hold generated copies; skip them and excluded folders.
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("build")
                         and os.path.normpath(os.path.join(rel_folder, d)) not in excluded)
        for name in sorted(files):
            path = os.path.join(folder, name)
            rel = os.path.normpath(os.path.relpath(path, root))
            if not wanted(name) or rel in excluded or os.path.abspath(path) == me:
                continue
            checked += 1
            with open(path, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, 1):
                    for what, pattern in PATTERNS:
                        if pattern.search(line):
                            bad.append(f"{rel}:{number}: {what}: {line.strip()[:160]}")
    if bad:
        print("references to files outside the repository (see CONTRIBUTING.md §11):")
        print("\n".join(bad))
        return 1
    if checked == 0:
        print(f"no files checked under {root}")
        return 1
    print(f"checked {checked} files under {root}: every reference stays inside the repository")
    return 0


if __name__ == "__main__":
    sys.exit(main())
