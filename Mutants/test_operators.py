"""Tests of the operator-mutant generator (Mutants/operators.py), the hand triage
(Mutants/triage.py) and how scripts/mutants uses them.

Run: python3 -m unittest discover -s Mutants
"""

import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import operators  # noqa: E402
import triage  # noqa: E402
from test_mutants import mutants, run_cli  # noqa: E402  (scripts/mutants, loaded as a module)

FILE = "Sources/CropModel/X.swift"


def sites(code: str) -> dict[str, tuple[str, str]]:
    """mutation name (with -k) → (original span, replacement) for one file's code."""
    g = operators.generate(FILE, code, "X")
    return {s.id.split("-", 3)[3]: (s.original, s.replacement) for s in g.sites}


class SiteDetection(unittest.TestCase):
    def test_each_operator_kind_is_a_site(self):
        code = ("let a = b < c\nlet d = e >= f\nlet g = h == i\nlet j = k + l\nlet m = n * o\n"
                "let p = q && r\nlet s = !t\nlet u = min(v, w)\nlet x = true\nz += 1\n")
        found = sites(code)
        self.assertEqual(found["lt-le"], ("b < c", "b <= c"))
        self.assertEqual(found["ge-gt"], ("e >= f", "e > f"))
        self.assertEqual(found["eq-ne"], ("h == i", "h != i"))
        self.assertEqual(found["add-sub"], ("k + l", "k - l"))
        self.assertEqual(found["mul-div"], ("n * o", "n / o"))
        self.assertEqual(found["and-or"], ("q && r", "q || r"))
        self.assertEqual(found["not-drop"], ("!t", "t"))
        self.assertEqual(found["min-max"], ("min(v, w)", "max(v, w)"))
        self.assertEqual(found["true-false"], ("true", "false"))
        self.assertEqual(found["addeq-subeq"], ("z += 1", "z -= 1"))

    def test_spans_follow_precedence(self):
        found = sites("let y = a - b + c * d\n")
        self.assertEqual(found["sub-add"], ("a - b", "a + b"))  # left-associative: (a - b) + …
        self.assertEqual(found["add-sub"], ("a - b + c * d", "a - b - c * d"))
        self.assertEqual(found["mul-div"], ("c * d", "c / d"))
        found = sites("if x.count > 0 && !f(y) || z[1] <= w.v {\n}\n")
        self.assertEqual(found["gt-ge"], ("x.count > 0", "x.count >= 0"))
        self.assertEqual(found["and-or"], ("x.count > 0 && !f(y)", "x.count > 0 || !f(y)"))
        self.assertEqual(found["or-and"], ("x.count > 0 && !f(y) || z[1] <= w.v", "x.count > 0 && !f(y) && z[1] <= w.v"))
        self.assertEqual(found["le-lt"], ("z[1] <= w.v", "z[1] < w.v"))
        self.assertEqual(found["not-drop"], ("!f(y)", "f(y)"))

    def test_ternary_and_implicit_members_bound_the_operands(self):
        found = sites("let v = t < 0 ? -m : .zero + k\n")
        self.assertEqual(found["lt-le"], ("t < 0", "t <= 0"))
        self.assertEqual(found["add-sub"], (".zero + k", ".zero - k"))

    def test_a_condition_continued_on_the_next_line(self):
        found = sites("return a >= 0\n    && b <= 1\n")
        self.assertEqual(found["and-or"], ("a >= 0\n    && b <= 1", "a >= 0\n    || b <= 1"))

    def test_comments_strings_directives_generics_and_arrows_are_not_sites(self):
        code = ('// a < b && c\n/* x + y /* nested - */ * z */\n/// doc: p == q\n'
                'let s = "a < b \\(c + d) && e"\nlet r = #"x + y"#\nlet m = """\n  a - b\n  """\n'
                "#if DEBUG && os(Linux)\n#endif\n"
                "func f<T: Comparable>(_ x: [T]) -> Set<T> { Set<T>() }\nlet u = x!.y\nlet w = a?.b\nlet k = -1\n"
                "let c = Double.max\nfunc max(_ a: Int) {}\nlet e = .true\n")
        self.assertEqual(sites(code), {})

    def test_operators_glued_to_both_sides_or_undelimited_are_skipped_and_counted(self):
        g = operators.generate(FILE, "let y = (xs.map { $0 } + [1])\n", "X")
        self.assertEqual(g.sites, [])
        self.assertEqual(g.skipped, {"operands not delimited": 1})

    def test_a_snippet_found_twice_is_widened_to_its_context_or_skipped(self):
        code = "func a() {\n    x = false\n}\nfunc b() {\n    x = false\n}\n"
        g = operators.generate(FILE, code, "X")
        self.assertEqual([s.within for s in g.sites], ["func a() {\n    x = false", "func b() {\n    x = false"])
        g = operators.generate(FILE, "x = false\nx = false\n", "X")
        self.assertEqual((g.sites, g.skipped), ([], {"snippet not unique": 2}))
        g = operators.generate(FILE, "let y = (a == 0) || (a == 0)\n", "X")
        self.assertEqual(g.skipped, {"snippet not unique": 2})

    def test_an_unterminated_literal_skips_the_file_with_a_reason(self):
        g = operators.generate(FILE, 'let s = "open\nlet t = a < b\n', "X")
        self.assertEqual(g.sites, [])
        self.assertEqual(list(g.skipped), ["file not lexed (unterminated string literal)"])


class StableIds(unittest.TestCase):
    def test_ids_survive_unrelated_edits_and_change_with_the_line(self):
        before = {s.id for s in operators.generate(FILE, "let a = b < c\nlet d = e + f\n", "X").sites}
        moved = {s.id for s in operators.generate(FILE, "// new line\n\nlet q = 1\nlet a = b < c\nlet d = e + f\n", "X").sites}
        self.assertEqual(before, moved)
        edited = {s.id for s in operators.generate(FILE, "let a = b < c2\nlet d = e + f\n", "X").sites}
        self.assertEqual(len(before & edited), 1)  # only e + f kept its id

    def test_the_same_mutation_twice_on_a_line_is_numbered(self):
        ids = sorted(s.id for s in operators.generate(FILE, "let a = b + c + d\n", "X").sites)
        self.assertEqual([i.split("-", 3)[3] for i in ids], ["add-sub", "add-sub-2"])
        self.assertRegex(ids[0], r"^O-X-[0-9a-f]{6}-add-sub$")

    def test_model_ids_are_unique_and_every_edit_locates(self):
        sources = mutants.model_sources()
        catalogue = mutants.load_catalogue(mutants.CATALOGUE)
        ops, _ = mutants.operator_mutants(sources, catalogue)
        self.assertGreater(len(ops), 100)
        self.assertEqual(len({m.id for m in ops}), len(ops))
        schema = mutants.schematize(sources, catalogue + ops)  # raises if an edit does not locate once
        for m in ops[:: max(1, len(ops) // 25)]:
            self.assertIn(f"_mutantIsActive({m.number})", schema[m.edits[0].file], m.id)
            self.assertNotEqual(mutants.plain_patch(sources[m.edits[0].file], m, m.edits[0].file), sources[m.edits[0].file])


class RefusedByTheCompiler(unittest.TestCase):
    def test_the_error_column_picks_the_innermost_operator_ternary(self):
        ops = [mutants.Mutant(f"O-X-{n}", n, "m", "d", ("—",), "operator", None, ()) for n in (10001, 10002)]
        with tempfile.TemporaryDirectory() as d:
            tree = Path(d)
            src = tree / "X.swift"
            line = 'let s = (_mutantIsActive(10001) ? (a + (_mutantIsActive(10002) ? ("x" - "y") : ("x" + "y"))) : (a - b))'
            src.write_text("\n" + line + "\n")
            log = tree / "build.log"
            col = line.index('"x" -') + 5
            log.write_text(f"{src}:2:{col}: error: binary operator '-' cannot be applied\n"
                           f"/elsewhere/Y.swift:1:1: error: not in the tree\n")
            self.assertEqual(list(mutants.refused_operators(log, tree, ops)), ["O-X-10002"])


class HostileTriage(unittest.TestCase):
    KNOWN = {"O-Editor-1a2b3c-lt-le", "O-Turn-abcdef-add-sub"}
    GOOD = ('[[equivalent]]\nid = "O-Editor-1a2b3c-lt-le"\nreason = "both sides are equal only at a point the clamp never reaches"\n'
            '[[survivor]]\nid = "O-Turn-abcdef-add-sub"\nclass = "boundary"\nnote = "needs exactly 180 degrees"\n')

    def load(self, text: str):
        with tempfile.TemporaryDirectory() as d:
            p = Path(d) / "triage.toml"
            p.write_text(text, encoding="utf-8")
            return triage.load(p, self.KNOWN)

    def test_good_file(self):
        t = self.load(self.GOOD)
        self.assertEqual(list(t.equivalent), ["O-Editor-1a2b3c-lt-le"])
        self.assertEqual(t.survivor["O-Turn-abcdef-add-sub"].kind, "boundary")

    def test_unreachable_is_its_own_kind(self):
        t = self.load('[[unreachable]]\nid = "O-Editor-1a2b3c-lt-le"\nreason = "a public helper the editor never calls"\n')
        self.assertEqual(t.unreachable, {"O-Editor-1a2b3c-lt-le": "a public helper the editor never calls"})
        self.assertEqual((t.equivalent, t.survivor), ({}, {}))
        for text in ['[[unreachable]]\nid = "O-Editor-1a2b3c-lt-le"\n',  # no reason
                     '[[unreachable]]\nid = "O-Editor-1a2b3c-lt-le"\nclass = "other"\nnote = "n"\n',  # survivor fields
                     self.GOOD + '[[unreachable]]\nid = "O-Editor-1a2b3c-lt-le"\nreason = "r"\n']:  # already equivalent
            with self.subTest(text):
                with self.assertRaises(triage.TriageError):
                    self.load(text)

    def test_unspecified_is_its_own_kind(self):
        t = self.load('[[unspecified]]\nid = "O-Editor-1a2b3c-lt-le"\nreason = "outputSize 0: the spec gives it no meaning"\n')
        self.assertEqual(t.unspecified, {"O-Editor-1a2b3c-lt-le": "outputSize 0: the spec gives it no meaning"})
        self.assertEqual((t.equivalent, t.unreachable, t.survivor), ({}, {}, {}))
        for text in ['[[unspecified]]\nid = "O-Editor-1a2b3c-lt-le"\n',  # no reason
                     '[[unspecified]]\nid = "O-Editor-1a2b3c-lt-le"\nclass = "boundary"\nnote = "n"\n',  # survivor fields
                     '[[unspecified]]\nid = "O-Editor-1a2b3c-lt-le"\nreason = "a\\nb"\n',  # two lines
                     '[[unspecified]]\nid = "O-Editor-1a2b3c-lt-le"\nreason = "r"\n'
                     '[[unreachable]]\nid = "O-Editor-1a2b3c-lt-le"\nreason = "r"\n',  # two kinds
                     self.GOOD + '[[unspecified]]\nid = "O-Turn-abcdef-add-sub"\nreason = "r"\n',  # already a survivor
                     '[[unspecified]]\nid = "O-Editor-999999-lt-le"\nreason = "r"\n',  # unknown id
                     'unspecified = "O-Editor-1a2b3c-lt-le"\n']:  # not an array of tables
            with self.subTest(text):
                with self.assertRaises(triage.TriageError):
                    self.load(text)

    def test_missing_file_is_an_empty_triage(self):
        self.assertEqual(triage.load(Path("/nonexistent/triage.toml"), set()), triage.Triage({}, {}, {}, {}))

    def test_rejections_are_one_line(self):
        cases = {
            "malformed": "[[equivalent]\nid =",
            "duplicate key": '[[equivalent]]\nid = "O-Editor-1a2b3c-lt-le"\nid = "O-Editor-1a2b3c-lt-le"\nreason = "r"\n',
            "duplicate id": self.GOOD + '[[equivalent]]\nid = "O-Turn-abcdef-add-sub"\nreason = "r"\n',
            "unknown id": self.GOOD.replace("1a2b3c", "999999"),
            "bad id": self.GOOD.replace('"O-Editor-1a2b3c-lt-le"', '"M07"'),
            "id not a string": self.GOOD.replace('"O-Editor-1a2b3c-lt-le"', "7"),
            "huge id": self.GOOD.replace("1a2b3c", "x" * 5000),
            "no reason": '[[equivalent]]\nid = "O-Editor-1a2b3c-lt-le"\n',
            "empty reason": self.GOOD.replace('"both sides are equal only at a point the clamp never reaches"', '"  "'),
            "two-line note": self.GOOD.replace('"needs exactly 180 degrees"', '"a\\nb"'),
            "unknown class": self.GOOD.replace('"boundary"', '"vibes"'),
            "unknown key": self.GOOD + "colour = 1\n",
            "unknown field": self.GOOD.replace('class = "boundary"', 'class = "boundary"\nextra = 1'),
            "not an array": 'equivalent = "all of them"\n',
            "not a table": "equivalent = [1, 2]\n",
            "bad utf-8": None,
        }
        for why, text in cases.items():
            with self.subTest(why):
                with tempfile.TemporaryDirectory() as d:
                    p = Path(d) / "triage.toml"
                    if text is None:
                        p.write_bytes(b'[[equivalent]]\nid = "\xff"\n')
                    else:
                        p.write_text(text, encoding="utf-8")
                    with self.assertRaises(triage.TriageError) as caught:
                        triage.load(p, self.KNOWN)
                    self.assertNotIn("\n", str(caught.exception))
                    self.assertLess(len(str(caught.exception)), 400)

    def test_non_regular_and_huge_files(self):
        with tempfile.TemporaryDirectory() as d:
            with self.assertRaisesRegex(triage.TriageError, "not a regular file"):
                triage.load(Path(d), self.KNOWN)
            big = Path(d) / "big.toml"
            with open(big, "wb") as f:
                f.truncate(triage.MAX_BYTES + 1)
            with self.assertRaisesRegex(triage.TriageError, "larger than"):
                triage.load(big, self.KNOWN)


class CommandLine(unittest.TestCase):
    def assertUsage(self, *args):
        r = run_cli(*args)
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
        self.assertTrue(r.stderr.startswith("mutants: "), r.stderr)
        return r.stderr

    def test_bad_triage_files_exit_2_with_one_line(self):
        with tempfile.TemporaryDirectory() as d:
            p = Path(d) / "t.toml"
            for text, says in [("[[equivalent]\n", "not valid TOML"),
                               ('[[equivalent]]\nid = "O-Nope-000000-lt-le"\nreason = "r"\n', "unknown mutant id"),
                               ('[[survivor]]\nid = "O-X-1-lt-le"\nclass = "boundary"\nnote = "n"\n' * 2, "")]:
                p.write_text(text, encoding="utf-8")
                self.assertIn(says, self.assertUsage("--operators", "--list", "--triage", str(p)))
            self.assertIn("not a regular file", self.assertUsage("--operators", "--list", "--triage", d))

    def test_operators_list_diff_and_only(self):
        r = run_cli("--operators", "--list")
        self.assertEqual(r.returncode, 0, r.stderr)
        ids = [line.split()[0] for line in r.stdout.splitlines()]
        self.assertTrue(ids and all(i.startswith("O-") for i in ids))
        self.assertIn("operator mutants; skipped:", r.stderr)
        r = run_cli("--diff", ids[0])
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("+++ b/Sources/CropModel/", r.stdout)
        self.assertIn("M99", self.assertUsage("--operators", "--only", "M99"))
        self.assertIn("O-Nope", self.assertUsage("--only", "O-Nope"))

    def test_from_results_rewrites_only_the_operator_section(self):
        ids = [line.split()[0] for line in run_cli("--operators", "--list").stdout.splitlines()][:2]
        fuzz = {"verdict": "survived", "first_failure_s": None, "first_run": None, "runs": 9, "property": None, "place": None}
        suite = {"verdict": "skipped", "failing": [], "property": None}
        results = {"control": {"suite": suite, "fuzz": fuzz},
                   ids[0]: {"suite": suite, "fuzz": dict(fuzz, verdict="killed", first_failure_s=0.01, first_run=3)},
                   ids[1]: {"suite": suite, "fuzz": fuzz}}
        meta = {"date": "d", "commit": "c", "seed": 1, "fuzz_seconds": 30, "parallel": 2, "load": "1.0", "generated": 2,
                "skipped": {"snippet not unique": 4}, "suite": False}
        with tempfile.TemporaryDirectory() as d:
            saved, table = Path(d) / "r.json", Path(d) / "m.md"
            saved.write_text(mutants.json.dumps({"meta": meta, "results": results}))
            table.write_text(f"keep\n{mutants.BEGIN}\nhand\n{mutants.END}\n{mutants.OP_BEGIN}\nold\n{mutants.OP_END}\n")
            empty = Path(d) / "triage.toml"  # the real triage may list these two
            empty.write_text("")
            r = run_cli("--operators", "--from-results", str(saved), "--table", str(table), "--triage", str(empty))
            self.assertEqual(r.returncode, 1, r.stderr)  # one survivor, not triaged
            text = table.read_text()
            self.assertIn(f"keep\n{mutants.BEGIN}\nhand\n{mutants.END}", text)
            self.assertIn("killed **1/2 (50 %)**", text)
            self.assertIn(f"| {ids[1]} |", text)
            self.assertIn("**not triaged**", text)
            self.assertNotIn("old", text)
            unreachable = Path(d) / "unreachable.toml"
            unreachable.write_text(f'[[unreachable]]\nid = "{ids[1]}"\nreason = "a helper the editor never calls"\n')
            r = run_cli("--operators", "--from-results", str(saved), "--table", str(table), "--triage", str(unreachable))
            self.assertEqual(r.returncode, 0, r.stderr)  # out of the denominator, so not an untriaged survivor
            text = table.read_text()
            self.assertIn("killed **1/1 (100 %)**", text)
            self.assertIn("1 triaged unreachable from the editor", text)
            self.assertIn(f"* {ids[1]} (", text)
            self.assertIn("killed by the fuzzer anyway: 0 of 1", text)
            unspecified = Path(d) / "unspecified.toml"
            unspecified.write_text(f'[[unspecified]]\nid = "{ids[0]}"\nreason = "outputSize 0, which the spec gives no meaning"\n'
                                   f'[[unspecified]]\nid = "{ids[1]}"\nreason = "a view 0 points wide"\n')
            r = run_cli("--operators", "--from-results", str(saved), "--table", str(table), "--triage", str(unspecified))
            self.assertEqual(r.returncode, 0, r.stderr)  # out of the denominator, like unreachable
            text = table.read_text()
            self.assertIn("killed **0/0**", text)
            self.assertIn("2 triaged unspecified", text)
            self.assertIn(f"* {ids[0]} (", text)
            self.assertIn("outputSize 0, which the spec gives no meaning", text)
            self.assertIn("killed by the fuzzer anyway: 1 of 2", text)
            self.assertNotIn("Unreachable from the editor", text)
            saved.write_text("[]")
            self.assertIn("not a results file", self.assertUsage("--operators", "--from-results", str(saved), "--table", str(table)))

    def test_sample_leaves_out_triaged_survivors(self):
        cat = [mutants.Mutant(f"O-X-{i}", 10000 + i, "m", "d", ("—",), "operator", None, ()) for i in range(1, 11)]
        cat[3] = mutants.dataclasses.replace(cat[3], survivor=triage.Survivor("boundary", "n"))
        self.assertNotIn("O-X-4", [m.id for m in mutants.sample(cat, 9)])
        self.assertEqual(len(mutants.sample(cat, 50)), 9)


if __name__ == "__main__":
    unittest.main()
