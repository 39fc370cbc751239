#!/usr/bin/env python3
"""Holds Scenarios/schema.json and the Swift parser to one format.

1. The committed schema is what `cropsim schema` generates from the format table.
2. The schema and the parser give the same verdict on every fixture: every file in Scenarios/
   is accepted by both, every file in Tests/Fixtures/bad-scenarios/schema-rejects/ is rejected
   by both.
3. The same on generated probes of the string grammar (times, percentages, expressions), one
   scenario file each, written to a temporary folder.

The parser also checks what a schema cannot (touches in time order, a finger lifting before it
lands, unique finger names); those cases live in the Swift tests, not here.
Usage: check-schema.py [path to cropsim]   (default .build/debug/cropsim; built if missing)
"""
import json
import pathlib
import subprocess
import sys
import tempfile

import jsonschema

root = pathlib.Path(__file__).resolve().parent.parent
cropsim = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else root / ".build/debug/cropsim"
if not cropsim.exists():
    subprocess.run(["swift", "build", "--product", "cropsim"], cwd=root, check=True)

failures = 0


def fail(message):
    global failures
    failures += 1
    print(message, file=sys.stderr)


generated = subprocess.run([str(cropsim), "schema"], cwd=root, capture_output=True, text=True, check=True).stdout
committed = (root / "Scenarios/schema.json").read_text()
if generated != committed:
    fail("Scenarios/schema.json is not what `cropsim schema` generates; run: cropsim schema --out Scenarios/schema.json")

schema = json.loads(committed)
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)


def parser_rejected(paths):
    """The files among `paths` that `cropsim validate` reports an error for (one run)."""
    run = subprocess.run([str(cropsim), "validate", *map(str, paths)], cwd=root, capture_output=True, text=True)
    if run.returncode not in (0, 2):
        fail(f"cropsim validate exited {run.returncode}: {run.stderr.strip()[:200]}")
    return {line[len("error: "):].split(":", 1)[0] for line in run.stderr.splitlines() if line.startswith("error: ")}


def schema_accepts(path):
    try:
        document = json.loads(path.read_text())
    except json.JSONDecodeError:
        return False
    return validator.is_valid(document)


def compare(paths, expected, label):
    rejected = parser_rejected(paths)
    for path in paths:
        by_schema = schema_accepts(path)
        by_parser = str(path) not in rejected
        if expected is not None and by_schema != expected:
            errors = sorted(validator.iter_errors(json.loads(path.read_text())), key=lambda e: list(e.path))[:3]
            fail(f"{label} {path.name}: the schema {'accepts' if by_schema else 'rejects'} it"
                 + "".join(f"\n  {e.message}" for e in errors))
        if by_schema != by_parser:
            fail(f"{label} {path.name}: the schema {'accepts' if by_schema else 'rejects'} it, the parser "
                 f"{'accepts' if by_parser else 'rejects'} it")


good = sorted(p.relative_to(root) for p in (root / "Scenarios").rglob("*.json") if p.name != "schema.json")
bad = sorted(p.relative_to(root) for p in (root / "Tests/Fixtures/bad-scenarios/schema-rejects").glob("*.json"))
compare(good, True, "good")
compare(bad, False, "bad")

# Probes of the string grammar: each in a minimal scenario, judged by both.
times = ["0s", "0ms", "1.5s", "250ms", "120s", "120.0s", "120.5s", "121s", "600s", "9999s", "119.999s", "120000ms",
         "120000.00ms", "120001ms", "119999.9ms", "359.999s", "360s", "360.0s",
         "360.5s", "361s", "360000ms", "360000.00ms", "360001ms", "0.5s", "00.5s", "05s", ".5s", "5.s", "+5s", "-5s", "1e2ms",
         "0x1p3s", "5 s", " 5s", "5S", "5", "s", "ms", "inf s", "nans", "1_0s", "5sec", "١s"]
percents = ["50%", "0%", "-0%", "200%", "200.0%", "200.01%", "201%", "-100%", "-100.5%", "-101%", "99.99%",
            "250%", "5e1%", "+5%", "05%", "0.5%", "%", "50 %", "50", "0x10%", "inf%", "nan%", "1.%"]
expressions = ["sMin", "-maxTx", "1.5*sMin", "sMin*1.5", "-2*sMin*0.5", "0.5*initial", " 1.5 * sMin ",
               "1.5", "1e0*sMin", "+sMin", "--sMin", "sMin*", "*sMin", "2*-sMin", "sMin*sMax", "0x1p1*sMin",
               "01*sMin", "smin", "sMin ", "maxTy*2.25", "-0*sMax"]
minimal = {"name": "probe", "device": {"view": [393, 852], "screenScale": 3}, "image": {"width": 4032, "height": 3024}}
with tempfile.TemporaryDirectory(prefix="check-schema-") as folder:
    probes = []
    cases = ([("time", t, {"steps": [{"at": t, "confirm": True}]}) for t in times]
             + [("percent", p, {"steps": [{"at": 0, "tap": [p, "50%"]}]}) for p in percents]
             + [("expression", e, {"expect": {"scale": e}}) for e in expressions])
    for i, (kind, text, extra) in enumerate(cases):
        path = pathlib.Path(folder) / f"probe-{i:03d}-{kind}.json"
        path.write_text(json.dumps({**minimal, **extra}, ensure_ascii=False))
        probes.append(path)
    compare(probes, None, "probe")
    # Not vacuous: the canonical forms are accepted, the drifted ones of the issue refused.
    verdicts = {text: schema_accepts(path) for (_, text, _), path in zip(cases, probes)}
    for text, expected in [("1.5s", True), ("120000ms", True), ("360s", True), ("360.5s", False), ("600s", False), ("50%", True), ("-2*sMin*0.5", True), ("9999s", False),
                           ("250%", False), ("0x1p3s", False), ("1e2ms", False), ("+5s", False), (" 1.5 * sMin ", False)]:
        if verdicts[text] != expected:
            fail(f"probe {text!r}: expected {'accepted' if expected else 'rejected'}")

total = len(good) + len(bad) + len(probes) + 1
print(f"schema: {total - failures} passed, {failures} failed ({len(good)} good, {len(bad)} bad, {len(probes)} grammar probes)")
sys.exit(1 if failures else 0)
