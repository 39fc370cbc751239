// Protocol v1 adapter over stdio for the independent editor (editor.mjs).
import { createInterface } from 'node:readline';
import { Editor } from './editor.mjs';

export const HELLO = {
  protocol: 1,
  model: { name: 'independent-cropper', version: '1.0.0' },
  capabilities: ['doubleTap', 'slider', 'voiceOverSteps', 'recenter', 'haptics', 'animations', 'tips', 'grid',
    'confirm', 'upload', 'memoryFallback', 'exifOrientations', 'resize', 'reduceMotion', 'cropRect', 'readout'],
  policies: {
    transitionSpring: 'zeta0.9',
    zoomInterpolation: 'geometric',
    sliderMapping: 'logarithmic',
    incrementStep: 'tenPercent',
    pinchReference: 'fromStart',
    panReference: 'fromPrevious',
    limitHaptics: 'perSide',
    arrivalHaptics: 'pushesOnly',
    densityCap: 'collapseWhenLow',
    baseDuringMove: 'moveTarget',
    zeroWidthRange: 'twoSides',
    pinchAcrossResize: 'scaleStart',
    resizeKeeps: 'scaledPose',
    resizeMidMove: 'carriesOn',
    reduceMotion: 'landInEvent',
    instructionsHiddenBy: 'panPinchDoubleTap',
    uploadAttempts: 'four',
    retryable: 'transientOnly',
    cropFailure: 'retryScreen',
    cancelAfterFailure: 'endsSession',
    memoryNoticeAt: 'warning',
    profileRetry: 'profileOnly',
    telemetrySourceSize: 'upright',
  },
  snapshots: true, // snapshot / restore / release (docs/model-protocol.md#snapshots)
};

// JSON with non-finite numbers written as strings, as the protocol asks.
const replacer = (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v);
const encode = (obj) => JSON.stringify(obj, replacer);

let editor = null;
const EMPTY = '{}';
// The session's snapshots by handle: deep copies of the editor, which also holds the state it
// last reported (`diff`), so results after a restore are deltas from the snapshot's state.
const snapshots = new Map();
let nextHandle = 0;
const MAX_SNAPSHOTS = 24;
const copy = (e) => Object.assign(Object.create(Object.getPrototypeOf(e)), structuredClone({ ...e }));

export function handle(req) {
  const id = req.id;
  switch (req.type) {
    case 'hello': {
      const offered = Array.isArray(req.protocol) ? req.protocol : [];
      if (!offered.includes(1)) return encode({ type: 'error', id, code: 10, message: 'speaks protocol 1 only' });
      return encode({ type: 'hello', id, ...HELLO });
    }
    case 'open': {
      editor = null;
      snapshots.clear();
      const r = Editor.open(req);
      if (r.refused) return encode({ type: 'refused', id, message: r.refused });
      editor = r.editor;
      const state = editor.diff();
      const out = { type: 'opened', id, state };
      if (r.effects.length) out.effects = r.effects;
      return encode(out);
    }
    case 'step': {
      if (!editor) return encode({ type: 'error', id, code: 12, message: 'step before open' });
      const ops = Array.isArray(req.ops) ? req.ops : [];
      const parts = new Array(ops.length);
      for (let i = 0; i < ops.length; i++) {
        const op = ops[i];
        const effects = [];
        let changed = true;
        if (op === 'tick') changed = editor.tick(effects);
        else if (op && typeof op === 'object') editor.apply(op, effects);
        else changed = false;
        const state = changed ? editor.diff() : null;
        if (!state && effects.length === 0) { parts[i] = EMPTY; continue; }
        const res = {};
        if (effects.length) res.effects = effects;
        if (state) res.state = state;
        parts[i] = encode(res);
      }
      return `{"type":"stepped","id":${id},"results":[${parts.join(',')}]}`;
    }
    case 'snapshot': {
      if (!editor) return encode({ type: 'error', id, code: 12, message: 'snapshot before open' });
      if (snapshots.size >= MAX_SNAPSHOTS) return encode({ type: 'error', id, code: 12, message: 'too many snapshots' });
      // Handles wrap after 2^31 snapshots; one still held is skipped, never given twice.
      let handle = nextHandle;
      while (snapshots.has(handle)) handle = (handle + 1) % 2147483648;
      nextHandle = (handle + 1) % 2147483648;
      snapshots.set(handle, copy(editor));
      return encode({ type: 'snapshotted', id, handle });
    }
    case 'restore':
    case 'release': {
      if (!snapshots.has(req.handle)) return encode({ type: 'error', id, code: 12, message: `no snapshot has handle ${req.handle}` });
      if (req.type === 'restore') editor = copy(snapshots.get(req.handle));
      else snapshots.delete(req.handle);
      return encode({ type: req.type === 'restore' ? 'restored' : 'released', id });
    }
    default:
      return encode({ type: 'error', id, code: 12, message: `unknown request ${req.type}` });
  }
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let req;
  try { req = JSON.parse(line); } catch (e) {
    process.stderr.write(`unparseable request: ${e.message}\n`);
    process.stdout.write(encode({ type: 'error', id: -1, code: 12, message: 'unparseable request' }) + '\n');
    return;
  }
  let out;
  try { out = handle(req); } catch (e) {
    process.stderr.write(`crash: ${e && e.stack}\n`);
    out = encode({ type: 'error', id: req.id, code: 13, message: String(e && e.message) });
  }
  process.stdout.write(out + '\n');
});
rl.on('close', () => { process.stdout.write('', () => process.exit(0)); });
