"""Tests of Mutants/migrate_format.py: snippets and operator ids survive a re-wrap, and nothing
else is touched. Run: python3 -m unittest discover -s Mutants"""

import tempfile
import tomllib
import unittest
from pathlib import Path

import migrate_format as mf

BEFORE = """\
struct S {
    func f(a: Double, b: Double) -> Double {
        let t = Pose.translation(placing: a, under: offset(b), scale: min(max(a, 0), 1), angle: b)
        return t > 0 ? a : b
    }
}
"""
# What swift-format makes of it: the call broken after its `(`, nothing else changed.
AFTER = """\
struct S {
    func f(a: Double, b: Double) -> Double {
        let t = Pose.translation(
            placing: a, under: offset(b), scale: min(max(a, 0), 1), angle: b)
        return t > 0 ? a : b
    }
}
"""
FILE = "Sources/CropModel/S.swift"


class RelocateTests(unittest.TestCase):
    def test_a_snippet_across_a_new_line_break_is_found_as_it_now_reads(self):
        old = "Pose.translation(placing: a, under: offset(b)"
        now = mf.relocate(old, AFTER)
        self.assertEqual(now, "Pose.translation(\n            placing: a, under: offset(b)")
        self.assertEqual(AFTER.count(now), 1)

    def test_a_snippet_still_found_once_is_kept(self):
        self.assertEqual(mf.relocate("return t > 0 ? a : b", AFTER), "return t > 0 ? a : b")

    def test_an_ambiguous_or_missing_snippet_is_none(self):
        self.assertIsNone(mf.relocate("a", AFTER))  # many times
        self.assertIsNone(mf.relocate("offset(c)", AFTER))

    def test_only_inside_the_region(self):
        lo = AFTER.index("return")
        self.assertIsNone(mf.relocate("offset(b)", AFTER, lo))
        self.assertEqual(mf.relocate("t>0", AFTER, lo), "t > 0")


class CatalogueTests(unittest.TestCase):
    def test_a_stale_within_is_rewritten_and_the_file_still_parses(self):
        catalogue = (
            '[[mutant]]\nid = "M01"\n  [[mutant.edit]]\n  file = "' + FILE + '"\n'
            '  within = "let t = Pose.translation(placing: a, under: offset(b), scale: min(max(a, 0), 1), angle: b)"\n'
            '  original = "offset(b)"\n  replacement = ".zero"\n')
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "c.toml"
            path.write_text(catalogue)
            text, n = mf.migrate_catalogue(path, {FILE: AFTER})
        self.assertEqual(n, 1)
        edit = tomllib.loads(text)["mutant"][0]["edit"][0]
        self.assertEqual(AFTER.count(edit["within"]), 1)
        self.assertIn("\n", edit["within"])
        self.assertEqual(edit["original"], "offset(b)")  # found once inside the new `within`

    def test_a_snippet_lost_for_good_stops_the_migration(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "c.toml"
            path.write_text('[[mutant]]\nid = "M01"\n  [[mutant.edit]]\n  file = "' + FILE + '"\n'
                            '  original = "offset(c)"\n  replacement = ".zero"\n')
            with self.assertRaises(mf.Failure):
                mf.migrate_catalogue(path, {FILE: AFTER})


class OperatorIdTests(unittest.TestCase):
    def test_every_site_maps_to_the_same_operator_and_rows_follow_their_line(self):
        moved, lost = mf.id_map({FILE: BEFORE}, {FILE: AFTER})
        self.assertEqual(lost, [])
        old_ids = {k for k, m in moved.items() if k != m.new_id}
        self.assertTrue(old_ids, "the re-wrapped line's sites get new ids")
        for old_id in old_ids:
            self.assertEqual(old_id.rsplit("-", 2)[-2:], moved[old_id].new_id.rsplit("-", 2)[-2:])
        # The `>` on the unchanged line keeps its id, and its row moves one line down.
        gt = [k for k, m in moved.items() if k == m.new_id and k.endswith("-gt-ge")]
        self.assertEqual(len(gt), 1)
        self.assertEqual((moved[gt[0]].site, moved[gt[0]].new_site), ("S.swift:4", "S.swift:5"))
        row = f"| {gt[0]} | S.swift:4 | x |\n"
        self.assertEqual(mf.rewrite_ids(row, moved), f"| {gt[0]} | S.swift:5 | x |\n")
        old = sorted(old_ids)[0]
        text = f"see {old} and S.swift:40 and O-Other-abcdef-lt-le\n"
        self.assertEqual(mf.rewrite_ids(text, moved), f"see {moved[old].new_id} and S.swift:40 and O-Other-abcdef-lt-le\n")

    def test_a_migrated_text_is_left_alone(self):
        moved, _ = mf.id_map({FILE: BEFORE}, {FILE: AFTER})
        once = mf.rewrite_ids("\n".join(f"| {k} | {m.site} |" for k, m in moved.items()) + "\n", moved)
        self.assertEqual(mf.rewrite_ids(once, moved), once)


if __name__ == "__main__":
    unittest.main()
