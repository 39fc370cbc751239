"""Tests of the example editor: the spec's worked examples, the documented decisions and the
declared policies, and the stdio protocol through a real subprocess.

    python3 -m unittest discover -s Examples/python
"""

import json
import math
import os
import subprocess
import sys
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import editor  # noqa: E402
from editor import Editor, Refused  # noqa: E402
import main  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def request(width=4032, height=3024, orientation=1, view=(393, 852), scale=3, config=None,
            reduce_motion=False, user=None):
    return {"source": {"width": width, "height": height, "orientation": orientation},
            "view": {"width": view[0], "height": view[1], "scale": scale},
            "config": config or {}, "reduceMotion": reduce_motion, "user": user}


def opened(**kwargs):
    ed, _ = Editor.open(request(**kwargs))
    return ed


def haptics(effects):
    return [e.get("reason", e["kind"]) for e in effects if e["type"] == "haptic"]


def settle(ed, limit=200):
    """Ticks until the running move lands; returns the number of ticks."""
    for n in range(1, limit + 1):
        ed.tick()
        if ed.move is None:
            return n
    raise AssertionError("the move did not settle")


class GeometryTests(unittest.TestCase):
    """The spec's Zoom & Pan Math: a 4032x3024 photo on a 393x852 pt view at 3x."""

    def setUp(self):
        self.ed = opened()
        self.g = self.ed.geometry

    def test_mask_and_zoom_range(self):
        self.assertAlmostEqual(self.g.mask, 0.82 * 393, places=12)                    # 322.26 pt
        self.assertAlmostEqual(self.g.s_min, 322.26 / (3024 / 3), places=15)           # cover: short side
        self.assertAlmostEqual(self.g.s_quality, 322.26 * 3 / (512 * 1.25), places=15)  # 1.51059375
        self.assertAlmostEqual(self.g.s_max, 4 * self.g.s_min, places=15)              # the multiplier binds
        self.assertFalse(self.g.zoom_limited)
        self.assertFalse(self.g.quality_clamp_engaged)
        self.assertFalse(self.g.low_density)

    def test_initial_pose_is_centered_at_105_percent_of_cover(self):
        self.assertEqual(self.ed.pose, (self.g.s_min * 1.05, 0.0, 0.0))
        self.assertAlmostEqual(self.ed.s, 0.3356875, places=15)

    def test_pan_limits_are_half_the_overhang(self):
        lx, ly = self.g.pan_limit(self.g.s_min)
        self.assertAlmostEqual(lx, (4032 / 3 * self.g.s_min - 322.26) / 2, places=12)   # 53.71
        self.assertAlmostEqual(lx, 53.71, places=9)
        self.assertEqual(ly, 0.0)                          # the short side exactly covers the mask
        self.assertAlmostEqual(self.g.pan_limit(self.ed.s)[1], 8.0565, places=9)

    def test_crop_square_is_the_mask_in_source_pixels(self):
        crop = self.g.crop(self.g.s_min, 0.0, 0.0)
        self.assertAlmostEqual(crop["width"], 3024, places=9)     # at cover the crop is the short side
        self.assertAlmostEqual(crop["x"], (4032 - 3024) / 2, places=9)
        # Moving the image right by t points shows source pixels t*sigma/s further left.
        moved = self.g.crop(self.g.s_min, 10.0, 0.0)
        self.assertAlmostEqual(crop["x"] - moved["x"], 10 * 3 / self.g.s_min, places=9)

    def test_orientation_6_swaps_the_axes_and_maps_the_stored_rect(self):
        ed = opened(orientation=6)
        g = ed.geometry
        self.assertEqual((g.width, g.height), (3024.0, 4032.0))
        rect = {"x": 100.0, "y": 200.0, "width": 50.0, "height": 50.0}
        # For 6 the upright point (x, y) is stored at (y, W_upright - x).
        self.assertEqual(editor.stored_rect(rect, 6, g.width, g.height),
                         {"x": 200.0, "y": 3024.0 - 150.0, "width": 50.0, "height": 50.0})
        self.assertEqual(editor.stored_rect(rect, 3, 400.0, 300.0),
                         {"x": 250.0, "y": 50.0, "width": 50.0, "height": 50.0})

    def test_density_cap_binds_on_an_ipad(self):
        g = opened(view=(1024, 1366), scale=2).geometry
        self.assertAlmostEqual(g.s_max, 2.0, places=15)                # sigma / minPixelPerPoint
        self.assertLess(g.s_max, 4 * g.s_min)

    def test_small_photo_is_accepted_with_the_zoom_locked_and_one_tip(self):
        ed, effects = Editor.open(request(width=500, height=700))
        self.assertTrue(ed.geometry.zoom_limited)
        self.assertEqual(ed.geometry.s_max, ed.geometry.s_min)
        self.assertEqual(ed.s, ed.geometry.s_min)                       # 1.05 s_min capped at s_max
        shows = [e["message"] for e in effects if e["type"] == "show"]
        self.assertEqual(shows, ["zoomLimitedByQuality"])
        self.assertEqual(effects[0], editor.message("announce", "voiceOverIntro"))

    def test_photo_under_320_px_is_refused(self):
        with self.assertRaises(Refused) as refusal:
            Editor.open(request(width=319, height=4000))
        self.assertEqual(str(refusal.exception), "This photo is too small for a profile picture")
        self.assertIsNotNone(opened(width=320, height=320))


class GestureTests(unittest.TestCase):
    def setUp(self):
        self.ed = opened()
        self.g = self.ed.geometry

    def pinch(self, factor, start=(100, 426), now=None):
        ed = self.ed
        ed.apply({"type": "pinchBegan", "x": start[0], "y": start[1]})
        x, y = now or start
        return ed.apply({"type": "pinchChanged", "scale": factor, "x": x, "y": y})

    def test_pan_follows_the_finger_and_is_clamped(self):
        ed = self.ed
        ed.apply({"type": "panBegan"})
        ed.apply({"type": "panChanged", "dx": 3.5, "dy": -1.0})
        self.assertEqual((ed.tx, ed.ty), (3.5, -1.0))
        fx = ed.apply({"type": "panChanged", "dx": 1000.0, "dy": 0.0})
        self.assertEqual(ed.tx, self.g.pan_limit(ed.s)[0])             # snapped to the exact bound
        self.assertEqual(haptics(fx), ["panClampX"])
        self.assertFalse(ed.state()["grid"])
        ed.apply({"type": "panEnded"})
        self.assertTrue(ed.state()["grid"])
        self.assertFalse(ed.state()["instructions"])

    def test_pinch_keeps_the_point_under_the_centroid(self):
        # Fingers 96.5 pt left of the mask center spread 1.5x: tx = -96.5 (1 - 1.5) = 48.25.
        s0 = self.ed.s
        fx = self.pinch(1.5)
        self.assertAlmostEqual(self.ed.s, 1.5 * s0, places=15)
        self.assertAlmostEqual(self.ed.tx, 48.25, places=9)
        self.assertEqual(self.ed.ty, 0.0)
        self.assertEqual(fx, [])

    def test_pinch_past_the_maximum_anchors_at_the_clamped_zoom(self):
        s0 = self.ed.s
        fx = self.pinch(10.0, now=(120, 426))
        s = self.g.s_max
        self.assertEqual(self.ed.s, s)
        q = (100 - 196.5) / s0                      # the image point first under the fingers
        self.assertAlmostEqual(self.ed.tx, (120 - 196.5) - q * s, places=9)
        self.assertEqual(haptics(fx), ["zoomMax"])
        # Further pushes while the zoom stays on the limit do not buzz again.
        fx = self.ed.apply({"type": "pinchChanged", "scale": 12.0, "x": 120, "y": 426})
        self.assertEqual(haptics(fx), [])

    def test_pinch_below_the_minimum_buzzes_once(self):
        fx = self.pinch(0.5)
        self.assertEqual(self.ed.s, self.g.s_min)
        self.assertIn("zoomMin", haptics(fx))

    def test_non_finite_input_is_ignored(self):
        before = self.ed.pose
        self.ed.apply({"type": "panBegan"})
        self.ed.apply({"type": "panChanged", "dx": math.nan, "dy": 1.0})
        self.ed.apply({"type": "pinchChanged", "scale": math.inf, "x": 1.0, "y": 2.0})
        self.assertEqual(self.ed.pose, before)

    def test_a_pan_axis_is_one_limit(self):
        # limitHaptics perAxis: crossing from one X bound to the other without leaving the axis'
        # sides does not buzz again; leaving both sides re-arms it.
        ed = self.ed
        lx = self.g.pan_limit(ed.s)[0]
        ed.apply({"type": "panBegan"})
        self.assertEqual(haptics(ed.apply({"type": "panChanged", "dx": lx + 5, "dy": 0.0})), ["panClampX"])
        self.assertEqual(haptics(ed.apply({"type": "panChanged", "dx": -3 * lx, "dy": 0.0})), [])
        self.assertEqual(ed.tx, -lx)
        self.assertEqual(haptics(ed.apply({"type": "panChanged", "dx": lx, "dy": 0.0})), [])   # off both
        self.assertEqual(haptics(ed.apply({"type": "panChanged", "dx": 2 * lx, "dy": 0.0})), ["panClampX"])

    def test_zoom_limits_are_separate(self):
        ed = self.ed
        self.assertEqual(haptics(self.pinch(10.0)), ["zoomMax"])
        self.assertEqual(haptics(ed.apply({"type": "pinchChanged", "scale": 0.01, "x": 100, "y": 426})),
                         ["zoomMin"])

    def test_double_tap_ladder_cycles_relative_to_s_min(self):
        ed, g = self.ed, self.g
        seen = []
        for _ in range(5):
            ed.apply({"type": "doubleTap", "x": 196.5, "y": 426})
            settle(ed)
            seen.append(ed.s / g.s_min)
        for got, want in zip(seen, [1.5, 2.0, 4.0, 1.0, 1.5]):
            self.assertAlmostEqual(got, want, places=12)

    def test_double_tap_is_anchored_at_the_tap(self):
        ed, g = self.ed, self.g
        s0 = ed.s
        ed.apply({"type": "doubleTap", "x": 150, "y": 420})
        settle(ed)
        s = 1.5 * g.s_min
        self.assertAlmostEqual(ed.s, s, places=15)
        self.assertAlmostEqual(ed.tx, (150 - 196.5) * (1 - s / s0), places=9)
        self.assertAlmostEqual(ed.ty, (420 - 426) * (1 - s / s0), places=9)


class SliderAndMotionTests(unittest.TestCase):
    def test_slider_maps_linearly(self):
        ed = opened(reduce_motion=True)
        g = ed.geometry
        ed.apply({"type": "setZoomSlider", "percent": 50, "animated": True})
        self.assertAlmostEqual(ed.s, (g.s_min + g.s_max) / 2, places=15)
        self.assertAlmostEqual(ed.slider_percent(), 50.0, places=9)
        self.assertIsNone(ed.move)                                 # Reduce Motion: lands at once

    def test_increments_are_five_percent(self):
        ed = opened(reduce_motion=True)
        ed.apply({"type": "setZoomSlider", "percent": 20, "animated": False})
        ed.apply({"type": "incrementZoom"})
        self.assertAlmostEqual(ed.slider_percent(), 25.0, places=9)
        ed.apply({"type": "decrementZoom"})
        ed.apply({"type": "decrementZoom"})
        self.assertAlmostEqual(ed.slider_percent(), 15.0, places=9)

    def test_increment_at_the_top_presses_once(self):
        ed = opened(reduce_motion=True)
        ed.apply({"type": "setZoomSlider", "percent": 100, "animated": False})
        self.assertEqual(haptics(ed.apply({"type": "incrementZoom"})), ["zoomMax"])
        self.assertEqual(ed.s, ed.geometry.s_max)
        self.assertEqual(haptics(ed.apply({"type": "incrementZoom"})), [])

    def test_spring_settles_with_a_clamped_overshoot(self):
        ed = opened()
        g = ed.geometry
        ed.apply({"type": "setZoomSlider", "percent": 100, "animated": True})
        self.assertTrue(ed.state()["animating"])
        self.assertEqual(ed.s, g.s_min * 1.05)                  # frame 1 is the first tick
        scales = []
        while ed.move is not None:
            ed.tick()
            scales.append(ed.s)
        # zeta 0.7 under semi-implicit Euler at 60 Hz lands on tick 72, exactly on the target.
        self.assertEqual(len(scales), 72)
        self.assertEqual(scales[-1], g.s_max)
        self.assertTrue(all(g.s_min <= s <= g.s_max for s in scales))
        self.assertIn(g.s_max, scales[:-1])                     # the overshoot was held at s_max

    def test_recenter_moves_linearly_in_progress(self):
        ed = opened()
        ed.apply({"type": "panBegan"})
        ed.apply({"type": "panChanged", "dx": 40.0, "dy": 0.0})
        ed.apply({"type": "panEnded"})
        ed.apply({"type": "recenter"})
        ed.tick()
        u = 1 + ed.move.x
        self.assertAlmostEqual(ed.tx, 40.0 * (1 - u), places=12)
        settle(ed)
        self.assertEqual((ed.tx, ed.ty), (0.0, 0.0))

    def test_resize_keeps_the_center_point_and_relative_zoom(self):
        ed = opened()
        ed.apply({"type": "panBegan"})
        ed.apply({"type": "panChanged", "dx": 20.0, "dy": 4.0})
        ed.apply({"type": "panEnded"})
        ratio = ed.s / ed.geometry.s_min
        tx, s = ed.tx, ed.s
        ed.apply({"type": "resize", "width": 600, "height": 1000})     # D 322.26 -> 492 pt
        self.assertAlmostEqual(ed.geometry.s_min / s, 492 / 322.26 / 1.05, places=12)
        self.assertAlmostEqual(ed.s / ed.geometry.s_min, ratio, places=12)
        self.assertAlmostEqual(ed.tx, tx * ed.s / s, places=9)


    def test_resize_mid_pinch_reanchors_without_a_jump(self):
        ed = opened()
        ed.apply({"type": "pinchBegan", "x": 150, "y": 400})
        ed.apply({"type": "pinchChanged", "scale": 1.5, "x": 160, "y": 410})
        ed.apply({"type": "resize", "width": 600, "height": 1000})
        pose = ed.pose
        # The fingers did not move on the glass: the same ratio and centroid change nothing.
        ed.apply({"type": "pinchChanged", "scale": 1.5, "x": 160, "y": 410})
        for got, want in zip(ed.pose, pose):
            self.assertAlmostEqual(got, want, places=12)
        ed.apply({"type": "pinchChanged", "scale": 3.0, "x": 160, "y": 410})
        self.assertAlmostEqual(ed.s, 2 * pose[0], places=12)


class FlowTests(unittest.TestCase):
    USER = {"uid": "u-1", "avatarPath": "users/u-1/old.png", "avatarVersion": 7}

    def confirm(self, **kwargs):
        ed = opened(user=self.USER, **kwargs)
        return ed, ed.apply({"type": "confirm"})

    def test_confirm_asks_for_the_crop_with_success(self):
        ed, fx = self.confirm(orientation=6)
        self.assertEqual(haptics(fx), ["success"])
        crop = next(e for e in fx if e["type"] == "crop")
        self.assertEqual((crop["orientation"], crop["outputSize"], crop["encoding"]), (6, 512, {"format": "png"}))
        self.assertFalse(crop["fromThumbnail"])
        self.assertEqual(ed.state()["session"], "confirmed")
        self.assertEqual(ed.apply({"type": "confirm"}), [])         # a second confirm is ignored

    def test_upload_retries_after_30_60_120_ticks_then_fails(self):
        ed, _ = self.confirm()
        fx = ed.apply({"type": "cropFinished", "succeeded": True})
        telemetry = next(e for e in fx if e["type"] == "telemetry")
        self.assertEqual((telemetry["thumbnailWidth"], telemetry["thumbnailHeight"]), (2560, 1920))
        upload = next(e for e in fx if e["type"] == "upload")
        self.assertEqual(upload["key"], "users/u-1/avatar_512.png")
        for attempt, backoff in zip((1, 2, 3), (30, 60, 120)):           # R12.5: 0.5 s, 1 s, 2 s
            ed.apply({"type": "uploadFinished", "attempt": attempt, "outcome": "timeout"})
            for n in range(1, backoff + 2):
                started = [e for e in ed.tick() if e["type"] == "upload"]
                if started:
                    break
            self.assertEqual(n, backoff + 1)           # the tick ending the failure's frame is the first
            self.assertEqual(started[0]["attempt"], attempt + 1)
        fx = ed.apply({"type": "uploadFinished", "attempt": 4, "outcome": "httpError", "status": 503})
        self.assertEqual([e["type"] for e in fx], ["uploadTelemetry", "haptic", "alert", "offerRetry"])
        self.assertTrue(fx[0]["finalAttempt"])
        self.assertEqual(ed.state()["upload"], "failed")

    def test_client_errors_are_final_and_success_updates_the_profile(self):
        ed, _ = self.confirm(config={"encoding": {"format": "jpeg", "quality": 0.9}})
        fx = ed.apply({"type": "cropFinished", "succeeded": True})
        self.assertEqual(next(e for e in fx if e["type"] == "upload")["contentType"], "image/jpeg")
        fx = ed.apply({"type": "uploadFinished", "attempt": 1, "outcome": "httpError", "status": 403})
        self.assertIn({"type": "offerRetry"}, fx)
        fx = ed.apply({"type": "retry"})
        self.assertEqual(fx[0]["attempt"], 1)
        fx = ed.apply({"type": "uploadFinished", "attempt": 1, "outcome": "success"})
        self.assertIn({"type": "updateProfile", "avatarPath": "users/u-1/avatar_512.jpg", "avatarVersion": 8}, fx)

    def test_what_is_retried(self):
        for outcome, status, retried in (("connectionDropped", 0, True), ("httpError", 503, True),
                                         ("httpError", 429, True), ("httpError", 408, True),
                                         ("httpError", 373, True), ("httpError", 404, False)):
            ed, _ = self.confirm()
            ed.apply({"type": "cropFinished", "succeeded": True})
            fx = ed.apply({"type": "uploadFinished", "attempt": 1, "outcome": outcome, "status": status})
            self.assertEqual(ed.state()["upload"], "waiting" if retried else "failed", (outcome, status))
            self.assertEqual(fx[0]["finalAttempt"], not retried)

    def test_crop_failure_returns_to_editing_with_the_pose_kept(self):
        ed, _ = self.confirm()
        pose = ed.pose
        fx = ed.apply({"type": "cropFinished", "succeeded": False})
        self.assertEqual(haptics(fx), ["error"])
        self.assertEqual(ed.state()["session"], "editing")
        self.assertEqual(ed.pose, pose)
        self.assertEqual(haptics(ed.apply({"type": "retry"})), ["success"])

    def test_memory_warning_crops_the_thumbnail_with_one_notice(self):
        ed = opened(user=self.USER)
        ed.apply({"type": "memoryWarning"})
        fx = ed.apply({"type": "confirm"})
        self.assertIn(editor.message("show", "memoryFallback"), fx)
        self.assertTrue(next(e for e in fx if e["type"] == "crop")["fromThumbnail"])


class ProtocolTests(unittest.TestCase):
    def run_model(self, *requests):
        lines = "".join(json.dumps(r) + "\n" for r in requests)
        done = subprocess.run([sys.executable, os.path.join(HERE, "main.py")], input=lines.encode(),
                              capture_output=True, timeout=30)
        self.assertEqual(done.returncode, 0, done.stderr)
        return [json.loads(line) for line in done.stdout.decode().splitlines()]

    def test_hello_open_step(self):
        hello, opened_, stepped = self.run_model(
            {"type": "hello", "id": 0, "protocol": [1]},
            dict(request(), type="open", id=1),
            {"type": "step", "id": 2, "ops": [{"type": "panBegan"}, {"type": "panChanged", "dx": 3.5, "dy": "NaN"},
                                              {"type": "panChanged", "dx": 2, "dy": -1}, "tick", {"type": "panEnded"}]})
        self.assertEqual((hello["type"], hello["id"], hello["protocol"]), ("hello", 0, 1))
        self.assertEqual(hello["model"], {"name": "python-example", "version": "1.0"})
        self.assertNotIn("rotation", hello["capabilities"])
        self.assertEqual(hello["policies"]["limitHaptics"], "perAxis")
        self.assertEqual((opened_["type"], opened_["id"]), ("opened", 1))
        self.assertAlmostEqual(opened_["state"]["scale"], 0.3356875, places=15)
        self.assertIn({"type": "announce", "message": "voiceOverIntro",
                       "text": "Avatar editor. Circular crop. Drag to move, pinch to zoom"}, opened_["effects"])
        self.assertEqual((stepped["type"], stepped["id"]), ("stepped", 2))
        results = stepped["results"]
        self.assertEqual(len(results), 5)
        self.assertEqual(results[0]["state"], {"grid": False, "instructions": False, "gesture": "pan"})
        self.assertEqual(results[1], {})                        # NaN: ignored, nothing changed
        self.assertEqual((results[2]["state"]["tx"], results[2]["state"]["ty"]), (2, -1))
        self.assertEqual(results[3], {})
        self.assertEqual(results[4]["state"], {"grid": True, "gesture": "idle"})

    def test_refusal_and_errors(self):
        hello, refused, error = self.run_model(
            {"type": "hello", "id": 0, "protocol": [2]},
            dict(request(width=300), type="open", id=1),
            {"type": "bogus", "id": 2})
        self.assertEqual((hello["type"], hello["code"]), ("error", 10))
        self.assertEqual(refused, {"type": "refused", "id": 1,
                                   "message": "This photo is too small for a profile picture"})
        self.assertEqual((error["type"], error["id"], error["code"]), ("error", 2, 12))

    def test_non_finite_numbers_are_strings(self):
        line = main.encode({"a": math.nan, "b": [math.inf, -math.inf, 0.1]})
        self.assertEqual(line, '{"a":"NaN","b":["Infinity","-Infinity",0.1]}')
        self.assertEqual(main.decode_numbers({"dx": "-Infinity", "outcome": "timeout"}),
                         {"dx": -math.inf, "outcome": "timeout"})


if __name__ == "__main__":
    unittest.main()
