#!/usr/bin/env python3
"""Checks that every test suite of every package (and of the scaffold's test template) says whether it may run beside
others.

Usage: check-test-traits.py [--fix] [<root>]

The test folders: the root's Tests/ (Tests/AppTests), every package's under Modules/ (Modules/Kits/Tests/<Kit>Tests,
Modules/Features/<Name>/Tests/<Name>Tests, a scaffolded feature's too) and Tools/Scaffold/Template/Tests. A folder
whose name starts with a dot (`.build`, `.build-shared`) is never read.

A suite whose name ends in `TimingTests` carries `.timing` (it runs alone); every other outermost suite carries
`.untimed`. A nested suite inherits its parent's trait. An outermost suite inside a file-level `#if` (indented by
it) is still outermost. With --fix, adds the missing trait and the import.
"""
import os
import re
import sys

fix = "--fix" in sys.argv
args = [a for a in sys.argv[1:] if a != "--fix"]
root = args[0] if args else "."
SUITE = re.compile(r"^(?P<indent>\s*)@Suite(?P<args>\((?P<inner>.*)\))?(?P<rest>\s.*)?$")
NAME = re.compile(r"(?:struct|final class|class|enum|actor)\s+(\w+)")


def subfolders(path):
    return sorted(f for f in os.listdir(path) if os.path.isdir(os.path.join(path, f)) and not f.startswith(".")) \
        if os.path.isdir(path) else []


# The root's tests, each package's of Modules/ (Modules/Kits) and each feature's (Modules/Features/<Name>).
folders = ["Tests"] + [f"Modules/{p}/Tests" for p in subfolders(os.path.join(root, "Modules"))] \
    + [f"Modules/Features/{f}/Tests" for f in subfolders(os.path.join(root, "Modules/Features"))] \
    + ["Tools/Scaffold/Template/Tests"]
problems = []
read = 0
for folder in folders:
    for directory, subdirectories, files in os.walk(os.path.join(root, folder)):
        subdirectories[:] = sorted(d for d in subdirectories if not d.startswith("."))
        for file in sorted(files):
            if not (file.endswith(".swift") or file.endswith(".swift.template")):
                continue
            read += 1
            path = os.path.join(directory, file)
            lines = open(path, encoding="utf-8").read().split("\n")
            changed = False
            conditions = 0  # `#if` blocks open at the file's top level, each indenting what it holds
            for index, line in enumerate(lines):
                if re.match(r"^\s*#if\b", line) and len(line) - len(line.lstrip()) == 2 * conditions:
                    conditions += 1
                elif re.match(r"^\s*#endif\b", line) and conditions and len(line) - len(line.lstrip()) == 2 * (conditions - 1):
                    conditions -= 1
                match = SUITE.match(line)
                if not match or len(match.group("indent")) != 2 * conditions:
                    continue  # nested suites inherit the outer suite's trait
                following = " ".join(lines[index:index + 3])
                name = NAME.search(following)
                timing = bool(name and name.group(1).endswith("TimingTests"))
                wanted, other = (".timing", ".untimed") if timing else (".untimed", ".timing")
                inner = match.group("inner") or ""
                if wanted in inner and other not in inner:
                    continue
                relative = os.path.relpath(path, root)
                problems.append(f"{relative}:{index + 1}: suite {name.group(1) if name else '?'} needs @Suite({wanted})"
                                + (f", not {other}" if other in inner else ""))
                if fix and other not in inner:
                    arguments = inner + ", " + wanted if inner.strip() else wanted
                    lines[index] = match.group("indent") + f"@Suite({arguments})" + (match.group("rest") or "")
                    changed = True
            if changed:
                if not any(l.strip() == "import TestScheduling" for l in lines):
                    imports = [i for i, l in enumerate(lines) if l.startswith("import ") or l.startswith("@testable import ")]
                    at = next((i for i in imports if lines[i] > "import TestScheduling"), (imports[-1] + 1) if imports else 0)
                    lines.insert(at, "import TestScheduling")
                open(path, "w", encoding="utf-8").write("\n".join(lines))
for problem in problems:
    print(("fixed: " if fix else "FAILED: ") + problem)
if not read:
    print(f"FAILED: no test file found in {', '.join(folders)}")
    sys.exit(1)
if problems and not fix:
    print("Every test suite says whether it may run beside others: add `.untimed` to its @Suite "
          "(`.timing` for a …TimingTests suite, which then runs alone), and `import TestScheduling`; "
          "or run python3 Tools/Checks/check-test-traits.py --fix .")
    sys.exit(1)
print(f"test traits: {'fixed ' + str(len(problems)) if fix else 'every suite has one'} ({read} files of "
      f"{len([f for f in folders if os.path.isdir(os.path.join(root, f))])} test folders)")
