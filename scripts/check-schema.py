#!/usr/bin/env python3
"""Validates every scenario file against Scenarios/schema.json, and checks that every file in
Tests/Fixtures/bad-scenarios/ that the schema can judge is rejected by it too.

The Swift parser is the authority (it also checks what a schema cannot: touches in time order,
a finger lifting before it lands); this keeps the schema editors use honest about the same format.
"""
import json
import pathlib
import sys

import jsonschema

root = pathlib.Path(__file__).resolve().parent.parent
schema = json.loads((root / "Scenarios/schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

failures = 0
files = sorted(p for p in (root / "Scenarios").rglob("*.json") if p.name != "schema.json")
for path in files:
    errors = sorted(validator.iter_errors(json.loads(path.read_text())), key=lambda e: list(e.path))
    for e in errors[:3]:
        failures += 1
        where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in e.path)
        print(f"{path.relative_to(root)}: {where}: {e.message}", file=sys.stderr)

bad = root / "Tests/Fixtures/bad-scenarios/schema-rejects"
bad_files = sorted(bad.glob("*.json")) if bad.exists() else []
for path in bad_files:
    try:
        document = json.loads(path.read_text())
    except json.JSONDecodeError:
        continue  # not JSON at all: the schema has nothing to say
    if validator.is_valid(document):
        failures += 1
        print(f"{path.relative_to(root)}: the schema accepts a file the parser rejects", file=sys.stderr)

print(f"schema: {len(files) + len(bad_files) - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
