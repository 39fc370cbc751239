#!/usr/bin/env python3
"""Carries the mutation tools' references to Sources/CropModel across a formatting change.

The catalogues (Mutants/catalogue.toml, Mutants/held-out.toml) find their snippets by exact text,
and operator-mutant ids (`O-<stem>-<sha1[:6]>-<op>`, Mutants/operators.py) hash the
whitespace-normalised lines around a site, so re-wrapping a line can lose a snippet or rename a
mutant. Formatting moves whitespace, not code, so both can be found again:

  * a snippet (`original`, `within`, `before`, `after`) no longer found exactly once is looked up
    with all whitespace ignored, and replaced by the new text's exact span;
  * an operator site is the same site when it starts at the same non-whitespace character of the
    same file and mutates the same operator; its old id is rewritten to the new one wherever ids
    are written down (the triage, HELD-OUT.md, docs/mutation.md, the runner's tests), and on
    a generated table's row its `File.swift:LINE` follows the site to its new line.

Usage: python3 Mutants/migrate_format.py OLD-COMMIT [--check]
  OLD-COMMIT  the commit before the formatting change (the model's text there is read with git)
  --check     change nothing; exit 1 if anything would change
Exit codes: 0 done (or nothing to do); 1 --check found work; 2 bad usage, or a snippet or a site
that cannot be carried over (named on stderr, for a hand fix).
"""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Mutants"))
import operators  # noqa: E402

MODEL = "Sources/CropModel/"
CATALOGUES = ["Mutants/catalogue.toml", "Mutants/held-out.toml"]
ID_FILES = ["Mutants/triage.toml", "Mutants/HELD-OUT.md", "docs/mutation.md", "Mutants/test_operators.py",
            "Mutants/test_mutants.py", "Mutants/triage.py"]
SNIPPET_KEYS = ("original", "within", "before", "after")
OPERATOR_ID = re.compile(r"O-[A-Za-z0-9_.+]+-[0-9a-f]{6}-[A-Za-z_]+(?:-[A-Za-z_]+)*(?:-\d+)?")


class Failure(Exception):
    pass


def stripped(text: str) -> tuple[str, list[int]]:
    """The text without whitespace, and for each character left its offset in the text."""
    keep = [i for i, c in enumerate(text) if not c.isspace()]
    return "".join(text[i] for i in keep), keep


def relocate(snippet: str, text: str, lo: int = 0, hi: int | None = None) -> str | None:
    """`snippet` as it now reads in text[lo:hi], found ignoring whitespace; None if not once."""
    hi = len(text) if hi is None else hi
    region = text[lo:hi]
    if region.count(snippet) == 1:
        return snippet
    flat, at = stripped(region)
    needle, _ = stripped(snippet)
    if not needle or flat.count(needle) != 1:
        return None
    k = flat.index(needle)
    lead = snippet[:len(snippet) - len(snippet.lstrip())]
    trail = snippet[len(snippet.rstrip()):]
    found = region[at[k]:at[k + len(needle) - 1] + 1]
    # Whitespace at a snippet's ends (a `within` starting on a new line) is kept as it was.
    candidate = lead + found + trail
    return candidate if region.count(candidate) == 1 else (found if region.count(found) == 1 else None)


def toml_value(value: str) -> str:
    if "\n" in value and "'''" not in value and not value.endswith("'"):
        return "'''\n" + value + "'''"
    return json.dumps(value, ensure_ascii=False)


ASSIGNMENT = re.compile(r"^(\s*)(original|within|before|after) = ", re.M)


def value_span(text: str, start: int) -> int:
    """The end of the TOML string value starting at `start`."""
    for quote in ("'''", '"""'):
        if text.startswith(quote, start):
            return text.index(quote, start + 3) + 3
    return text.index("\n", start)


def migrate_catalogue(path: Path, new: dict[str, str]) -> tuple[str, int]:
    """The catalogue's text with every stale snippet relocated, and how many were."""
    text = path.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    # (file, key, old value) -> new value, per edit in order; `original` is searched in `within`.
    fixes: list[tuple[str, str]] = []
    for m in data.get("mutant", []):
        for e in m.get("edit", []):
            source = new.get(e["file"])
            if source is None:
                continue
            lo, hi = 0, len(source)
            within = e.get("within")
            if within is not None:
                now = relocate(within, source)
                if now is None:
                    raise Failure(f"{path.name}: {m['id']}: `within` not found once, whitespace ignored")
                if now != within:
                    fixes.append((within, now))
                lo = source.index(now)
                hi = lo + len(now)
            for key in ("original", "before", "after"):
                if key in e:
                    now = relocate(e[key], source, lo, hi)
                    if now is None:
                        raise Failure(f"{path.name}: {m['id']}: `{key}` not found once, whitespace ignored")
                    if now != e[key]:
                        fixes.append((e[key], now))
    if not fixes:
        return text, 0
    wanted = dict(fixes)
    out, pos, done = [], 0, 0
    for match in ASSIGNMENT.finditer(text):
        start = match.end()
        end = value_span(text, start)
        value = tomllib.loads("v = " + text[start:end])["v"]
        if value in wanted:
            out.append(text[pos:start] + toml_value(wanted[value]))
            pos = end
            done += 1
    out.append(text[pos:])
    return "".join(out), done


def site_keys(file: str, text: str) -> dict[tuple[int, str, int], tuple[str, int]]:
    """Each operator site's id and line, by (non-whitespace offset of its snippet, operator, its
    length without whitespace)."""
    stem = file[len(MODEL):-len(".swift")].replace("/", ".")
    keys: dict[tuple[int, str, int], tuple[str, int]] = {}
    for site in operators.generate(file, text, stem).sites:
        lo = text.index(site.within)
        start = lo + site.within.index(site.original)
        offset = len(stripped(text[:start])[0])
        key = (offset, site.mutation, len(stripped(site.original)[0]))
        keys[key] = (site.id, site.line)
    return keys


@dataclasses.dataclass(frozen=True)
class Moved:
    new_id: str
    site: str  # `File.swift:LINE` before, as the generated tables show it
    new_site: str


def id_map(old: dict[str, str], new: dict[str, str]) -> tuple[dict[str, Moved], list[str]]:
    """Every old site that still exists, by its old id and by its new one, and the lost ids."""
    moved, lost = {}, []
    for file in sorted(old):
        before = site_keys(file, old[file])
        after = site_keys(file, new.get(file, ""))
        name = file[len(MODEL):]
        for key, (old_id, old_line) in before.items():
            if key not in after:
                lost.append(old_id)
                continue
            new_id, new_line = after[key]
            moved[old_id] = moved[new_id] = Moved(new_id, f"{name}:{old_line}", f"{name}:{new_line}")
    return moved, lost


def rewrite_ids(text: str, moved: dict[str, Moved]) -> str:
    """Old ids replaced by new ones; on a line naming a site (a generated table's row), its old
    `File.swift:LINE` replaced by the new line too."""
    def line(row: str) -> str:
        for found in OPERATOR_ID.findall(row):
            m = moved.get(found)
            if m and m.site != m.new_site:
                row = re.sub(re.escape(m.site) + r"(?!\d)", m.new_site, row)
        return OPERATOR_ID.sub(lambda x: moved[x.group(0)].new_id if x.group(0) in moved else x.group(0), row)
    return "".join(line(row) for row in text.splitlines(True))


def model_at(commit: str) -> dict[str, str]:
    listing = subprocess.run(["git", "ls-tree", "-r", "--name-only", commit, "--", MODEL], cwd=ROOT,
                             capture_output=True, text=True)
    if listing.returncode != 0:
        raise Failure(f"git ls-tree {commit}: {listing.stderr.strip()}")
    out = {}
    for file in listing.stdout.split():
        if file.endswith(".swift"):
            out[file] = subprocess.run(["git", "show", f"{commit}:{file}"], cwd=ROOT, capture_output=True,
                                       text=True, check=True).stdout
    return out


def main(argv: list[str]) -> int:
    args = [a for a in argv if a != "--check"]
    check = "--check" in argv
    if len(args) != 1 or args[0].startswith("-"):
        print(__doc__.split("\n\n")[2], file=sys.stderr)
        return 2
    old = model_at(args[0])
    new = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in sorted((ROOT / MODEL).rglob("*.swift"))}
    changes: dict[Path, str] = {}
    for name in CATALOGUES:
        path = ROOT / name
        text, n = migrate_catalogue(path, new)
        print(f"migrate_format: {name}: {n} snippet(s) relocated", file=sys.stderr)
        if n:
            changes[path] = text
    moved, lost = id_map(old, new)
    if lost:
        # A site whose context is no longer unique (or newly so) has no successor; a triage
        # entry naming it fails `scripts/mutants --operators --list` and needs a hand fix.
        print(f"migrate_format: {len(lost)} operator site(s) not found again: {', '.join(lost[:20])}", file=sys.stderr)
    renamed = {k for k, m in moved.items() if k != m.new_id}
    print(f"migrate_format: {len(renamed)} operator id(s) differ between {args[0]} and the tree", file=sys.stderr)
    for name in ID_FILES:
        path = ROOT / name
        if not path.is_file():
            continue
        text = changes.get(path, path.read_text(encoding="utf-8"))
        after = rewrite_ids(text, moved)
        if after != text:
            changes[path] = after
    for path, text in changes.items():
        print(f"migrate_format: {'would rewrite' if check else 'rewrote'} {path.relative_to(ROOT)}", file=sys.stderr)
        if not check:
            path.write_text(text, encoding="utf-8")
    if not changes:
        print("migrate_format: every file already names the tree's sites; nothing to rewrite", file=sys.stderr)
    return 1 if check and changes else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Failure as e:
        print(f"migrate_format: {e}", file=sys.stderr)
        sys.exit(2)
