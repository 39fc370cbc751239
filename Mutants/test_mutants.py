"""Tests of scripts/mutants: the catalogue matches the model, schemata are written correctly, and
every input (catalogue file, flags, table file) fails with exit 2 or 3 and one line.

Run: python3 -m unittest discover -s Mutants
"""

import importlib.machinery
import importlib.util
import subprocess
import sys
import tempfile
import threading
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "mutants"

_loader = importlib.machinery.SourceFileLoader("mutants_script", str(SCRIPT))
_spec = importlib.util.spec_from_loader("mutants_script", _loader)
mutants = importlib.util.module_from_spec(_spec)
sys.modules["mutants_script"] = mutants
_loader.exec_module(mutants)


def run_cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def node(start, end, form, mutant, text):
    return mutants.Node(start, end, form, mutant, text)


def edit(original, replacement, form="expr", within=None, file="Sources/CropModel/X.swift"):
    return mutants.Edit(file, form, original, replacement, within)


def mutant(number, *edits):
    return mutants.Mutant(f"M{number:02d}", number, f"m{number}", "d", ("R1.1",), "safety", None, tuple(edits))


class CatalogueMatchesTheModel(unittest.TestCase):
    def setUp(self):
        self.catalogue = mutants.load_catalogue(mutants.CATALOGUE)
        files = mutants.tracked_files()
        self.sources = {f: (ROOT / f).read_text(encoding="utf-8") for f in files
                        if f.startswith(mutants.MODEL) and f.endswith(".swift")}

    def test_at_least_thirty_mutants_with_every_oracle_kind(self):
        self.assertGreaterEqual(len(self.catalogue), 30)
        self.assertEqual({m.oracle for m in self.catalogue}, set(mutants.ORACLE_KINDS))

    def test_the_six_former_faults_are_entries(self):
        names = {m.name for m in self.catalogue}
        for fault in ["clampOnlyAtGestureEnd", "pinchAnchoredUnclamped", "unclampedUnderdampedAnimation",
                      "orientationNotSwapped", "densityOnlyAtMinimumZoom", "panBoundsFromPreviousZoom"]:
            self.assertIn(fault, names)

    def test_every_snippet_is_found_exactly_once_and_every_mutant_changes_its_file(self):
        schema = mutants.schematize(self.sources, self.catalogue)
        for m in self.catalogue:
            self.assertIn(f"_mutantIsActive({m.number})", "".join(schema.values()), m.id)
            for file in {e.file for e in m.edits}:
                self.assertNotEqual(mutants.plain_patch(self.sources[file], m, file), self.sources[file], m.id)

    def test_product_sources_hold_no_mutant_switch(self):
        for file, text in self.sources.items():
            self.assertNotIn("_mutantIsActive", text, file)
            self.assertNotIn("CROPSIM_MUTANT", text, file)


class Schemata(unittest.TestCase):
    def test_expression_chain_on_one_span(self):
        text = "let a = f(x)\n"
        out = mutants.render(text, 0, len(text), [node(8, 12, "expr", 2, "g(x)"), node(8, 12, "expr", 1, "h(x)")], "t")
        self.assertEqual(out, "let a = (_mutantIsActive(1) ? (h(x)) : ((_mutantIsActive(2) ? (g(x)) : (f(x)))))\n")

    def test_nested_edit_applies_to_the_outer_original(self):
        text = "y = a + b * c"
        out = mutants.render(text, 0, len(text), [node(4, 13, "expr", 1, "a - b"), node(8, 13, "expr", 2, "b / c")], "t")
        self.assertEqual(out, "y = (_mutantIsActive(1) ? (a - b) : (a + (_mutantIsActive(2) ? (b / c) : (b * c))))")

    def test_partial_overlap_is_a_catalogue_error(self):
        text = "abcdefgh"
        with self.assertRaisesRegex(mutants.UsageError, "overlap partly"):
            mutants.render(text, 0, len(text), [node(0, 4, "expr", 1, "x"), node(2, 6, "expr", 2, "y")], "t")

    def test_statement_and_insertions(self):
        text = "    a()\n    b()\n"
        out = mutants.render(text, 0, len(text), [
            node(4, 7, "stmt", 1, ""), node(12, 12, "before", 2, "c()"), node(15, 15, "after", 3, "d()")], "t")
        self.assertEqual(out, "    if _mutantIsActive(1) {\n    } else {\n        a()\n    }\n"
                              "    if _mutantIsActive(2) {\n        c()\n    }\n    b()\n"
                              "    if _mutantIsActive(3) {\n        d()\n    }\n")

    def test_snippet_found_twice_or_never_names_file_and_snippet(self):
        src = {"Sources/CropModel/X.swift": "f(1); f(1)\n"}
        with self.assertRaisesRegex(mutants.UsageError, r"M01 edit #1: Sources/CropModel/X.swift: snippet \"f\(1\)\" found 2 times"):
            mutants.schematize(src, [mutant(1, edit("f(1)", "f(2)"))])
        with self.assertRaisesRegex(mutants.UsageError, "found 0 times"):
            mutants.schematize(src, [mutant(1, edit("g(1)", "f(2)"))])

    def test_within_narrows_the_search(self):
        src = {"Sources/CropModel/X.swift": "a(true); b(true)\n"}
        out = mutants.schematize(src, [mutant(1, edit("true", "false", within="b(true)"))])
        self.assertEqual(out["Sources/CropModel/X.swift"], "a(true); b((_mutantIsActive(1) ? (false) : (true)))\n")

    def test_edit_of_a_missing_file(self):
        with self.assertRaisesRegex(mutants.UsageError, "no such file"):
            mutants.schematize({}, [mutant(1, edit("a", "b"))])


class HostileCatalogues(unittest.TestCase):
    def load(self, text: str):
        with tempfile.TemporaryDirectory() as d:
            p = Path(d) / "c.toml"
            p.write_text(text, encoding="utf-8")
            return mutants.load_catalogue(p)

    GOOD = '''[[mutant]]
id = "M01"
name = "n"
description = "d"
breaks = ["R1.1"]
oracle = "safety"
  [[mutant.edit]]
  file = "Sources/CropModel/Editor.swift"
  original = "a"
  replacement = "b"
'''

    def test_good_minimal_catalogue(self):
        self.assertEqual(len(self.load(self.GOOD)), 1)

    def test_rejections(self):
        cases = {
            "not toml": "[[mutant]\nid=",
            "no entries": "x = 1\n",
            "bad id": self.GOOD.replace('"M01"', '"7"'),
            "zero id": self.GOOD.replace('"M01"', '"M00"'),
            "duplicate": self.GOOD + self.GOOD.replace('"M01"', '"M001"'),
            "oracle": self.GOOD.replace('"safety"', '"vibes"'),
            "breaks": self.GOOD.replace('["R1.1"]', "[]"),
            "two-line description": self.GOOD.replace('"d"', '"d\\nd"'),
            "outside the model": self.GOOD.replace("Sources/CropModel/Editor.swift", "Sources/CropSim/X.swift"),
            "dot-dot": self.GOOD.replace("Sources/CropModel/Editor.swift", "Sources/CropModel/../CropSim/X.swift"),
            "empty expression": self.GOOD.replace('replacement = "b"', 'replacement = ""'),
            "no-op": self.GOOD.replace('replacement = "b"', 'replacement = "a"'),
            "bad form": self.GOOD + '  form = "patch"\n',
            "mixed anchor": self.GOOD + '  before = "a"\n  insert = "x"\n',
            "no edits": self.GOOD.split("  [[mutant.edit]]")[0],
        }
        for why, text in cases.items():
            with self.subTest(why):
                with self.assertRaises(mutants.UsageError):
                    self.load(text)

    def test_non_regular_and_huge_files(self):
        with tempfile.TemporaryDirectory() as d:
            with self.assertRaisesRegex(mutants.UsageError, "not a regular file"):
                mutants.load_catalogue(Path(d))
            with self.assertRaisesRegex(mutants.UsageError, "not a regular file"):
                mutants.load_catalogue(Path(d) / "missing.toml")
            big = Path(d) / "big.toml"
            with open(big, "wb") as f:
                f.truncate(mutants.MAX_CATALOGUE_BYTES + 1)
            with self.assertRaisesRegex(mutants.UsageError, "larger than"):
                mutants.load_catalogue(big)


class CommandLine(unittest.TestCase):
    def assertUsage(self, *args, code=2):
        r = run_cli(*args)
        self.assertEqual(r.returncode, code, r.stderr)
        self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
        self.assertTrue(r.stderr.startswith("mutants: "), r.stderr)
        return r.stderr

    def test_bad_flags_exit_2_with_one_line(self):
        self.assertIn("M99", self.assertUsage("--only", "M99"))
        self.assertUsage("--only", ",")
        self.assertUsage("--sample", "0")
        self.assertUsage("--sample", "-3")
        self.assertUsage("--sample", "x")
        for bad in ["0", "-1", "nan", "inf", "1e9", "ten"]:
            self.assertUsage("--fuzz-seconds", bad)
        self.assertUsage("--seed", "-1")
        self.assertUsage("--seed", str(2**64))
        self.assertUsage("--only", "M01", "--sample", "2")
        self.assertUsage("--diff", "M99")
        self.assertUsage("--catalogue", "/dev/null/x")
        self.assertUsage("--catalogue", "Mutants")

    def test_list_and_diff(self):
        r = run_cli("--list")
        self.assertEqual(r.returncode, 0)
        self.assertEqual(len(r.stdout.splitlines()), len(mutants.load_catalogue(mutants.CATALOGUE)))
        r = run_cli("--diff", "M02")
        self.assertEqual(r.returncode, 0)
        self.assertIn("-        let anchoredScale = min(max(requested, range.sMin), range.sMax)", r.stdout)
        self.assertIn("+        let anchoredScale = requested", r.stdout)


class Tables(unittest.TestCase):
    def test_replaces_only_the_generated_section(self):
        with tempfile.TemporaryDirectory() as d:
            p = Path(d) / "m.md"
            p.write_text(f"intro\n{mutants.BEGIN}\nold\n{mutants.END}\noutro\n", encoding="utf-8")
            mutants.write_table(p, "new\n")
            self.assertEqual(p.read_text(), f"intro\n{mutants.BEGIN}\nnew\n{mutants.END}\noutro\n")

    def test_refuses_a_file_without_markers(self):
        with tempfile.TemporaryDirectory() as d:
            p = Path(d) / "notes.md"
            p.write_text("precious\n", encoding="utf-8")
            with self.assertRaisesRegex(mutants.UsageError, "no generated-section markers"):
                mutants.write_table(p, "x\n")
            self.assertEqual(p.read_text(), "precious\n")

    def test_unwritable_is_an_environment_failure(self):
        with tempfile.TemporaryDirectory() as d:
            blocker = Path(d) / "file"
            blocker.write_text("x")
            with self.assertRaises(mutants.EnvironmentFailure):
                mutants.write_table(blocker / "m.md", "x\n")

    def test_sample_is_deterministic_and_skips_equivalents(self):
        cat = [mutant(i, edit("a", "b")) for i in range(1, 11)]
        cat[4] = mutants.Mutant("M05", 5, "m5", "d", ("R",), "safety", "no observable change", cat[4].edits)
        first = mutants.sample(cat, 3)
        self.assertEqual(first, mutants.sample(cat, 3))
        self.assertEqual(len({m.id for m in first}), 3)
        self.assertNotIn("M05", [m.id for m in first])
        self.assertEqual(len(mutants.sample(cat, 50)), 9)

    def test_verdicts(self):
        self.assertEqual(mutants.verdict(0), "survived")
        self.assertEqual(mutants.verdict(1), "killed")
        self.assertEqual(mutants.verdict(-11), "crash")
        self.assertEqual(mutants.verdict(134), "crash")
        self.assertEqual(mutants.verdict(None), "timeout")
        self.assertEqual(mutants.verdict(2), "error")


class ControlBesideTheMutants(unittest.TestCase):
    """`judge_all`: the control runs beside the mutants, which are judged as if it passes; a
    control that fails the fuzzer has every mutant judged again in baseline-filter mode."""

    def judged(self, control_verdict):
        chosen = [mutant(i, edit("a", "b")) for i in (1, 2, 3)]
        calls, reported = [], []
        started = threading.Event()

        def run(m, filter_baseline):
            calls.append((m.id if m else "control", filter_baseline))
            if m is None:
                started.wait(10)  # a mutant starts while the control still runs
                return {"id": "control", "fuzz": {"verdict": control_verdict}}
            started.set()
            return {"id": m.id, "fuzz": {"verdict": "killed"}, "filtered": filter_baseline}

        results = mutants.judge_all(chosen, 2, lambda r: reported.append(r["id"]), run)
        return results, calls, reported, started.is_set()

    def test_a_passing_control_judges_each_mutant_once_beside_it(self):
        results, calls, reported, overlapped = self.judged("survived")
        self.assertTrue(overlapped)
        self.assertEqual(sorted(calls), [("M01", False), ("M02", False), ("M03", False), ("control", False)])
        self.assertEqual(reported[0], "control")
        self.assertEqual(sorted(results), ["M01", "M02", "M03", "control"])

    def test_a_failing_control_has_every_mutant_judged_again_filtered(self):
        results, calls, reported, _ = self.judged("killed")
        self.assertEqual(sorted(c for c in calls if c[1]), [("M01", True), ("M02", True), ("M03", True)])
        self.assertTrue(all(results[m]["filtered"] for m in ("M01", "M02", "M03")))
        self.assertEqual(reported[0], "control")
        self.assertEqual(len(reported), 4)


if __name__ == "__main__":
    unittest.main()
