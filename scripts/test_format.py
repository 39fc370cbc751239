"""Tests of scripts/format's exit codes, on a throwaway git checkout holding a copy of the script
and the root's .swift-format: a clean tree is 0, a finding is 1 with one `file:line:col` line, a
broken configuration (the tool failing, not a finding) is 3, and bad usage is 2."""

import os
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class FormatScriptTests(unittest.TestCase):
    def setUp(self):
        self.tree = tempfile.mkdtemp(prefix="format-test-")
        os.makedirs(os.path.join(self.tree, "scripts"))
        os.makedirs(os.path.join(self.tree, "Sources", "A"))
        shutil.copy(os.path.join(ROOT, "scripts", "format"), os.path.join(self.tree, "scripts", "format"))
        shutil.copy(os.path.join(ROOT, ".swift-format"), os.path.join(self.tree, ".swift-format"))
        self.write("Sources/A/A.swift", "let x = 1\n")
        subprocess.run(["git", "init", "-q", self.tree], check=True)
        subprocess.run(["git", "-C", self.tree, "add", "-A"], check=True)

    def tearDown(self):
        shutil.rmtree(self.tree)

    def write(self, path, text):
        with open(os.path.join(self.tree, path), "w") as f:
            f.write(text)

    def lint(self, *args):
        return subprocess.run(["bash", os.path.join(self.tree, "scripts", "format"), *args],
                              capture_output=True, text=True, timeout=120)

    def test_a_clean_tree_exits_0(self):
        result = self.lint("--lint")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, "")

    def test_a_finding_exits_1_with_one_located_line(self):
        self.write("Sources/A/A.swift", "let   x = 1\n")
        result = self.lint("--lint")
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertEqual(result.stdout.splitlines(), ["Sources/A/A.swift:1:4: error: [Spacing] remove 2 spaces"])

    def test_a_broken_configuration_is_the_tool_failing_not_a_finding(self):
        self.write(".swift-format", "{")
        result = self.lint("--lint")
        self.assertEqual(result.returncode, 3, result.stdout + result.stderr)
        self.assertEqual(result.stdout, "")
        self.assertIn("swift-format lint failed", result.stderr)

    def test_formatting_fixes_what_lint_found(self):
        self.write("Sources/A/A.swift", "let   x = 1\n")
        self.assertEqual(self.lint().returncode, 0)
        self.assertEqual(self.lint("--lint").returncode, 0)

    def test_bad_usage_exits_2(self):
        self.assertEqual(self.lint("--fix").returncode, 2)
        self.assertEqual(self.lint("--lint", "extra").returncode, 2)


if __name__ == "__main__":
    unittest.main()
