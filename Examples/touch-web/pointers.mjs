// A web cropper's pointer layer: it gets the pointer events (down, move, up, cancel) and the
// animation frames, recognizes its own gestures, and drives the editor state model in
// ../javascript/editor.mjs with them — the way a web cropper's component handles `pointerdown` /
// `pointermove` / `pointerup` and applies the latest move in its `requestAnimationFrame`
// callback. No I/O, no clock, no randomness.
//
// Its rules (README.md):
// - a drag begins once the finger is 10 pt from where it landed; its moves count from there;
// - a second finger turns a drag into a pinch: zoom by the span ratio since the pinch began,
//   about the two fingers' centroid;
// - when one finger of a pinch lifts, the other is ignored until every finger has lifted;
// - a third finger, or a cancelled pointer, cancels the gesture;
// - two quick taps (each ≤ 0.5 s and within 10 pt; downs ≤ 0.3 s and ≤ 40 pt apart) double-tap;
// - moves are kept and applied when the frame ends; a finger landing or lifting applies what
//   waits first, then changes the gesture (pointerdown / pointerup are dispatched at once); an
//   input that is not a touch (slider, resize…) is applied at once and the move still waits.

export const DRAG_THRESHOLD = 10;
export const MIN_PINCH_SPAN = 1;
const TAP_MAX_MS = 500;
const DOUBLE_TAP_MAX_MS = 300;
const DOUBLE_TAP_MAX_DISTANCE = 40;

const distance = (a, b) => Math.hypot(b.x - a.x, b.y - a.y);
/** Whole microseconds between two times in ms: cropsim's clock, so a tap of exactly 0.5 s is one. */
const microsBetween = (from, to) => Math.round((to - from) * 1000);

export class PointerLayer {
  /** `editor` takes gesture events (`apply`) and frames (`tick`), each returning effects. */
  constructor(editor) {
    this.editor = editor;
    this.pointers = new Map(); // pointer id → { x, y }, in landing order
    this.state = 'idle'; // idle | possible | pan | pinch | ignored
    this.start = null; // possible: where and when the finger landed
    this.last = null; // pan: the point the last applied move counted to
    this.pinch = null; // pinch: { startSpan }
    this.pending = false; // a move waits for the frame's end
    this.lastTap = null;
  }

  /** One pointer event; returns the effects of what it applied. */
  pointer({ pointer, phase, x, y, time }) {
    const effects = [];
    if (phase === 'move') {
      if (this.pointers.has(pointer)) {
        this.pointers.set(pointer, { x, y });
        this.pending = true;
      }
      return effects;
    }
    this.applyPending(effects);
    if (phase === 'down' && !this.pointers.has(pointer)) {
      this.pointers.set(pointer, { x, y });
      this.landed(time, effects);
    } else if (phase === 'up' && this.pointers.has(pointer)) {
      this.pointers.set(pointer, { x, y });
      const lifted = this.pointers.get(pointer);
      this.pointers.delete(pointer);
      this.lifted(lifted, time, effects);
    } else if (phase === 'cancel' && this.pointers.has(pointer)) {
      this.cancelAll(effects);
    }
    return effects;
  }

  /** The animation frame: the move that waited is applied, then the editor's frame runs. */
  frame() {
    const effects = [];
    this.applyPending(effects);
    effects.push(...this.editor.tick());
    return effects;
  }

  send(event, effects) {
    effects.push(...this.editor.apply(event));
  }

  fingers() {
    return [...this.pointers.values()];
  }

  landed(time, effects) {
    const n = this.pointers.size;
    if (n === 1) {
      this.state = 'possible';
      this.start = { ...this.fingers()[0], time };
    } else if (n === 2 && (this.state === 'possible' || this.state === 'pan')) {
      if (this.state === 'pan') this.send({ type: 'panEnded' }, effects);
      const [a, b] = this.fingers();
      this.state = 'pinch';
      this.pinch = { startSpan: Math.max(distance(a, b), MIN_PINCH_SPAN) };
      this.send({ type: 'pinchBegan', x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, effects);
    } else if (n >= 3) {
      if (this.state === 'pan' || this.state === 'pinch') this.send({ type: 'gestureCancelled' }, effects);
      this.state = 'ignored';
    }
  }

  lifted(point, time, effects) {
    const n = this.pointers.size;
    if (this.state === 'possible' && n === 0) {
      this.state = 'idle';
      const still = distance(this.start, point) < DRAG_THRESHOLD;
      if (still && microsBetween(this.start.time, time) <= TAP_MAX_MS * 1000) this.tapped(point, effects);
    } else if (this.state === 'pan' && n === 0) {
      this.state = 'idle';
      this.send({ type: 'panEnded' }, effects);
    } else if (this.state === 'pinch' && n === 1) {
      this.send({ type: 'pinchEnded' }, effects);
      this.state = 'ignored'; // the finger left is ignored until every finger has lifted
    } else if (n === 0) {
      this.state = 'idle';
    }
  }

  tapped(point, effects) {
    const previous = this.lastTap;
    if (previous && distance(previous.point, point) <= DOUBLE_TAP_MAX_DISTANCE
        && microsBetween(previous.time, this.start.time) <= DOUBLE_TAP_MAX_MS * 1000) {
      this.lastTap = null;
      this.send({ type: 'doubleTap', x: point.x, y: point.y }, effects);
      return;
    }
    this.lastTap = { time: this.start.time, point };
  }

  cancelAll(effects) {
    if (this.state === 'pan' || this.state === 'pinch') this.send({ type: 'gestureCancelled' }, effects);
    // A cancelled pointer sends nothing more (Pointer Events: no pointerup after pointercancel);
    // its id may come back with a new pointerdown.
    this.pointers.clear();
    this.state = 'idle';
    this.pending = false;
  }

  /** The move that waited: a drag crossing its threshold, a pan step, or a pinch update. */
  applyPending(effects) {
    if (!this.pending) return;
    this.pending = false;
    const [a, b] = this.fingers();
    if (this.state === 'possible' && a) {
      if (distance(this.start, a) >= DRAG_THRESHOLD) {
        this.state = 'pan';
        this.last = { ...a }; // moves count from here: the threshold does not jump the photo
        this.send({ type: 'panBegan' }, effects);
      }
    } else if (this.state === 'pan' && a) {
      const dx = a.x - this.last.x, dy = a.y - this.last.y;
      this.last = { ...a };
      if (dx !== 0 || dy !== 0) this.send({ type: 'panChanged', dx, dy }, effects);
    } else if (this.state === 'pinch' && b) {
      const scale = distance(a, b) / this.pinch.startSpan;
      this.send({ type: 'pinchChanged', scale, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, effects);
    }
  }
}
