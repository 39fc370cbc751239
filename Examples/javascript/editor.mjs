// The avatar cropper's editor state model, as a web team would write it: an `Editor` holding
// plain state, a reducer step per event (`apply`) and per 60 Hz frame (`tick`), each returning
// the effects the host must perform as data. No I/O, no clock, no randomness.
//
// Authority: the spec's "Zoom & Pan Math", the gesture notes, and docs/editor-model.md where
// the spec is silent, except for the policies this editor declares (see POLICIES and README.md).

export const MODEL = { name: 'web-example', version: '1.0' };

export const CAPABILITIES = [
  'doubleTap', 'slider', 'voiceOverSteps', 'recenter', 'haptics', 'animations',
  'tips', 'grid', 'confirm', 'resize', 'reduceMotion',
];

export const POLICIES = {
  transitionSpring: 'unspecified', // an 18-tick ease-out, not a spring
  zoomInterpolation: 'linear', // s = s0 + u·(s1 − s0)
  arrivalHaptics: 'arrivalsToo', // landing on s_min / s_max by an action buzzes too
  instructionsHiddenBy: 'anyAdjustment', // slider, VoiceOver steps and recenter count
  densityCap: 'atMinimumOnly', // σ/s ≥ minPixelPerPoint is a gate at s_min only
};

export const TEXT = {
  photoTooSmall: 'This photo is too small for a profile picture',
  zoomLimitedByQuality: 'Zoom limited by photo quality',
  lowDensity: 'This photo has a low resolution and may look soft',
  voiceOverIntro: 'Avatar editor. Circular crop. Drag to move, pinch to zoom',
};

/** Frames a transition takes: 0.3 s at 60 Hz. */
export const TRANSITION_TICKS = 18;
/** Ease-out cubic: fast start, gentle landing, never past 1. */
export const easeOut = (t) => 1 - (1 - t) ** 3;

const MIN_SHORT_SIDE = 320;
const LADDER = [1, 1.5, 2]; // × s_min, then s_max (R2.3)
const SLIDER_STEP = 10; // percent per VoiceOver increment
// A request counts as cut by a clamp (and may buzz) only past these; the pose sits on a limit
// within them. Rounding never makes a haptic flicker.
const ZOOM_EPS = 1e-10; // relative
const PAN_EPS = 1e-7; // points
const RUNG_TOLERANCE = 1e-6; // relative: zoom levels this close are one rung
const COLLAPSED = 1e-9; // relative: a zoom range this narrow has no room for a slider
const AT_END = 1e-9; // relative: an increment this close to s_max presses against it

const clamp = (x, lo, hi) => Math.min(Math.max(x, lo), hi);
const finite = (...xs) => xs.every(Number.isFinite);

// ---------------------------------------------------------------------------------------------
// Geometry: everything that follows from the photo, the view and the config.

/** The photo as the math sees it: EXIF orientations 5–8 swap width and height (R9.1). */
export function uprightSize({ width, height, orientation = 1 }) {
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}

export function geometry(source, view, config) {
  const { width, height } = uprightSize(source);
  const sigma = view.scale;
  const mask = config.maskDiameterFraction * Math.min(view.width, view.height);
  const sMin = Math.max(mask / (width / sigma), mask / (height / sigma));
  const sQuality = (mask * sigma) / (config.outputSize * config.qualityMultiplier);
  // densityCap "atMinimumOnly": no σ / minPixelPerPoint cap here.
  const cap = Math.min(sMin * config.maxZoomMultiplier, sQuality);
  const sMax = cap > sMin ? cap : sMin;
  return {
    width, height, sigma, mask, sMin, sMax,
    center: { x: view.width / 2, y: view.height / 2 },
    zoomLimited: sMax <= sMin,
    lowDensity: sigma / sMin < config.minPixelPerPoint,
  };
}

/** How far the image center may move from the mask center at zoom s, per axis. */
export function panLimit(g, s) {
  return {
    x: Math.max(0, (g.width / g.sigma * s - g.mask) / 2),
    y: Math.max(0, (g.height / g.sigma * s - g.mask) / 2),
  };
}

export function clampPose(g, { scale, tx, ty }) {
  const s = clamp(scale, g.sMin, g.sMax);
  const l = panLimit(g, s);
  return { scale: s, tx: clamp(tx, -l.x, l.x), ty: clamp(ty, -l.y, l.y) };
}

/** The unscaled image point under offset p (from the mask center): p = t + s·q. */
const imagePoint = (pose, p) => ({ x: (p.x - pose.tx) / pose.scale, y: (p.y - pose.ty) / pose.scale });
/** The translation that puts image point q under offset p at zoom s. */
const showing = (q, p, s) => ({ tx: p.x - q.x * s, ty: p.y - q.y * s });

/** Zoom to `scale` keeping the image point under `anchor` in place, then clamp. */
export function anchoredTarget(g, pose, scale, anchor) {
  const s = clamp(scale, g.sMin, g.sMax);
  return clampPose(g, { scale: s, ...showing(imagePoint(pose, anchor), anchor, s) });
}

const collapsed = (g) => g.sMax <= g.sMin * (1 + COLLAPSED);

/** The slider is logarithmic: equal steps multiply the zoom by equal factors. */
export function sliderScale(g, percent) {
  if (collapsed(g)) return percent > 100 ? g.sMax * 2 : percent < 0 ? g.sMin / 2 : g.sMin;
  return g.sMin * Math.exp((percent / 100) * Math.log(g.sMax / g.sMin));
}

export function sliderPercent(g, s) {
  if (collapsed(g)) return 0;
  return clamp((100 * Math.log(s / g.sMin)) / Math.log(g.sMax / g.sMin), 0, 100);
}

/** The double-tap ladder: the first rung above the current zoom, else back to 1.0×. */
export function nextRung(g, s) {
  const rungs = [...LADDER.map((k) => k * g.sMin), g.sMax].map((r) => clamp(r, g.sMin, g.sMax));
  const above = rungs.filter((r) => r > s * (1 + RUNG_TOLERANCE));
  return above.length ? Math.min(...above) : g.sMin;
}

/** The crop square under the mask, in upright source pixels. */
export function cropRect(g, pose) {
  const k = g.sigma / pose.scale;
  const side = g.mask * k;
  return { x: g.width / 2 - pose.tx * k - side / 2, y: g.height / 2 - pose.ty * k - side / 2, width: side, height: side };
}

/** The same rect on the stored pixel grid, before EXIF orientation `o` is applied. */
export function storedRect(rect, { width: sw, height: sh, orientation: o = 1 }) {
  const toStored = ({ x, y }) => {
    switch (o) {
      case 2: return { x: sw - x, y };
      case 3: return { x: sw - x, y: sh - y };
      case 4: return { x, y: sh - y };
      case 5: return { x: y, y: x };
      case 6: return { x: y, y: sh - x };
      case 7: return { x: sw - y, y: sh - x };
      case 8: return { x: sw - y, y: x };
      default: return { x, y };
    }
  };
  const a = toStored({ x: rect.x, y: rect.y });
  const b = toStored({ x: rect.x + rect.width, y: rect.y + rect.height });
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x, b.x) - x, height: Math.max(a.y, b.y) - y };
}

// ---------------------------------------------------------------------------------------------
// Limits and haptics. A limit is a side: zoomMin, zoomMax, panMinX/panMaxX, panMinY/panMaxY.

const AXES = { zoom: ['zoomMin', 'zoomMax'], x: ['panMinX', 'panMaxX'], y: ['panMinY', 'panMaxY'] };
// Impacts are named per axis for pan (the protocol's vocabulary), in this order.
const REASONS = [['zoomMin', ['zoomMin']], ['zoomMax', ['zoomMax']],
  ['panClampX', AXES.x], ['panClampY', AXES.y]];
const axisOf = (side) => Object.values(AXES).find((sides) => sides.includes(side));

const impact = (reason) => ({ type: 'haptic', kind: 'lightImpact', reason });

/** The sides the pose sits on (both sides of an axis with no range). */
function sidesOn(g, pose) {
  const l = panLimit(g, pose.scale);
  const on = new Set();
  if (pose.scale <= g.sMin * (1 + ZOOM_EPS)) on.add('zoomMin');
  if (pose.scale >= g.sMax * (1 - ZOOM_EPS)) on.add('zoomMax');
  if (pose.tx <= -l.x + PAN_EPS) on.add('panMinX');
  if (pose.tx >= l.x - PAN_EPS) on.add('panMaxX');
  if (pose.ty <= -l.y + PAN_EPS) on.add('panMinY');
  if (pose.ty >= l.y - PAN_EPS) on.add('panMaxY');
  return on;
}

/** The sides a request passes, measured at the zoom the clamp lets through. */
function cutSides(g, req) {
  const cut = [];
  if (g.sMin - req.scale > ZOOM_EPS * g.sMin) cut.push('zoomMin');
  if (req.scale - g.sMax > ZOOM_EPS * g.sMax) cut.push('zoomMax');
  const l = panLimit(g, clamp(req.scale, g.sMin, g.sMax));
  if (-l.x - req.tx > PAN_EPS) cut.push('panMinX');
  if (req.tx - l.x > PAN_EPS) cut.push('panMaxX');
  if (-l.y - req.ty > PAN_EPS) cut.push('panMinY');
  if (req.ty - l.y > PAN_EPS) cut.push('panMaxY');
  return cut;
}

const samePose = (a, b) =>
  Math.abs(a.scale - b.scale) <= 1e-12 * a.scale && Math.abs(a.tx - b.tx) <= 1e-9 && Math.abs(a.ty - b.ty) <= 1e-9;

// ---------------------------------------------------------------------------------------------
// The editor.

/**
 * Opens a photo. Returns `{ refused: message }` for a photo under 320 px on its short side
 * (R1.3, R11.1), else `{ editor, effects }`.
 */
export function openEditor({ source, view, config, reduceMotion = false }) {
  if (!(Math.min(source.width, source.height) >= MIN_SHORT_SIDE)) return { refused: TEXT.photoTooSmall };
  const editor = new Editor(source, view, config, reduceMotion);
  const effects = [{ type: 'announce', message: 'voiceOverIntro', text: TEXT.voiceOverIntro }];
  editor.showTips(effects);
  return { editor, effects };
}

export class Editor {
  constructor(source, view, config, reduceMotion) {
    this.source = source;
    this.config = config;
    this.view = { ...view };
    this.g = geometry(source, this.view, config);
    this.pose = { scale: Math.min(this.g.sMin * 1.05, this.g.sMax), tx: 0, ty: 0 };
    this.reduceMotion = reduceMotion;
    this.session = 'editing';
    this.gesture = null; // null | { kind: 'pan' } | { kind: 'pinch', ... }
    this.move = null; // the transition in flight
    this.engaged = new Set(); // sides whose impact fired and that the pose has not left
    this.adjusted = false; // the instructions hide for good after the first adjustment
    this.shown = new Set();
  }

  /** What the protocol's `state` reports. */
  state() {
    return {
      scale: this.pose.scale, tx: this.pose.tx, ty: this.pose.ty, angle: 0,
      animating: this.move !== null,
      session: this.session,
      grid: Boolean(this.config.showGrid) && this.gesture === null && this.session === 'editing',
      instructions: !this.adjusted,
      slider: sliderPercent(this.g, this.pose.scale),
    };
  }

  /** One event; returns its effects. */
  apply(event) {
    const effects = [];
    if (this.session !== 'editing') return effects; // confirm and cancel end the session
    const handler = this[`on_${event.type}`];
    if (!handler) throw new Error(`unsupported event ${event.type}`);
    handler.call(this, event, effects);
    this.release();
    return effects;
  }

  /** One 60 Hz frame: the transition moves, and lands on its last frame. */
  tick() {
    const effects = [];
    const m = this.move;
    if (!m) return effects;
    m.frame += 1;
    if (m.frame >= TRANSITION_TICKS) {
      this.land(effects);
    } else {
      this.pose = this.framePose(m, easeOut(m.frame / TRANSITION_TICKS));
      this.release();
    }
    return effects;
  }

  // --- gestures ------------------------------------------------------------------------------

  on_panBegan() {
    this.beginGesture({ kind: 'pan' });
  }

  on_panChanged({ dx, dy }, effects) {
    if (!finite(dx, dy)) return;
    if (this.gesture?.kind !== 'pan') this.beginGesture({ kind: 'pan' });
    this.request({ scale: this.pose.scale, tx: this.pose.tx + dx, ty: this.pose.ty + dy }, effects);
  }

  on_pinchBegan({ x, y }) {
    if (!finite(x, y)) return;
    this.beginPinch({ x, y }, 1);
  }

  on_pinchChanged({ scale: factor, x, y }, effects) {
    if (!finite(factor, x, y) || factor < 0) return;
    // A pinch whose began was lost starts here, from where the fingers are now.
    if (this.gesture?.kind !== 'pinch') return this.beginPinch({ x, y }, 1);
    const p = this.gesture;
    p.lastFactor = factor;
    p.lastFocal = { x, y };
    // Computed from the pinch's start, not incrementally, so nothing accumulates: the start
    // centroid's image point goes under the current centroid at the *clamped* zoom.
    const scale = (p.startScale * factor) / p.baseFactor;
    const s = clamp(scale, this.g.sMin, this.g.sMax);
    this.request({ scale, ...showing(p.imagePoint, this.offset({ x, y }), s) }, effects);
  }

  on_pinchEnded() {
    this.gesture = null;
  }

  on_panEnded() {
    this.gesture = null;
  }

  on_gestureCancelled() {
    this.gesture = null; // the photo stays where the gesture left it
  }

  beginGesture(gesture) {
    this.move = null; // a finger on the photo stops a transition where it is
    this.gesture = gesture;
    this.adjusted = true;
  }

  beginPinch(focal, baseFactor) {
    this.beginGesture({
      kind: 'pinch', startScale: this.pose.scale, baseFactor, lastFactor: baseFactor, lastFocal: focal,
      imagePoint: imagePoint(this.pose, this.offset(focal)),
    });
  }

  /** A user request (pan, pinch, an increment at the end): clamp it, and buzz for new limits. */
  request(req, effects) {
    const cut = cutSides(this.g, req);
    this.pose = clampPose(this.g, req);
    for (const [reason, sides] of REASONS) {
      if (sides.some((side) => cut.includes(side) && !this.engaged.has(side))) effects.push(impact(reason));
    }
    // A cut engages every side of its axis the pose now sits on: on an axis with no range the
    // pose is on both, and pushing the other way must not buzz again.
    const on = sidesOn(this.g, this.pose);
    for (const side of new Set(cut.flatMap(axisOf))) if (on.has(side)) this.engaged.add(side);
  }

  /** A side disengages as soon as the pose leaves it. */
  release() {
    if (this.engaged.size === 0) return;
    const on = sidesOn(this.g, this.pose);
    for (const side of this.engaged) if (!on.has(side)) this.engaged.delete(side);
  }

  // --- discrete actions ----------------------------------------------------------------------

  on_doubleTap({ x, y }, effects) {
    if (!finite(x, y) || this.gesture) return;
    this.adjusted = true;
    const rung = nextRung(this.g, this.pose.scale);
    const anchor = this.offset({ x, y });
    const up = rung > this.pose.scale; // a step up the ladder, not the wrap back to 1.0×
    this.startMove(anchoredTarget(this.g, this.pose, rung, anchor), anchor, up, effects);
  }

  on_setZoomSlider({ percent, animated }, effects) {
    if (!finite(percent) || this.gesture) return;
    this.adjusted = true;
    const p = clamp(percent, 0, 100);
    const scale = sliderScale(this.g, p);
    const up = p > sliderPercent(this.g, this.pose.scale);
    const center = { x: 0, y: 0 };
    if (animated) return this.startMove(anchoredTarget(this.g, this.pose, scale, center), center, up, effects);
    // A dragged thumb follows the finger: land any transition, then jump.
    if (this.move) this.pose = this.move.to;
    this.move = null;
    this.pose = anchoredTarget(this.g, this.pose, scale, center);
    this.release();
    this.arrive(up, effects);
  }

  on_incrementZoom(_, effects) {
    this.step(+1, effects);
  }

  on_decrementZoom(_, effects) {
    this.step(-1, effects);
  }

  /** One slider step from the slider's reading (of the running transition's target). */
  step(direction, effects) {
    if (this.gesture) return;
    this.adjusted = true;
    const up = direction > 0;
    const base = this.move ? this.move.to : this.pose;
    const scale = sliderScale(this.g, sliderPercent(this.g, base.scale) + direction * SLIDER_STEP);
    const s = this.pose.scale;
    const atEnd = !this.move && (up ? s >= this.g.sMax * (1 - AT_END) : s <= this.g.sMin * (1 + AT_END));
    if (atEnd) {
      // Pressing against the end of the range: nothing moves, the limit is felt.
      this.request({ ...this.pose, scale }, effects);
      this.arrive(up, effects);
      return;
    }
    const center = { x: 0, y: 0 };
    this.startMove(anchoredTarget(this.g, base, scale, center), center, up, effects);
  }

  on_recenter(_, effects) {
    if (this.gesture) return;
    this.adjusted = true;
    // At the current zoom, or at the zoom of the transition in flight, which it then finishes.
    const to = { scale: (this.move ? this.move.to : this.pose).scale, tx: 0, ty: 0 };
    this.startMove(to, { x: 0, y: 0 }, this.move?.up ?? false, effects);
  }

  /**
   * Begins a transition to `to`, keeping the image point under `anchor` in place as long as the
   * clamps allow. `up`: whether the action went up (names the impact where the range collapsed).
   */
  startMove(to, anchor, up, effects) {
    this.move = { from: this.pose, to, anchor, up, frame: 0 };
    if (this.reduceMotion || samePose(this.pose, to)) this.land(effects);
  }

  /** The pose at progress u: linear zoom, the anchor's image point held, plus u × the
   * correction the target's clamp needs; every frame clamped. */
  framePose({ from, to, anchor }, u) {
    const s = from.scale + u * (to.scale - from.scale);
    const q = imagePoint(from, anchor);
    const held = showing(q, anchor, s);
    const end = showing(q, anchor, to.scale);
    return clampPose(this.g, { scale: s, tx: held.tx + u * (to.tx - end.tx), ty: held.ty + u * (to.ty - end.ty) });
  }

  /** The transition ends on its target. */
  land(effects) {
    const { to, up } = this.move;
    this.move = null;
    this.pose = to;
    this.release();
    this.arrive(up, effects);
  }

  /**
   * arrivalHaptics "arrivalsToo": an action (double-tap, slider, increment, recenter) that lands
   * on s_min or s_max buzzes once, naming that limit, unless it is already engaged. Where the
   * range has collapsed the pose is on both ends: one impact, named by which way the action went.
   */
  arrive(up, effects) {
    const on = sidesOn(this.g, this.pose);
    const fresh = AXES.zoom.filter((side) => on.has(side) && !this.engaged.has(side));
    if (fresh.length === 0) return;
    const reason = fresh.length === 1 ? fresh[0] : up ? 'zoomMax' : 'zoomMin';
    effects.push(impact(reason));
    for (const side of AXES.zoom) if (on.has(side)) this.engaged.add(side);
  }

  // --- system events -------------------------------------------------------------------------

  /** The view changed size: keep the image point under the mask center and the zoom relative
   * to s_min, then clamp. A transition jumps to its end first; a pinch is re-anchored. */
  on_resize({ width, height }, effects) {
    if (!finite(width, height) || width <= 0 || height <= 0) return;
    if (this.move) this.pose = this.move.to;
    this.move = null;
    const old = this.g;
    this.view = { ...this.view, width, height };
    this.g = geometry(this.source, this.view, this.config);
    const s = (this.pose.scale / old.sMin) * this.g.sMin;
    const q = imagePoint(this.pose, { x: 0, y: 0 });
    this.pose = clampPose(this.g, { scale: s, ...showing(q, { x: 0, y: 0 }, s) });
    const p = this.gesture;
    // At span ratio 0 there is nothing to divide by: that pinch keeps its start.
    if (p?.kind === 'pinch' && p.lastFactor > 0) {
      p.startScale = this.pose.scale;
      p.baseFactor = p.lastFactor;
      p.imagePoint = imagePoint(this.pose, this.offset(p.lastFocal));
    }
    this.showTips(effects);
  }

  on_setReduceMotion({ on }, effects) {
    this.reduceMotion = Boolean(on);
    if (this.reduceMotion && this.move) this.land(effects);
  }

  on_confirm(_, effects) {
    if (this.move) this.land(effects);
    this.gesture = null;
    this.session = 'confirmed';
    const rect = cropRect(this.g, this.pose);
    effects.push({ type: 'haptic', kind: 'success' }, {
      type: 'crop', rect, storedRect: storedRect(rect, this.source), angle: 0,
      orientation: this.source.orientation ?? 1, outputSize: this.config.outputSize,
      encoding: this.config.encoding ?? { format: 'png' }, fromThumbnail: false,
    });
  }

  on_cancel() {
    this.move = null;
    this.gesture = null;
    this.session = 'cancelled';
  }

  // --- helpers -------------------------------------------------------------------------------

  /** A view point as an offset from the mask center (the view's center). */
  offset({ x, y }) {
    return { x: x - this.g.center.x, y: y - this.g.center.y };
  }

  /** The one-time tips: zoom limited by quality (R8.4) and the low-density warning. */
  showTips(effects) {
    const tip = (message, due) => {
      if (!due || this.shown.has(message)) return;
      this.shown.add(message);
      effects.push({ type: 'show', message, text: TEXT[message] });
    };
    tip('zoomLimitedByQuality', this.g.zoomLimited);
    tip('lowDensity', this.g.lowDensity);
  }
}
