"""The hand triage of operator mutants (Mutants/triage.toml): which are equivalent, which change
only code no editor path reaches (unreachable), which change behaviour only for inputs the spec
gives no meaning (unspecified), and which survivors are known, with the class of test that would
catch them.

Python 3 standard library only. Every problem is one line in a TriageError, which the runner
reports with exit 2: a triage that no longer matches the generated mutants (an id whose lines
changed) must be redone, not silently ignored.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from pathlib import Path

MAX_BYTES = 1 << 20
MAX_TEXT = 400
ID = re.compile(r"O-[A-Za-z0-9+._-]{1,120}")
# What would catch a survivor (the classes of issue 33).
CLASSES = {
    "boundary": "a boundary value never drawn exactly",
    "combination": "a rare combination of events",
    "telemetry": "a telemetry value not judged",
    "animation-path": "an animation path not judged",
    "other": "other (the note says what)",
}


KINDS = ("equivalent", "unreachable", "unspecified", "survivor")


class TriageError(Exception):
    pass


@dataclasses.dataclass(frozen=True)
class Survivor:
    kind: str  # a key of CLASSES
    note: str


@dataclasses.dataclass(frozen=True)
class Triage:
    equivalent: dict[str, str]  # id → reason
    survivor: dict[str, Survivor]
    # id → reason: behaviour only a caller other than the editor can see (a public helper the
    # editor never calls, an input it never passes). Out of the score's denominator, listed apart.
    unreachable: dict[str, str] = dataclasses.field(default_factory=dict)
    # id → reason: behaviour changes only for an input outside the spec's domain (an invalid
    # config, a 0-size view), which the spec gives no meaning and the scenario format refuses, so
    # no answer can be judged right or wrong. Out of the denominator, listed apart.
    unspecified: dict[str, str] = dataclasses.field(default_factory=dict)


def _line(value: object, what: str, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise TriageError(f"{where}: `{what}` must be a non-empty string")
    if "\n" in value or len(value) > MAX_TEXT:
        raise TriageError(f"{where}: `{what}` must be one line of at most {MAX_TEXT} characters")
    return value.strip()


def load(path: Path, known: set[str]) -> Triage:
    """The triage in `path` (none when the file does not exist), checked against the ids of the
    mutants generated now."""
    try:
        if not path.exists():
            return Triage({}, {}, {}, {})
        if not path.is_file():
            raise TriageError(f"{path}: not a regular file")
        if path.stat().st_size > MAX_BYTES:
            raise TriageError(f"{path}: larger than {MAX_BYTES} bytes; not a triage file")
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise TriageError(f"{path}: cannot read: {e.strerror}")
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise TriageError(f"{path}: not valid TOML: {' '.join(str(e).split())}")
    extra = sorted(set(data) - set(KINDS))
    if extra:
        raise TriageError(f"{path}: unknown key {extra[0]!r} (expected [[equivalent]], [[unreachable]], [[unspecified]] and [[survivor]] entries)")
    reasons: dict[str, dict[str, str]] = {"equivalent": {}, "unreachable": {}, "unspecified": {}}
    survivor: dict[str, Survivor] = {}
    for kind in KINDS:
        entries = data.get(kind, [])
        if not isinstance(entries, list):
            raise TriageError(f"{path}: `{kind}` must be an array of tables ([[{kind}]])")
        for i, entry in enumerate(entries):
            where = f"{path}: {kind} #{i + 1}"
            if not isinstance(entry, dict):
                raise TriageError(f"{where}: not a table")
            fields = ("id", "class", "note") if kind == "survivor" else ("id", "reason")
            unexpected = sorted(set(entry) - set(fields))
            if unexpected:
                raise TriageError(f"{where}: unknown key {unexpected[0]!r} (expected {', '.join(fields)})")
            mid = entry.get("id")
            if not isinstance(mid, str) or not ID.fullmatch(mid):
                raise TriageError(f"{where}: `id` must look like O-Editor-1a2b3c-lt-le, got {str(mid)[:60]!r}")
            where = f"{path}: {mid}"
            if mid in survivor or any(mid in r for r in reasons.values()):
                raise TriageError(f"{where}: duplicate id")
            if mid not in known:
                raise TriageError(f"{where}: unknown mutant id (its lines changed? see scripts/mutants --operators --list)")
            if kind != "survivor":
                reasons[kind][mid] = _line(entry.get("reason"), "reason", where)
            else:
                cls = entry.get("class")
                if cls not in CLASSES:
                    raise TriageError(f"{where}: `class` must be one of {', '.join(CLASSES)}")
                survivor[mid] = Survivor(cls, _line(entry.get("note"), "note", where))
    return Triage(reasons["equivalent"], survivor, reasons["unreachable"], reasons["unspecified"])
