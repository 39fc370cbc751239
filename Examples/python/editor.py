"""The avatar cropper's editor state model: pure Python, no I/O.

Written from the spec (shared/spec: avatar-cropper-requirements.md, gesture-notes.md) and
cropsim's documented decisions (docs/editor-model.md, docs/upload.md, docs/oracle.md), with the
policies this example declares (README.md):

* limitHaptics perAxis     a pan axis is one limit; zoomMin and zoomMax stay two
* sliderMapping linear     percent = 100 (s - s_min) / (s_max - s_min)
* incrementStep fivePercent  a VoiceOver step is 5 % of the slider
* transitionSpring zeta0.7   k 100, damping ratio 0.7, m 1, semi-implicit Euler at 60 Hz

`Editor.open(request)` starts a session (or raises `Refused`); `apply(event)` and `tick()`
change it and return the effects the host must perform; `state()` is how it stands. Events,
effects and the state use the protocol's names and shapes (plain dicts and lists), so the stdio
loop in main.py only frames them. Numbers arrive as floats (non-finite ones included).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# --- Settings -------------------------------------------------------------------------------

MIN_SHORT_SIDE = 320                 # R1.2, R1.3, R11.1
INITIAL_ZOOM = 1.05                  # UX Polish: start at s_min x 1.05, centered
LADDER = (1.0, 1.5, 2.0)             # R2.3: double-tap rungs relative to s_min, then s_max
RUNG_TOLERANCE = 1e-6                # rungs (and zooms) closer than this, relative, are one
SLIDER_STEP = 5.0                    # incrementStep fivePercent
COLLAPSED = 1e-9                     # a zoom range narrower than this (relative) is collapsed

STIFFNESS, DAMPING_RATIO, MASS = 100.0, 0.7, 1.0    # transitionSpring zeta0.7
DAMPING = 2.0 * DAMPING_RATIO * math.sqrt(STIFFNESS * MASS)
DT = 1.0 / 60.0                      # one tick
SETTLE_DISPLACEMENT, SETTLE_VELOCITY = 1e-4, 1e-3
MAX_TRANSITION_TICKS = 600           # a transition that has not settled by then snaps

# Clamps snap to the exact bound. A request counts as cut, and may buzz, only when it passes
# the bound by more than this; a limit stays engaged while the pose is within it.
CUT_POINTS = 1e-7                    # translations, points
CUT_ZOOM = 1e-10                     # zoom, relative
AT_END = 1e-9                        # an increment at s_max (within this) presses against it

BACKOFF_TICKS = (30, 60, 120)        # R12.5: 0.5 s, 1 s, 2 s; one attempt plus three retries
MAX_ATTEMPTS = 1 + len(BACKOFF_TICKS)
THUMBNAIL_LONG_EDGE = 2560           # R5.4: the low end of 2560-3000 px, never enlarged
DIMMING = 0.92                       # R6.3: 90-94 %

TEXTS = {
    "photoTooSmall": "This photo is too small for a profile picture",
    "zoomLimitedByQuality": "Zoom limited by photo quality",
    "memoryFallback": "Using an optimized preview to finish the crop",
    "lowDensity": "This photo has a low resolution and may look soft",
    "cropFailed": "We couldn't crop this photo. Your adjustments are kept \u2014 tap Retry.",
    "uploadFailed": "Upload failed. Your previous photo is still in place \u2014 tap Retry.",
    "voiceOverIntro": "Avatar editor. Circular crop. Drag to move, pinch to zoom",
    "instructions": "Pinch to zoom, drag to move",
}

# EXIF orientation -> (side holding the stored 0th row, side holding the stored 0th column)
# when the image is shown upright (TIFF 6.0 / EXIF 2.3, tag 0x0112).
EXIF_SIDES = {1: ("top", "left"), 2: ("top", "right"), 3: ("bottom", "right"), 4: ("bottom", "left"),
              5: ("left", "top"), 6: ("right", "top"), 7: ("right", "bottom"), 8: ("left", "bottom")}


class Refused(Exception):
    """The editor does not open this photo; the message is what the user reads."""


class Unsupported(Exception):
    """An event this editor does not implement (rotation)."""


def message(kind: str, name: str) -> dict:
    return {"type": kind, "message": name, "text": TEXTS[name]}


def finite(*values: float) -> bool:
    return all(math.isfinite(v) for v in values)


# --- Configuration and geometry -------------------------------------------------------------

@dataclass(frozen=True)
class Config:
    """The spec's AvatarCropperConfig; every field may be left out of the request."""
    output_size: int = 512
    quality_multiplier: float = 1.25
    max_zoom_multiplier: float = 4.0
    mask_diameter_fraction: float = 0.82
    show_grid: bool = True
    allow_rotation: bool = False
    use_liquid_glass_chrome: bool = True
    min_pixel_per_point: float = 1.0
    jpeg_quality: float | None = None     # None: PNG (R1.5, R9.3)

    @staticmethod
    def from_json(d: dict | None) -> "Config":
        d = d or {}
        c = Config()
        encoding = d.get("encoding") or {"format": "png"}
        if encoding.get("format") not in ("png", "jpeg"):
            raise ValueError(f"unknown encoding {encoding!r}")
        return Config(
            output_size=int(d.get("outputSize", c.output_size)),
            quality_multiplier=float(d.get("qualityMultiplier", c.quality_multiplier)),
            max_zoom_multiplier=float(d.get("maxZoomMultiplier", c.max_zoom_multiplier)),
            mask_diameter_fraction=float(d.get("maskDiameterFraction", c.mask_diameter_fraction)),
            show_grid=bool(d.get("showGrid", c.show_grid)),
            allow_rotation=bool(d.get("allowRotation", c.allow_rotation)),
            use_liquid_glass_chrome=bool(d.get("useLiquidGlassChrome", c.use_liquid_glass_chrome)),
            min_pixel_per_point=float(d.get("minPixelPerPoint", c.min_pixel_per_point)),
            jpeg_quality=float(encoding.get("quality", 0.9)) if encoding["format"] == "jpeg" else None,
        )

    @property
    def encoding(self) -> dict:
        if self.jpeg_quality is None:
            return {"format": "png"}
        return {"format": "jpeg", "quality": self.jpeg_quality}


class Geometry:
    """The spec's "Zoom & Pan Math" for one upright photo (W x H px) in one view (points, sigma)."""

    def __init__(self, width: int, height: int, sigma: float, view_width: float, view_height: float,
                 config: Config):
        self.width, self.height, self.sigma = float(width), float(height), sigma
        self.view_width, self.view_height = view_width, view_height
        self.center = (view_width / 2, view_height / 2)
        d = config.mask_diameter_fraction * min(view_width, view_height)
        self.mask = d
        self.s_min = max(d / (self.width / sigma), d / (self.height / sigma))           # cover
        self.s_quality = (d * sigma) / (config.output_size * config.quality_multiplier)
        self.s_density = sigma / config.min_pixel_per_point     # density on every frame
        cap = min(self.s_min * config.max_zoom_multiplier, self.s_quality, self.s_density)
        self.zoom_limited = cap <= self.s_min                   # R8.4: s_max = s_min
        self.s_max = self.s_min if self.zoom_limited else cap
        self.low_density = sigma / self.s_min < config.min_pixel_per_point
        self.quality_clamp_engaged = self.s_quality < min(self.s_min * config.max_zoom_multiplier,
                                                          self.s_density)
        self.collapsed = self.s_max <= self.s_min * (1 + COLLAPSED)

    def pan_limit(self, s: float) -> tuple[float, float]:
        """The largest |tx|, |ty| at zoom s: (disp - D) / 2 per axis, never negative."""
        return (max(0.0, (self.width / self.sigma * s - self.mask) / 2),
                max(0.0, (self.height / self.sigma * s - self.mask) / 2))

    def clamp_scale(self, s: float) -> float:
        return min(max(s, self.s_min), self.s_max)

    def clamp(self, s: float, tx: float, ty: float) -> tuple[float, float, float]:
        s = self.clamp_scale(s)
        lx, ly = self.pan_limit(s)
        return s, min(max(tx, -lx), lx), min(max(ty, -ly), ly)

    def anchored(self, pose: tuple, s: float, ax: float, ay: float) -> tuple[float, float, float]:
        """Zoom to s keeping the image point under offset (ax, ay) in place, then clamp."""
        s0, tx, ty = pose
        s = self.clamp_scale(s)
        qx, qy = (ax - tx) / s0, (ay - ty) / s0
        return self.clamp(s, ax - qx * s, ay - qy * s)

    def crop(self, s: float, tx: float, ty: float) -> dict:
        """The square under the mask in upright source pixels."""
        k = self.sigma / s
        side = self.mask * k
        return {"x": self.width / 2 - tx * k - side / 2, "y": self.height / 2 - ty * k - side / 2,
                "width": side, "height": side}

    def next_rung(self, s: float) -> float:
        """R2.3: the first ladder rung above the current zoom, or back to 1.0x after the top."""
        rungs = [self.clamp_scale(self.s_min * m) for m in LADDER] + [self.s_max]
        above = [r for r in rungs if r > s * (1 + RUNG_TOLERANCE)]
        return min(above) if above else self.s_min

    # sliderMapping linear: 0-100 % maps linearly onto [s_min, s_max].
    def slider_scale(self, percent: float) -> float:
        if self.collapsed:
            return self.s_max * 2 if percent > 100 else self.s_min / 2 if percent < 0 else self.s_min
        return self.s_min + percent / 100 * (self.s_max - self.s_min)

    def slider_percent(self, s: float) -> float:
        if self.collapsed:
            return 0.0
        return min(max(100 * (s - self.s_min) / (self.s_max - self.s_min), 0.0), 100.0)


def stored_rect(r: dict, orientation: int, width: float, height: float) -> dict:
    """An upright rect (in the upright width x height image) on the stored pixel grid."""
    row_side, column_side = EXIF_SIDES[orientation]

    def stored(x: float, y: float) -> tuple[float, float]:
        distance = {"top": y, "bottom": height - y, "left": x, "right": width - x}
        return distance[column_side], distance[row_side]

    (x0, y0), (x1, y1) = stored(r["x"], r["y"]), stored(r["x"] + r["width"], r["y"] + r["height"])
    return {"x": min(x0, x1), "y": min(y0, y1), "width": abs(x1 - x0), "height": abs(y1 - y0)}


# --- Motion ---------------------------------------------------------------------------------

class Transition:
    """A discrete action's move: a spring drives the progress u from 0 to 1. The zoom follows
    s0 (s1/s0)^u; the translation keeps the anchor's image point under the anchor plus u times
    the correction the target's clamp made, so the move ends exactly on its target. Every frame
    is clamped, so an overshoot never leaves the limits."""

    def __init__(self, start: tuple, target: tuple, anchor: tuple):
        s0, tx0, ty0 = start
        s1 = target[0]
        ax, ay = anchor
        self.start, self.target, self.anchor = start, target, anchor
        self.ratio = s1 / s0
        self.q = ((ax - tx0) / s0, (ay - ty0) / s0)
        self.correction = (target[1] - (ax - self.q[0] * s1), target[2] - (ay - self.q[1] * s1))
        self.x, self.v, self.ticks = -1.0, 0.0, 0      # x = u - 1, at rest

    def advance(self) -> bool:
        """One 60 Hz step (semi-implicit Euler); True once the spring has settled."""
        a = (-STIFFNESS * self.x - DAMPING * self.v) / MASS
        self.v += a * DT
        self.x += self.v * DT
        self.ticks += 1
        settled = abs(self.x) < SETTLE_DISPLACEMENT and abs(self.v) < SETTLE_VELOCITY
        return settled or self.ticks >= MAX_TRANSITION_TICKS

    def pose(self, g: Geometry) -> tuple[float, float, float]:
        u = 1 + self.x
        s = g.clamp_scale(self.start[0] * self.ratio ** u)
        (ax, ay), (qx, qy), (cx, cy) = self.anchor, self.q, self.correction
        return g.clamp(s, ax - qx * s + u * cx, ay - qy * s + u * cy)


# --- The editor -----------------------------------------------------------------------------

@dataclass
class Pinch:
    """A pinch computed from its start: zoom = start zoom x span ratio / base ratio, with the
    image point that was under the starting centroid kept under the current one."""
    start_scale: float
    base_factor: float
    q: tuple
    last_factor: float
    last_focal: tuple


class Editor:
    def __init__(self, request: dict):
        source, view = request["source"], request["view"]
        self.stored_size = (int(source["width"]), int(source["height"]))
        orientation = int(source.get("orientation", 1))
        self.orientation = orientation if orientation in EXIF_SIDES else 1
        w, h = self.stored_size
        self.upright = (h, w) if self.orientation >= 5 else (w, h)        # R9.1
        self.config = Config.from_json(request.get("config"))
        self.sigma = float(view["scale"])
        view_w, view_h = float(view["width"]), float(view["height"])
        if not (finite(self.sigma, view_w, view_h) and min(self.sigma, view_w, view_h) > 0):
            raise ValueError("the view needs a positive, finite size and scale")
        c = self.config
        if not (finite(c.quality_multiplier, c.max_zoom_multiplier, c.mask_diameter_fraction,
                       c.min_pixel_per_point)
                and min(c.output_size, c.quality_multiplier, c.max_zoom_multiplier,
                        c.mask_diameter_fraction, c.min_pixel_per_point) > 0):
            raise ValueError("config numbers must be positive and finite")
        self.geometry = self._geometry(view_w, view_h)
        self.reduce_motion = bool(request.get("reduceMotion", False))
        user = request.get("user")
        self.user = dict(user) if user else None

        g = self.geometry
        self.s, self.tx, self.ty = min(g.s_min * INITIAL_ZOOM, g.s_max), 0.0, 0.0
        self.move: Transition | None = None
        self.session = "editing"            # editing, confirmed, cancelled
        self.gesture = "idle"               # idle, pan, pinch
        self.pinch: Pinch | None = None
        self.gesture_seen = False           # hides "Pinch to zoom, drag to move" (R6.4)
        self.shown: set[str] = set()        # tips and notices show once per session
        self.memory_warned = False
        self.engaged: set[str] = set()      # limits that buzzed: zoomMin, zoomMax, panX, panY
        self.cut: list[str] = []            # sides the last clamp cut off the request
        self.frame = 1                      # opening is frame 0; a tick ends a frame

        # The flow after confirm (docs/upload.md).
        self.phase = "none"                 # none cropping uploading waiting updatingProfile done failed
        self.failure = None                 # crop, upload, profile
        self.attempt = 0
        self.retry_due = 0
        self.confirmed_at = 0
        self.from_thumbnail = False

    def _geometry(self, view_w: float, view_h: float) -> Geometry:
        return Geometry(*self.upright, self.sigma, view_w, view_h, self.config)

    @classmethod
    def open(cls, request: dict) -> tuple["Editor", list]:
        """Opens the editor on a photo, or raises Refused (R1.3, R11.1)."""
        source = request["source"]
        if min(int(source["width"]), int(source["height"])) < MIN_SHORT_SIDE:
            raise Refused(TEXTS["photoTooSmall"])
        editor = cls(request)
        effects = [message("announce", "voiceOverIntro")]         # R4.1
        editor._show_range_tips(effects)
        return editor, effects

    # --- What the host sees -----------------------------------------------------------------

    @property
    def pose(self) -> tuple[float, float, float]:
        return self.s, self.tx, self.ty

    @property
    def editing(self) -> bool:
        return self.session == "editing"

    def slider_percent(self) -> float:
        return self.geometry.slider_percent(self.s)

    def state(self) -> dict:
        g = self.geometry
        crop = g.crop(self.s, self.tx, self.ty)
        lx, ly = g.pan_limit(self.s)
        engaged = [side for limit in ("zoomMin", "zoomMax", "panX", "panY") if limit in self.engaged
                   for side in ((limit,) if limit.startswith("zoom") else
                                ("panMin" + limit[-1], "panMax" + limit[-1]))]
        return {
            "scale": self.s, "tx": self.tx, "ty": self.ty, "angle": 0,
            "animating": self.move is not None,
            "session": self.session,
            "grid": self.config.show_grid and self.gesture == "idle" and self.editing,   # R6.1-6.2
            "instructions": not self.gesture_seen,
            "slider": self.slider_percent(),
            "crop": crop,
            "storedCrop": stored_rect(crop, self.orientation, g.width, g.height),
            "sMin": g.s_min, "sMax": g.s_max, "maskDiameter": g.mask, "maxTx": lx, "maxTy": ly,
            "viewWidth": g.view_width, "viewHeight": g.view_height,
            "gesture": self.gesture, "cut": list(self.cut), "engaged": engaged,
            "upload": self.phase,
            "zoomLimited": g.zoom_limited, "lowDensity": g.low_density, "dimming": DIMMING,
        }

    # --- Events -----------------------------------------------------------------------------

    def apply(self, event: dict) -> list:
        """Applies one event and returns the effects it asks for."""
        kind = event["type"]
        handler = getattr(self, "_on_" + kind, None) if kind.isalnum() else None
        if handler is None:
            if kind in ("twistChanged", "rotate90"):
                raise Unsupported(f"{kind}: this editor does not rotate")
            raise ValueError(f"unknown event {kind!r}")
        effects: list = []
        handler(event, effects)
        self._rearm()
        return effects

    def tick(self) -> list:
        """Advances one 60 Hz frame: animations move and upload retries fall due."""
        effects: list = []
        if self.move is not None:
            if self.move.advance():
                self._land()
            else:
                self.s, self.tx, self.ty = self.move.pose(self.geometry)
        if self.phase == "waiting" and self.frame >= self.retry_due:
            self._start_upload(self.attempt + 1, effects)
        self.frame += 1
        self._rearm()
        return effects

    # Direct manipulation (R2.1-2.2, R2.4-2.5, R8.3; gesture notes).

    def _on_panBegan(self, e, fx):
        if self.editing:
            self._begin_gesture("pan")

    def _on_panChanged(self, e, fx):
        dx, dy = float(e["dx"]), float(e["dy"])
        if not self.editing or not finite(dx, dy):
            return
        self._begin_gesture("pan")
        self._press(self.s, self.tx + dx, self.ty + dy, fx)       # 1:1, clamped every update

    def _on_pinchBegan(self, e, fx):
        x, y = float(e["x"]), float(e["y"])
        if self.editing and finite(x, y):
            self._begin_gesture("pinch")
            self.pinch = Pinch(self.s, 1.0, self._image_point(x, y), 1.0, (x, y))

    def _on_pinchChanged(self, e, fx):
        factor, x, y = float(e["scale"]), float(e["x"]), float(e["y"])
        if not self.editing or not finite(factor, x, y) or factor < 0:
            return
        p = self.pinch
        if p is None:                     # its began was lost: the pinch begins here
            self._on_pinchBegan(e, fx)
            return
        p.last_factor, p.last_focal = factor, (x, y)
        requested = p.start_scale * factor / p.base_factor
        s = self.geometry.clamp_scale(requested)
        px, py = x - self.geometry.center[0], y - self.geometry.center[1]
        # The start centroid's image point under the current centroid at the clamped zoom.
        self._press(requested, px - p.q[0] * s, py - p.q[1] * s, fx)

    def _on_panEnded(self, e, fx):
        self._end_gesture()

    _on_pinchEnded = _on_panEnded
    _on_gestureCancelled = _on_panEnded

    # Discrete actions: they animate on the spring unless Reduce Motion is on.

    def _on_doubleTap(self, e, fx):
        x, y = float(e["x"]), float(e["y"])
        if not self.editing or not finite(x, y) or self.gesture != "idle":
            return
        self.gesture_seen = True
        g = self.geometry
        anchor = (x - g.center[0], y - g.center[1])
        self._move_to(g.anchored(self.pose, g.next_rung(self.s), *anchor), anchor)

    def _on_setZoomSlider(self, e, fx):
        percent = float(e["percent"])
        if not self.editing or not finite(percent) or self.gesture != "idle":
            return
        percent = min(max(percent, 0.0), 100.0)
        if not e.get("animated", True):
            self._land()                  # a dragged thumb lands any move, then jumps
            self._jump(self.geometry.anchored(self.pose, self.geometry.slider_scale(percent), 0.0, 0.0))
            return
        g = self.geometry
        self._move_to(g.anchored(self.pose, g.slider_scale(percent), 0.0, 0.0), (0.0, 0.0))

    def _on_incrementZoom(self, e, fx, up=True):
        if not self.editing or self.gesture != "idle":
            return
        g = self.geometry
        step = SLIDER_STEP if up else -SLIDER_STEP
        if self.move is not None:         # one step on from where the running move is going
            base = g.slider_percent(self.move.target[0])
            self._move_to(g.anchored(self.pose, g.slider_scale(base + step), 0.0, 0.0), (0.0, 0.0))
            return
        requested = g.slider_scale(g.slider_percent(self.s) + step)
        at_end = self.s >= g.s_max * (1 - AT_END) if up else self.s <= g.s_min * (1 + AT_END)
        if at_end:                        # pressing against the end: nothing moves, it is felt
            self._press(requested, self.tx, self.ty, fx)
        else:
            self._move_to(g.anchored(self.pose, requested, 0.0, 0.0), (0.0, 0.0))

    def _on_decrementZoom(self, e, fx):
        self._on_incrementZoom(e, fx, up=False)

    def _on_recenter(self, e, fx):
        if not self.editing or self.gesture != "idle":
            return
        s = self.move.target[0] if self.move is not None else self.s
        self._move_to((s, 0.0, 0.0), (0.0, 0.0))

    # System events.

    def _on_resize(self, e, fx):
        w, h = float(e["width"]), float(e["height"])
        if not self.editing or not finite(w, h) or w <= 0 or h <= 0:
            return
        self._land()                      # a running move jumps to its end first
        old = self.geometry
        self.geometry = g = self._geometry(w, h)
        # The image point under the mask center stays there and the zoom keeps its ratio to s_min.
        s = self.s / old.s_min * g.s_min
        qx, qy = -self.tx / self.s, -self.ty / self.s
        self.s, self.tx, self.ty = g.clamp(s, -qx * s, -qy * s)
        p = self.pinch
        if p is not None and p.last_factor > 0:       # the fingers did not move on the glass
            p.start_scale, p.base_factor = self.s, p.last_factor
            p.q = self._image_point(*p.last_focal)
        self._show_range_tips(fx)

    def _on_setReduceMotion(self, e, fx):
        if self.editing:
            self.reduce_motion = bool(e["on"])
            if self.reduce_motion:
                self._land()

    def _on_memoryWarning(self, e, fx):
        if self.editing:
            self.memory_warned = True     # the crop will use the display thumbnail (R7.4)

    # Confirm, cancel and the flow after confirm (R3.3, R10-R12; docs/upload.md).

    def _on_confirm(self, e, fx):
        if self.editing:
            self._crop(fx)

    def _on_cancel(self, e, fx):
        if self.editing:
            self.move = None
            self._end_gesture()
            self.session = "cancelled"

    def _on_cropFinished(self, e, fx):
        if self.phase != "cropping":
            return
        ok = bool(e["succeeded"])
        fx.append(self._crop_telemetry(ok))
        if not ok:                        # R11.2: back to editing, every adjustment kept
            self._fail("crop", "cropFailed", fx)
            self.session = "editing"
        elif self.user is not None:
            self._start_upload(1, fx)
        else:
            self.phase = "done"

    def _on_uploadFinished(self, e, fx):
        attempt = int(e["attempt"])
        if self.phase != "uploading" or attempt != self.attempt:
            return                        # late or duplicate
        outcome = e["outcome"]
        status = e.get("status", 0)
        status = int(status) if isinstance(status, (int, float)) and finite(status) else 0
        code = {"success": 0, "timeout": 1, "connectionDropped": 2}.get(outcome, status)
        retryable = outcome in ("timeout", "connectionDropped") or (
            outcome == "httpError" and (status >= 500 or status in (408, 429) or status < 400))
        retry = retryable and attempt < MAX_ATTEMPTS
        success = outcome == "success"
        fx.append({"type": "uploadTelemetry", "attempt": attempt, "succeeded": success,
                   "outcomeCode": code, "retryable": retryable,
                   "backoffMs": BACKOFF_TICKS[attempt - 1] * 1000 // 60 if retry and not success else 0,
                   "elapsedTicks": self.frame - self.confirmed_at, "finalAttempt": success or not retry})
        if success:
            self.phase = "updatingProfile"
            fx.append({"type": "updateProfile", "avatarPath": self._key(),
                       "avatarVersion": int(self.user.get("avatarVersion") or 0) + 1})
        elif retry:
            self.phase, self.retry_due = "waiting", self.frame + BACKOFF_TICKS[attempt - 1]
        else:
            self._fail("upload", "uploadFailed", fx)

    def _on_profileUpdated(self, e, fx):
        if self.phase != "updatingProfile":
            return
        if e["succeeded"]:
            self.phase = "done"
            self.user["avatarPath"] = self._key()
            self.user["avatarVersion"] = int(self.user.get("avatarVersion") or 0) + 1
        else:
            self._fail("profile", "uploadFailed", fx)

    def _on_retry(self, e, fx):
        if self.phase != "failed":
            return
        if self.failure == "crop":
            if self.editing:              # confirm again from the same pose
                self._crop(fx)
        else:                             # a fresh round from attempt 1, reusing the crop
            self._start_upload(1, fx)

    # --- Helpers ----------------------------------------------------------------------------

    def _image_point(self, x: float, y: float) -> tuple[float, float]:
        """The unscaled image point under view point (x, y)."""
        cx, cy = self.geometry.center
        return ((x - cx - self.tx) / self.s, (y - cy - self.ty) / self.s)

    def _begin_gesture(self, kind: str):
        """A finger on the photo stops any move where it is and owns the pose until it lifts."""
        self.move = None
        self.gesture = kind
        self.gesture_seen = True
        if kind == "pan":
            self.pinch = None

    def _end_gesture(self):
        self.gesture, self.pinch = "idle", None

    def _press(self, s: float, tx: float, ty: float, fx: list):
        """A user request: clamp it and buzz for each limit it newly pushes into (R3.2; notes).
        limitHaptics perAxis: zoomMin and zoomMax are limits, a pan axis is one limit."""
        g = self.geometry
        self.s, self.tx, self.ty = g.clamp(s, tx, ty)
        lx, ly = g.pan_limit(self.s)
        passed = {"zoomMin": g.s_min - s > CUT_ZOOM * g.s_min, "zoomMax": s - g.s_max > CUT_ZOOM * g.s_max,
                  "panMinX": -lx - tx > CUT_POINTS, "panMaxX": tx - lx > CUT_POINTS,
                  "panMinY": -ly - ty > CUT_POINTS, "panMaxY": ty - ly > CUT_POINTS}
        self.cut = [side for side, hit in passed.items() if hit]
        if not self.cut:
            return
        for side in ("zoomMin", "zoomMax"):
            if passed[side] and side not in self.engaged:
                fx.append({"type": "haptic", "kind": "lightImpact", "reason": side})
        if passed["zoomMin"] or passed["zoomMax"]:
            # A zoom push engages every zoom limit the pose sits on: with s_max = s_min, both.
            self.engaged |= {side for side in ("zoomMin", "zoomMax") if passed[side] or self._on(side)}
        for axis in ("X", "Y"):
            if (passed["panMin" + axis] or passed["panMax" + axis]) and "pan" + axis not in self.engaged:
                fx.append({"type": "haptic", "kind": "lightImpact", "reason": "panClamp" + axis})
                self.engaged.add("pan" + axis)

    def _on(self, limit: str) -> bool:
        """Whether the pose sits on a limit (within the cut tolerance)."""
        g = self.geometry
        lx, ly = g.pan_limit(self.s)
        if limit == "zoomMin":
            return self.s <= g.s_min * (1 + CUT_ZOOM)
        if limit == "zoomMax":
            return self.s >= g.s_max * (1 - CUT_ZOOM)
        t, l = (self.tx, lx) if limit == "panX" else (self.ty, ly)
        return t <= -l + CUT_POINTS or t >= l - CUT_POINTS

    def _rearm(self):
        """A limit disengages once the pose has left it (a pan axis: left both its sides)."""
        if self.engaged:
            self.engaged = {limit for limit in self.engaged if self._on(limit)}

    def _move_to(self, target: tuple, anchor: tuple):
        """Starts a discrete action's move (replacing any running one), or lands it at once."""
        self.move = None
        s0, tx0, ty0 = self.pose
        s1, tx1, ty1 = target
        if self.reduce_motion or (abs(s1 / s0 - 1) <= 1e-12 and abs(tx1 - tx0) <= 1e-9 and abs(ty1 - ty0) <= 1e-9):
            self._jump(target)
        else:
            self.move = Transition(self.pose, target, anchor)

    def _jump(self, target: tuple):
        self.s, self.tx, self.ty = target

    def _land(self):
        """A running move jumps to its end."""
        if self.move is not None:
            self._jump(self.move.target)
            self.move = None

    def _show(self, name: str, fx: list):
        if name not in self.shown:
            self.shown.add(name)
            fx.append(message("show", name))

    def _show_range_tips(self, fx: list):
        """R8.4's one-time tip, and the density rule's notice, when they first apply."""
        if self.geometry.zoom_limited:
            self._show("zoomLimitedByQuality", fx)
        if self.geometry.low_density:
            self._show("lowDensity", fx)

    def _crop(self, fx: list):
        """Confirm: land any move, end the gesture, and ask the host for the crop."""
        self._land()
        self._end_gesture()
        self.session, self.phase, self.failure = "confirmed", "cropping", None
        self.confirmed_at = self.frame
        self.from_thumbnail = self.memory_warned
        fx.append({"type": "haptic", "kind": "success"})                        # R3.3
        if self.from_thumbnail:
            self._show("memoryFallback", fx)                                    # R11.3
        g = self.geometry
        rect = g.crop(self.s, self.tx, self.ty)
        fx.append({"type": "crop", "rect": rect,
                   "storedRect": stored_rect(rect, self.orientation, g.width, g.height),
                   "angle": 0, "orientation": self.orientation,
                   "outputSize": self.config.output_size, "encoding": self.config.encoding,
                   "fromThumbnail": self.from_thumbnail})

    def _crop_telemetry(self, succeeded: bool) -> dict:
        """R10.1-10.4: numbers and booleans only."""
        g, c = self.geometry, self.config
        w, h = self.upright
        long_edge = max(w, h)
        if long_edge > THUMBNAIL_LONG_EDGE:
            w, h = (max(1, round(v * THUMBNAIL_LONG_EDGE / long_edge)) for v in (w, h))
        return {"type": "telemetry", "sourceWidth": self.stored_size[0], "sourceHeight": self.stored_size[1],
                "thumbnailWidth": w, "thumbnailHeight": h, "sMin": g.s_min, "sMax": g.s_max,
                "scale": self.s, "qualityClampEngaged": g.quality_clamp_engaged,
                "zoomLimited": g.zoom_limited, "lowDensity": g.low_density,
                "outputSize": c.output_size, "outputIsJPEG": c.jpeg_quality is not None,
                "jpegQuality": c.jpeg_quality or 0, "memoryFallback": self.from_thumbnail,
                "cropLatencyMs": (self.frame - self.confirmed_at) * 1000 / 60, "cropSucceeded": succeeded}

    def _key(self) -> str:
        """R12.1: users/{uid}/avatar_{outputSize}.png (.jpg for JPEG)."""
        extension = "png" if self.config.jpeg_quality is None else "jpg"
        return f"users/{self.user['uid']}/avatar_{self.config.output_size}.{extension}"

    def _start_upload(self, attempt: int, fx: list):
        self.phase, self.attempt, self.failure = "uploading", attempt, None
        fx.append({"type": "upload", "bucket": "avatars", "key": self._key(),
                   "contentType": "image/png" if self.config.jpeg_quality is None else "image/jpeg",
                   "upsert": True, "attempt": attempt})

    def _fail(self, kind: str, alert: str, fx: list):
        """A final failure: the error haptic, its alert and Retry (R11.2, R11.4, R12.5)."""
        self.phase, self.failure = "failed", kind
        fx += [{"type": "haptic", "kind": "error"}, message("alert", alert), {"type": "offerRetry"}]
