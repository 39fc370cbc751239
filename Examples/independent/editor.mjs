// Independent avatar-cropper editor state model, written from docs/spec only.
// A reducer: Editor.open(request) -> {editor, effects} | {refused}; editor.apply(event, effects);
// editor.tick(effects); editor.snapshot(). See CHOICES.md for every choice the spec left open.

export const SETTINGS = Object.freeze({
  minSourceSide: 320,          // R1.2 / R11.1
  initialZoomFactor: 1.05,     // "Start at s_min × 1.05, centered"
  ladder: [1.0, 1.5, 2.0],     // double-tap rungs relative to s_min, then s_max
  springStiffness: 100,        // gesture notes: k 100, m 1
  springDampingRatio: 0.9,     // a UI spring (notes: 0.7–0.9); declared as zeta0.9
  springMass: 1,
  settleEpsilon: 1e-4,         // progress distance/velocity under which a move lands
  incrementPercent: 10,        // VoiceOver adjustable step
  thumbnailMaxEdge: 3000,      // sources longer than this get a thumbnail ...
  thumbnailEdge: 2560,         // ... of this long edge (R5.4: ≈2560–3000)
  dimming: 0.92,               // R6.3: 90–94 %
  uploadBackoffMs: [500, 1000, 2000], // R12.5
  maxUploadAttempts: 4,        // one attempt plus three retries
  tickMs: 1000 / 60,
});

export const TEXT = Object.freeze({
  voiceOverIntro: 'Avatar editor. Circular crop. Drag to move, pinch to zoom',
  instructions: 'Pinch to zoom, drag to move',
  photoTooSmall: 'This photo is too small for a profile picture',
  zoomLimitedByQuality: 'Zoom limited by photo quality',
  memoryFallback: 'Using an optimized preview to finish the crop',
  lowDensity: 'This photo may look soft at this size',
  cropFailed: 'We couldn’t crop this photo. Please try again.',
  uploadFailed: 'We couldn’t upload your new avatar. Your previous avatar is unchanged.',
  decodeFailed: 'This photo could not be read',
});

// ---- the spring, precomputed once: progress u(n) of a move from rest, n ticks after it started.
const SPRING = (() => {
  const k = SETTINGS.springStiffness, m = SETTINGS.springMass, zeta = SETTINGS.springDampingRatio;
  const w0 = Math.sqrt(k / m), dt = 1 / 60;
  const table = [0];
  const eps = SETTINGS.settleEpsilon;
  for (let n = 1; n < 1000; n++) {
    const t = n * dt;
    let x, v;
    if (zeta < 1) {
      const wd = w0 * Math.sqrt(1 - zeta * zeta), e = Math.exp(-zeta * w0 * t);
      x = 1 - e * (Math.cos(wd * t) + (zeta * w0 / wd) * Math.sin(wd * t));
      v = e * (w0 * w0 / wd) * Math.sin(wd * t);
    } else {
      const e = Math.exp(-w0 * t);
      x = 1 - e * (1 + w0 * t);
      v = e * w0 * w0 * t;
    }
    if (Math.abs(1 - x) < eps && Math.abs(v) < eps * w0) { table.push(1); break; }
    table.push(x);
  }
  return table; // last entry is exactly 1: the landing tick
})();
export const SPRING_TABLE = SPRING;

const REL = 1e-9;
const fin = (x) => typeof x === 'number' && Number.isFinite(x);
export function num(v) {
  if (typeof v === 'number') return v;
  if (v === 'NaN') return NaN;
  if (v === 'Infinity') return Infinity;
  if (v === '-Infinity') return -Infinity;
  return NaN;
}
const clamp = (x, lo, hi) => (x < lo ? lo : x > hi ? hi : x);

// Map an upright rect to the stored (un-oriented) pixel grid of size (w, h) for EXIF orientation o.
export function toStored(r, o, w, h) {
  const { x, y, width: a, height: b } = r;
  switch (o) {
    case 2: return { x: w - x - a, y, width: a, height: b };
    case 3: return { x: w - x - a, y: h - y - b, width: a, height: b };
    case 4: return { x, y: h - y - b, width: a, height: b };
    case 5: return { x: y, y: x, width: b, height: a };
    case 6: return { x: y, y: h - x - a, width: b, height: a };
    case 7: return { x: w - y - b, y: h - x - a, width: b, height: a };
    case 8: return { x: w - y - b, y: x, width: b, height: a };
    default: return { x, y, width: a, height: b };
  }
}

function sameRect(a, b) {
  return a === b || (a && b && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height);
}
function sameArr(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const SIDES = ['zoomMin', 'zoomMax', 'panMinX', 'panMaxX', 'panMinY', 'panMaxY'];
const REASON = { zoomMin: 'zoomMin', zoomMax: 'zoomMax', panMinX: 'panClampX', panMaxX: 'panClampX', panMinY: 'panClampY', panMaxY: 'panClampY' };

export class Editor {
  static open(req) {
    const src = req.source || {}, view = req.view || {}, cfg = req.config || {};
    const sw = num(src.width), sh = num(src.height);
    let o = src.orientation;
    if (!(Number.isInteger(o) && o >= 1 && o <= 8)) o = 1; // unknown EXIF value: treat as .up
    if (!(fin(sw) && fin(sh) && sw > 0 && sh > 0)) return { refused: TEXT.decodeFailed };
    if (Math.min(sw, sh) < SETTINGS.minSourceSide) return { refused: TEXT.photoTooSmall };
    const e = new Editor();
    e.storedW = sw; e.storedH = sh; e.orientation = o;
    const swap = o >= 5;
    e.W = swap ? sh : sw; e.H = swap ? sw : sh;
    e.sigma = num(view.scale);
    e.viewW = num(view.width); e.viewH = num(view.height);
    e.cfg = {
      outputSize: num(cfg.outputSize ?? 512),
      q: num(cfg.qualityMultiplier ?? 1.25),
      maxZoom: num(cfg.maxZoomMultiplier ?? 4),
      fraction: num(cfg.maskDiameterFraction ?? 0.82),
      showGrid: cfg.showGrid !== false,
      minPPP: num(cfg.minPixelPerPoint ?? 1),
      encoding: cfg.encoding && typeof cfg.encoding === 'object' ? cfg.encoding : { format: 'png' },
    };
    e.isJPEG = e.cfg.encoding.format === 'jpeg';
    e.reduceMotion = req.reduceMotion === true;
    e.user = req.user && typeof req.user === 'object' ? req.user : null;
    // thumbnail (R5.4, R7.1)
    const long = Math.max(e.W, e.H);
    const f = long > SETTINGS.thumbnailMaxEdge ? SETTINGS.thumbnailEdge / long : 1;
    e.thumbW = Math.max(1, Math.round(e.W * f)); e.thumbH = Math.max(1, Math.round(e.H * f));

    e.gesture = 'idle';
    e.anim = null;            // {s0,tx0,ty0,s1,tx1,ty1,n}
    e.session = 'editing';
    e.instructions = true;
    e.cut = [];
    e.engaged = new Set();
    e.upload = 'none';
    e.memoryFallback = false;
    e.shown = new Set();      // one-time tips already surfaced
    e.cropTicks = 0; e.uploadAttempt = 0; e.attemptTicks = 0; e.waitTicks = 0; e.failedStage = null;
    e.uploadKey = null; e.newVersion = 0;
    e.last = null;            // last state sent
    const effects = [];
    e.computeLimits();
    e.s = Math.min(e.sMin * SETTINGS.initialZoomFactor, e.sMax);
    e.tx = 0; e.ty = 0;
    effects.push({ type: 'announce', message: 'voiceOverIntro', text: TEXT.voiceOverIntro });
    effects.push({ type: 'show', message: 'instructions', text: TEXT.instructions });
    e.surfaceTips(effects);
    return { editor: e, effects };
  }

  // ---- geometry -------------------------------------------------------------------------------
  computeLimits() {
    const { sigma: σ, W, H, cfg } = this;
    this.D = cfg.fraction * Math.min(this.viewW, this.viewH);
    this.sMin = Math.max(this.D / (W / σ), this.D / (H / σ));
    const sQuality = (this.D * σ) / (cfg.outputSize * cfg.q);
    let sMax = Math.min(this.sMin * cfg.maxZoom, sQuality);
    this.qualityClamp = sQuality < this.sMin * cfg.maxZoom;
    this.zoomLimited = sMax < this.sMin * (1 + REL);
    // density gate, judged at s_min (R8.5): warn, and limit zoom to s_min (any zoom-in is softer still)
    this.lowDensity = σ / this.sMin < cfg.minPPP * (1 - REL);
    if (sMax < this.sMin || this.lowDensity) sMax = this.sMin;
    this.sMax = sMax;
  }
  maxT(s) {
    const mx = ((this.W / this.sigma) * s - this.D) / 2, my = ((this.H / this.sigma) * s - this.D) / 2;
    return [mx > 0 ? mx : 0, my > 0 ? my : 0];
  }
  surfaceTips(effects) {
    if (this.zoomLimited && !this.shown.has('zoomLimitedByQuality')) {
      this.shown.add('zoomLimitedByQuality');
      effects.push({ type: 'show', message: 'zoomLimitedByQuality', text: TEXT.zoomLimitedByQuality });
    }
    if (this.lowDensity && !this.shown.has('lowDensity')) {
      this.shown.add('lowDensity');
      effects.push({ type: 'show', message: 'lowDensity', text: TEXT.lowDensity });
    }
  }

  // Clamp a requested pose, record what was cut; returns nothing, sets this.s/tx/ty.
  // pushes: whether limit haptics may fire (user pushes only).
  setPose(sReq, txReq, tyReq, effects, pushes, zoomCuts = true) {
    const cut = [];
    let s = sReq;
    if (s < this.sMin) { if (zoomCuts && s < this.sMin * (1 - REL)) cut.push('zoomMin'); s = this.sMin; }
    if (s > this.sMax) { if (zoomCuts && s > this.sMax * (1 + REL)) cut.push('zoomMax'); s = this.sMax; }
    const [mx, my] = this.maxT(s);
    const ex = REL * Math.max(1, mx), ey = REL * Math.max(1, my);
    let tx = txReq, ty = tyReq;
    if (tx < -mx) { if (tx < -mx - ex) cut.push('panMinX'); tx = -mx; }
    if (tx > mx) { if (tx > mx + ex) cut.push('panMaxX'); tx = mx; }
    if (ty < -my) { if (ty < -my - ey) cut.push('panMinY'); ty = -my; }
    if (ty > my) { if (ty > my + ey) cut.push('panMaxY'); ty = my; }
    this.s = s; this.tx = tx; this.ty = ty;
    this.cut = cut;
    this.releaseEngaged();
    if (pushes && this.haptics) {
      for (const side of cut) {
        if (!this.engaged.has(side)) {
          this.engaged.add(side);
          effects.push({ type: 'haptic', kind: 'lightImpact', reason: REASON[side] });
        }
      }
    }
  }
  atSide(side) {
    const s = this.s;
    switch (side) {
      case 'zoomMin': return s <= this.sMin * (1 + REL);
      case 'zoomMax': return s >= this.sMax * (1 - REL);
    }
    const [mx, my] = this.maxT(s);
    switch (side) {
      case 'panMinX': return this.tx <= -mx + REL * Math.max(1, mx);
      case 'panMaxX': return this.tx >= mx - REL * Math.max(1, mx);
      case 'panMinY': return this.ty <= -my + REL * Math.max(1, my);
      case 'panMaxY': return this.ty >= my - REL * Math.max(1, my);
    }
    return false;
  }
  releaseEngaged() {
    if (this.engaged.size === 0) return;
    for (const side of this.engaged) if (!this.atSide(side)) this.engaged.delete(side);
  }

  // ---- slider ---------------------------------------------------------------------------------
  percentOf(s) {
    const r = Math.log(this.sMax / this.sMin);
    if (!(r > 1e-12)) return 0;
    return clamp((100 * Math.log(s / this.sMin)) / r, 0, 100);
  }
  scaleAt(p) {
    return this.sMin * Math.pow(this.sMax / this.sMin, clamp(p, 0, 100) / 100);
  }

  // ---- moves ----------------------------------------------------------------------------------
  // The pose a discrete action builds on: where a running move is heading, else the pose.
  basePose() {
    const a = this.anim;
    return a ? [a.s1, a.tx1, a.ty1] : [this.s, this.tx, this.ty];
  }
  // Start a discrete move to a clamped target from the displayed pose.
  moveTo(s1, tx1, ty1, effects) {
    s1 = clamp(s1, this.sMin, this.sMax);
    const [mx, my] = this.maxT(s1);
    tx1 = clamp(tx1, -mx, mx); ty1 = clamp(ty1, -my, my);
    this.cut = [];
    if (this.reduceMotion || (s1 === this.s && tx1 === this.tx && ty1 === this.ty)) {
      this.anim = null;
      this.s = s1; this.tx = tx1; this.ty = ty1;
      this.releaseEngaged();
      return;
    }
    this.anim = { s0: this.s, tx0: this.tx, ty0: this.ty, s1, tx1, ty1, n: 0 };
  }
  landAnimation() {
    const a = this.anim;
    if (!a) return;
    this.anim = null;
    this.s = clamp(a.s1, this.sMin, this.sMax);
    const [mx, my] = this.maxT(this.s);
    this.tx = clamp(a.tx1, -mx, mx); this.ty = clamp(a.ty1, -my, my);
    this.releaseEngaged();
  }
  stopAnimation() { this.anim = null; } // the displayed pose stays (it is valid every frame)

  hideInstructions(kind) {
    // "first gesture": pan, pinch or double-tap (policy instructionsHiddenBy panPinchDoubleTap)
    if (kind === 'pan' || kind === 'pinch' || kind === 'doubleTap') this.instructions = false;
  }

  beginGesture(kind) {
    this.stopAnimation();
    this.gesture = kind;
    this.hideInstructions(kind);
  }

  // ---- events ---------------------------------------------------------------------------------
  apply(ev, effects) {
    const type = ev && ev.type;
    if (this.session === 'cancelled') return;
    const editing = this.session === 'editing';
    switch (type) {
      case 'panBegan':
        if (!editing) return;
        this.beginGesture('pan');
        return;
      case 'panChanged': {
        if (!editing) return;
        const dx = num(ev.dx), dy = num(ev.dy);
        if (!fin(dx) || !fin(dy)) return;
        if (this.gesture !== 'pan') this.beginGesture('pan');
        this.setPose(this.s, this.tx + dx, this.ty + dy, effects, true);
        return;
      }
      case 'panEnded':
        if (this.gesture === 'pan') this.gesture = 'idle';
        return;
      case 'pinchBegan': {
        if (!editing) return;
        const x = num(ev.x), y = num(ev.y);
        if (!fin(x) || !fin(y)) return;
        this.beginGesture('pinch');
        this.pinchBase(x, y, 1);
        return;
      }
      case 'pinchChanged': {
        if (!editing) return;
        const r = num(ev.scale), x = num(ev.x), y = num(ev.y);
        if (!fin(r) || !fin(x) || !fin(y) || r < 0) return;
        if (this.gesture !== 'pinch') {
          if (r === 0) return; // cannot take a span of 0 as the reference of a pinch
          this.beginGesture('pinch');
          this.pinchBase(x, y, r);
        }
        const p = this.pinch;
        const sReq = (p.s0 * r) / p.r0;
        const sClamped = clamp(sReq, this.sMin, this.sMax);
        // the image point under the starting centroid goes under the current centroid
        this.setPose(sReq, x - this.viewW / 2 - p.ax * sClamped, y - this.viewH / 2 - p.ay * sClamped, effects, true);
        p.lastX = x; p.lastY = y;
        return;
      }
      case 'pinchEnded':
        if (this.gesture === 'pinch') this.gesture = 'idle';
        return;
      case 'gestureCancelled':
        this.gesture = 'idle'; // the clamped pose stays where the gesture left it
        return;
      case 'doubleTap': {
        if (!editing || this.gesture !== 'idle') return;
        const x = num(ev.x), y = num(ev.y);
        if (!fin(x) || !fin(y)) return;
        this.hideInstructions('doubleTap');
        const [sb] = this.basePose();
        const s1 = this.nextRung(sb);
        const px = x - this.viewW / 2, py = y - this.viewH / 2;
        const k = s1 / this.s; // anchor: the image point under the tap on the displayed pose
        this.moveTo(s1, px - (px - this.tx) * k, py - (py - this.ty) * k, effects);
        return;
      }
      case 'setZoomSlider': {
        if (!editing || this.gesture !== 'idle') return;
        const p = num(ev.percent);
        if (!fin(p)) return;
        this.hideInstructions('slider');
        const s1 = this.scaleAt(p);
        if (ev.animated === false) {
          // the thumb is being dragged: follow it frame by frame, zoom about the mask center
          this.stopAnimation();
          const k = s1 / this.s;
          this.setPose(s1, this.tx * k, this.ty * k, effects, false);
          this.cut = [];
        } else {
          this.zoomAboutCenter(s1, effects);
        }
        return;
      }
      case 'incrementZoom':
      case 'decrementZoom': {
        if (!editing || this.gesture !== 'idle') return;
        this.hideInstructions('increment');
        const up = type === 'incrementZoom';
        const [sb] = this.basePose();
        const atEnd = up ? sb >= this.sMax * (1 - REL) : sb <= this.sMin * (1 + REL);
        if (atEnd) {
          // a push against the end of the range: the light impact of that limit, once
          const side = up ? 'zoomMax' : 'zoomMin';
          if (!this.anim && this.haptics && !this.engaged.has(side)) {
            this.engaged.add(side);
            effects.push({ type: 'haptic', kind: 'lightImpact', reason: side });
          }
          return;
        }
        const pct = this.percentOf(sb) + (up ? SETTINGS.incrementPercent : -SETTINGS.incrementPercent);
        this.zoomAboutCenter(this.scaleAt(pct), effects);
        return;
      }
      case 'recenter': {
        if (!editing || this.gesture !== 'idle') return;
        this.hideInstructions('recenter');
        const [sb] = this.basePose();
        this.moveTo(sb, 0, 0, effects);
        return;
      }
      case 'resize': {
        const w = num(ev.width), h = num(ev.height);
        if (!fin(w) || !fin(h) || w <= 0 || h <= 0) return;
        this.resize(w, h, effects);
        return;
      }
      case 'setReduceMotion':
        this.reduceMotion = ev.on === true;
        if (this.reduceMotion) this.landAnimation();
        return;
      case 'memoryWarning':
        if (!this.memoryFallback) {
          this.memoryFallback = true;
          effects.push({ type: 'show', message: 'memoryFallback', text: TEXT.memoryFallback });
        }
        return;
      case 'confirm':
        if (!editing) return;
        this.gesture = 'idle';
        this.landAnimation();
        if (this.s > this.sMax * (1 + REL) && !this.zoomLimited) return; // R5.5 gate (never by construction)
        this.session = 'confirmed';
        this.cut = [];
        if (this.haptics) effects.push({ type: 'haptic', kind: 'success' });
        this.requestCrop(effects);
        return;
      case 'cancel':
        if (editing || this.upload === 'failed') {
          this.gesture = 'idle';
          this.anim = null;
          this.session = 'cancelled';
        }
        return;
      case 'cropFinished': {
        if (this.upload !== 'cropping') return;
        const ok = ev.succeeded === true;
        effects.push(this.telemetry(ok));
        if (!ok) return this.fail('crop', 'cropFailed', effects);
        if (!this.user) { this.upload = 'done'; return; }
        const ext = this.isJPEG ? 'jpg' : 'png';
        this.uploadKey = `users/${this.user.uid}/avatar_${this.cfg.outputSize}.${ext}`;
        this.startUpload(1, effects);
        return;
      }
      case 'uploadFinished': {
        if (this.upload !== 'uploading' || ev.attempt !== this.uploadAttempt) return;
        const outcome = ev.outcome;
        const status = num(ev.status);
        const ok = outcome === 'success';
        const code = ok ? 0 : outcome === 'timeout' ? 1 : outcome === 'connectionDropped' ? 2 : fin(status) ? status : -1;
        const retryable = !ok && (outcome === 'timeout' || outcome === 'connectionDropped' ||
          (outcome === 'httpError' && fin(status) && (status === 408 || status === 429 || (status >= 500 && status <= 599))));
        const final = ok || !retryable || this.uploadAttempt >= SETTINGS.maxUploadAttempts;
        const backoffMs = final ? 0 : SETTINGS.uploadBackoffMs[this.uploadAttempt - 1];
        effects.push({ type: 'uploadTelemetry', attempt: this.uploadAttempt, succeeded: ok, outcomeCode: code,
          retryable, backoffMs, elapsedTicks: this.attemptTicks, finalAttempt: final });
        if (ok) return this.updateProfile(effects);
        if (final) return this.fail('upload', 'uploadFailed', effects);
        this.upload = 'waiting';
        // the failure belongs to the frame the next tick ends; the retry starts backoffMs after that frame
        this.waitTicks = Math.round(backoffMs / SETTINGS.tickMs) + 1;
        return;
      }
      case 'profileUpdated': {
        if (this.upload !== 'updatingProfile') return;
        if (ev.succeeded === true) {
          this.upload = 'done';
          if (this.user) { this.user = { ...this.user, avatarPath: this.uploadKey, avatarVersion: this.newVersion }; }
          return;
        }
        return this.fail('profile', 'uploadFailed', effects);
      }
      case 'retry':
        if (this.session !== 'confirmed' || this.upload !== 'failed') return;
        if (this.failedStage === 'crop') this.requestCrop(effects);
        else if (this.failedStage === 'upload') this.startUpload(1, effects);
        else if (this.failedStage === 'profile') this.updateProfile(effects);
        return;
      default:
        return; // events of capabilities not declared (rotation) are ignored
    }
  }

  pinchBase(x, y, r) {
    // ax, ay: the image point under the centroid, in image points at scale 1 from the image center
    this.pinch = { s0: this.s, r0: r, ax: (x - this.viewW / 2 - this.tx) / this.s, ay: (y - this.viewH / 2 - this.ty) / this.s,
      lastX: x, lastY: y };
  }

  zoomAboutCenter(s1, effects) {
    const [sb, txb, tyb] = this.basePose();
    const k = clamp(s1, this.sMin, this.sMax) / sb;
    this.moveTo(s1, txb * k, tyb * k, effects);
  }

  nextRung(sb) {
    const rungs = SETTINGS.ladder.map((f) => Math.min(this.sMin * f, this.sMax));
    rungs.push(this.sMax);
    for (const r of rungs) if (r > sb * (1 + 1e-6)) return r;
    return this.sMin; // past s_max: back to 1.0×
  }

  resize(w, h, effects) {
    const oldD = this.D;
    this.viewW = w; this.viewH = h;
    this.computeLimits();
    const k = this.D / oldD; // keep the crop square: every pose length scales with the mask
    if (this.anim) {
      const a = this.anim;
      a.s0 *= k; a.tx0 *= k; a.ty0 *= k; a.s1 *= k; a.tx1 *= k; a.ty1 *= k;
      a.s1 = clamp(a.s1, this.sMin, this.sMax);
      const [mx, my] = this.maxT(a.s1);
      a.tx1 = clamp(a.tx1, -mx, mx); a.ty1 = clamp(a.ty1, -my, my);
    }
    const s = clamp(this.s * k, this.sMin, this.sMax);
    const [mx, my] = this.maxT(s);
    this.s = s; this.tx = clamp(this.tx * k, -mx, mx); this.ty = clamp(this.ty * k, -my, my);
    this.cut = [];
    this.releaseEngaged();
    if (this.gesture === 'pinch') {
      // keep the pinch's reference: the image point under the starting centroid stays the anchor
      // the zoom reference scales with the mask (as the pose does); the anchor becomes the image point
      // now under the fingers' last centroid in the new layout, so the photo does not jump under them
      const p = this.pinch;
      p.s0 *= k;
      p.ax = (p.lastX - w / 2 - this.tx) / this.s; p.ay = (p.lastY - h / 2 - this.ty) / this.s;
    }
    this.surfaceTips(effects);
  }

  // ---- after confirm --------------------------------------------------------------------------
  cropRect() {
    const side = (this.D * this.sigma) / this.s;
    const cx = this.W / 2 - (this.tx * this.sigma) / this.s, cy = this.H / 2 - (this.ty * this.sigma) / this.s;
    return { x: cx - side / 2, y: cy - side / 2, width: side, height: side };
  }
  requestCrop(effects) {
    const rect = this.cropRect();
    effects.push({ type: 'crop', rect, storedRect: toStored(rect, this.orientation, this.storedW, this.storedH), angle: 0,
      orientation: this.orientation, outputSize: this.cfg.outputSize, encoding: this.cfg.encoding,
      fromThumbnail: this.memoryFallback });
    this.upload = 'cropping';
    this.cropTicks = 0;
    this.failedStage = null;
  }
  telemetry(ok) {
    return { type: 'telemetry', sourceWidth: this.W, sourceHeight: this.H, thumbnailWidth: this.thumbW,
      thumbnailHeight: this.thumbH, sMin: this.sMin, sMax: this.sMax, scale: this.s, qualityClampEngaged: this.qualityClamp,
      zoomLimited: this.zoomLimited, lowDensity: this.lowDensity, outputSize: this.cfg.outputSize, outputIsJPEG: this.isJPEG,
      jpegQuality: this.isJPEG ? num(this.cfg.encoding.quality) : 0, memoryFallback: this.memoryFallback,
      cropLatencyMs: this.cropTicks * SETTINGS.tickMs, cropSucceeded: ok };
  }
  startUpload(attempt, effects) {
    this.uploadAttempt = attempt;
    this.attemptTicks = 0;
    this.upload = 'uploading';
    this.failedStage = null;
    effects.push({ type: 'upload', bucket: 'avatars', key: this.uploadKey,
      contentType: this.isJPEG ? 'image/jpeg' : 'image/png', upsert: true, attempt });
  }
  updateProfile(effects) {
    const v = num(this.user.avatarVersion);
    this.newVersion = (fin(v) ? v : 0) + 1;
    this.upload = 'updatingProfile';
    this.failedStage = null;
    effects.push({ type: 'updateProfile', avatarPath: this.uploadKey, avatarVersion: this.newVersion });
  }
  fail(stage, message, effects) {
    this.upload = 'failed';
    this.failedStage = stage;
    effects.push({ type: 'alert', message, text: TEXT[message] });
    effects.push({ type: 'offerRetry' });
    if (this.haptics) effects.push({ type: 'haptic', kind: 'error' });
  }

  // ---- the clock ------------------------------------------------------------------------------
  // Returns true when something may have changed.
  tick(effects) {
    let changed = false;
    if (this.upload === 'cropping') this.cropTicks++;
    else if (this.upload === 'uploading') this.attemptTicks++;
    else if (this.upload === 'waiting') {
      changed = true;
      if (--this.waitTicks <= 0) this.startUpload(this.uploadAttempt + 1, effects);
    }
    const a = this.anim;
    if (a) {
      changed = true;
      a.n++;
      if (a.n >= SPRING.length - 1) {
        this.landAnimation();
      } else {
        const u = SPRING[a.n];
        const s = clamp(a.s0 * Math.pow(a.s1 / a.s0, u), this.sMin, this.sMax);
        const [mx, my] = this.maxT(s);
        this.s = s;
        this.tx = clamp(a.tx0 + u * (a.tx1 - a.tx0), -mx, mx);
        this.ty = clamp(a.ty0 + u * (a.ty1 - a.ty0), -my, my);
        this.releaseEngaged();
      }
    }
    return changed;
  }

  // ---- observation ----------------------------------------------------------------------------
  snapshot() {
    const [mx, my] = this.maxT(this.s);
    const crop = this.cropRect();
    return {
      scale: this.s, tx: this.tx, ty: this.ty, angle: 0,
      animating: this.anim !== null,
      session: this.session,
      grid: this.cfg.showGrid && this.gesture === 'idle' && this.session === 'editing',
      instructions: this.instructions,
      slider: this.percentOf(this.s),
      crop, storedCrop: toStored(crop, this.orientation, this.storedW, this.storedH),
      sMin: this.sMin, sMax: this.sMax, maskDiameter: this.D, maxTx: mx, maxTy: my,
      viewWidth: this.viewW, viewHeight: this.viewH, gesture: this.gesture,
      cut: this.cut, engaged: SIDES.filter((x) => this.engaged.has(x)),
      upload: this.upload, zoomLimited: this.zoomLimited, lowDensity: this.lowDensity,
      dimming: SETTINGS.dimming,
    };
  }
  // The fields that changed since the last call (all of them the first time).
  diff() {
    const now = this.snapshot();
    const last = this.last;
    this.last = now;
    if (!last) return now;
    let out = null;
    for (const key in now) {
      const a = now[key], b = last[key];
      let same;
      if (key === 'crop' || key === 'storedCrop') same = sameRect(a, b);
      else if (key === 'cut' || key === 'engaged') same = sameArr(a, b);
      else same = a === b || (a !== a && b !== b);
      if (!same) (out || (out = {}))[key] = a;
    }
    return out;
  }
}
Editor.prototype.haptics = true;
