"""Tests of scripts/check-function-length: what counts as a function, how long it is, where its
braces are (never inside strings or comments), and the doc-comment marker that excuses it.

Run: python3 -m unittest discover -s scripts -p 'test_check_function_length.py'
"""

import importlib.machinery
import importlib.util
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "check-function-length"

_loader = importlib.machinery.SourceFileLoader("check_function_length", str(SCRIPT))
_spec = importlib.util.spec_from_loader("check_function_length", _loader)
checker = importlib.util.module_from_spec(_spec)
sys.modules["check_function_length"] = checker
_loader.exec_module(checker)


def swift(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def body(lines: int, filler: str = "    x += 1") -> str:
    """`lines` lines of function body."""
    return "\n".join([filler] * lines)


def found(source: str) -> dict[str, tuple[int, int, bool]]:
    return {f.name: (f.line, f.length, f.has_reason) for f in checker.functions(source)}


class Lengths(unittest.TestCase):
    def test_counts_from_the_keyword_to_the_closing_brace(self):
        source = swift("""
            /// Doc.
            @inlinable
            func small() {
                a()
            }
            """)
        self.assertEqual(found(source), {"small": (3, 3, False)})

    def test_every_kind_of_body(self):
        source = swift("""
            struct S {
                init(x: Int) {
                    self.x = x
                }
                deinit {
                    close()
                }
                subscript(i: Int) -> Int {
                    get { i }
                }
                var computed: Int {
                    1
                }
                let handler = { (x: Int) in
                    print(x)
                }
                lazy var table: [Int] = {
                    [1, 2]
                }()
                static func + (a: S, b: S) -> S {
                    a
                }
            }
            """)
        names = found(source)
        self.assertEqual(set(names), {"S.init", "S.deinit", "S.subscript", "S.computed", "S.handler", "S.table", "S.+"})
        self.assertEqual(names["S.init"], (2, 3, False))
        self.assertEqual(names["S.table"], (17, 3, False))

    def test_a_signature_over_several_lines_with_a_default_closure(self):
        source = swift("""
            func run(
                progress: (Int) -> Void = { _ in },
                found: (String) -> Void = { _ in }
            ) -> Int where T: Equatable {
                0
            }
            """)
        self.assertEqual(found(source), {"run": (1, 6, False)})

    def test_protocol_requirements_have_no_body(self):
        source = swift("""
            protocol P {
                func a() -> Int
                init(x: Int)
                subscript(i: Int) -> Int { get }
                var b: Int { get set }
            }
            extension P {
                func a() -> Int { 1 }
            }
            """)
        names = found(source)
        self.assertNotIn("P.init", names)
        self.assertEqual(names["P.a"], (8, 1, False))

    def test_calls_are_not_declarations(self):
        source = swift("""
            func f() {
                let s = Set.init([1])
                self.init(x: 1)
                let x = values.map { $0 + 1 }
            }
            """)
        self.assertEqual(found(source), {"f": (1, 5, False)})

    def test_nested_functions_count_inside_and_on_their_own(self):
        source = swift("""
            enum E {
                static func outer() {
                    func inner() {
                        a()
                    }
                    inner()
                }
            }
            """)
        self.assertEqual(found(source), {"E.outer": (2, 6, False), "E.inner": (3, 3, False)})


class BracesOutsideCode(unittest.TestCase):
    def test_braces_in_strings_and_comments_are_not_braces(self):
        source = swift('''
            func f() -> String {
                let a = "}}} \\" }"
                // }
                /* } /* nested } */ } */
                let b = #"a "}" raw \\(x) }"#
                return a + "\\(values.map { "}" + $0 }.joined())"
            }
            func g() {
                h()
            }
            ''')
        self.assertEqual(found(source), {"f": (1, 7, False), "g": (8, 3, False)})

    def test_multiline_strings(self):
        source = swift('''
            enum Page {
                static let css = """
                    body { color: red; }
                    func fake() {
                    """
                static func html() -> String {
                    """
                    <script>if (x) { y() }</script>
                    \\(Page.css)
                    """
                }
            }
            ''')
        self.assertEqual(found(source), {"Page.html": (6, 6, False)})

    def test_code_only_keeps_offsets_and_newlines(self):
        source = 'let s = "a{\nb"  // }\nfunc f() {}\n'
        code = checker.code_only(source)
        self.assertEqual(len(code), len(source))
        self.assertEqual(code.count("\n"), source.count("\n"))
        self.assertNotIn("}", code.split("\n")[0] + code.split("\n")[1])
        self.assertIn("func f() {}", code)


class Marker(unittest.TestCase):
    def long(self, doc: str) -> str:
        return doc + "func long() {\n" + body(85) + "\n}\n"

    def test_a_long_function_fails_without_a_reason(self):
        self.assertEqual([f.name for f in checker.too_long(self.long("/// Does things.\n"))], ["long"])

    def test_the_marker_excuses_it_even_past_attributes(self):
        doc = "/// Does things.\n///\n/// Long because: one table, row per case.\n@inline(__always)\n"
        self.assertEqual(checker.too_long(self.long(doc)), [])

    def test_an_empty_reason_or_a_plain_comment_does_not(self):
        self.assertEqual(len(checker.too_long(self.long("/// Long because:\n"))), 1)
        self.assertEqual(len(checker.too_long(self.long("// Long because: not a doc comment\n"))), 1)
        self.assertEqual(len(checker.too_long(self.long("/// Long because: far away\n\n"))), 1)

    def test_eighty_lines_is_allowed(self):
        source = "func f() {\n" + body(78) + "\n}\n"
        self.assertEqual(found(source)["f"][1], 80)
        self.assertEqual(checker.too_long(source), [])
        self.assertEqual(len(checker.too_long("func f() {\n" + body(79) + "\n}\n")), 1)


class CommandLine(unittest.TestCase):
    def run_on(self, files: dict[str, str], *args: str) -> subprocess.CompletedProcess:
        with tempfile.TemporaryDirectory() as d:
            for name, text in files.items():
                path = Path(d) / name
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text)
            return subprocess.run([sys.executable, str(SCRIPT), *args, d], capture_output=True, text=True, timeout=60)

    def test_lists_each_long_function_and_exits_1(self):
        r = self.run_on({"A/X.swift": "struct X {\n    func long() {\n" + body(90) + "\n    }\n}\n", "B.swift": "func ok() {}\n"})
        self.assertEqual(r.returncode, 1)
        self.assertRegex(r.stdout, r"^\S+/A/X\.swift:2: X\.long is 92 lines\n$")
        self.assertIn("Long because:", r.stderr)

    def test_passes_when_every_function_fits_or_says_why(self):
        excused = "/// Long because: a table.\nfunc long() {\n" + body(90) + "\n}\n"
        r = self.run_on({"X.swift": excused})
        self.assertEqual((r.returncode, r.stdout), (0, ""))
        r = self.run_on({"X.swift": excused}, "--all")
        self.assertIn("long is 92 lines (says why)", r.stdout)

    def test_bad_usage_exits_2(self):
        r = subprocess.run([sys.executable, str(SCRIPT), "/nonexistent/path"], capture_output=True, text=True, timeout=60)
        self.assertEqual(r.returncode, 2)
        self.assertIn("no such file or folder", r.stderr)
        r = subprocess.run([sys.executable, str(SCRIPT), "--max", "0"], capture_output=True, text=True, timeout=60)
        self.assertEqual(r.returncode, 2)


if __name__ == "__main__":
    unittest.main()
