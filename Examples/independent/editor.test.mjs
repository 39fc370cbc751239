// Unit tests of the independent editor: node --test Examples/independent/
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Editor, toStored, SPRING_TABLE } from './editor.mjs';

const CONFIG = { outputSize: 512, qualityMultiplier: 1.25, maxZoomMultiplier: 4, maskDiameterFraction: 0.82,
  showGrid: true, allowRotation: false, useLiquidGlassChrome: true, minPixelPerPoint: 1, encoding: { format: 'png' } };
const VIEW = { width: 393, height: 852, scale: 3 };

function open(source = { width: 4032, height: 3024, orientation: 1 }, extra = {}) {
  const r = Editor.open({ source, view: VIEW, config: { ...CONFIG, ...(extra.config || {}) }, reduceMotion: !!extra.reduceMotion,
    user: extra.user ?? null });
  assert.ok(r.editor, 'opened');
  return r;
}
function run(e, ops) {
  const all = [];
  for (const op of ops) { const fx = []; if (op === 'tick') e.tick(fx); else e.apply(op, fx); all.push(...fx); }
  return all;
}
const close = (a, b, eps = 1e-9) => assert.ok(Math.abs(a - b) <= eps * Math.max(1, Math.abs(b)), `${a} ≈ ${b}`);

test('refuses photos under 320 px on the short side', () => {
  const r = Editor.open({ source: { width: 4000, height: 319, orientation: 1 }, view: VIEW, config: CONFIG });
  assert.equal(r.refused, 'This photo is too small for a profile picture');
  assert.ok(Editor.open({ source: { width: 320, height: 4000, orientation: 6 }, view: VIEW, config: CONFIG }).editor);
});

test('opens at s_min × 1.05, centered, with s_min and s_max from the spec math', () => {
  const { editor: e, effects } = open();
  const D = 0.82 * 393;
  close(e.sMin, D / (3024 / 3));
  close(e.sMax, Math.min(e.sMin * 4, (D * 3) / 640));
  close(e.s, e.sMin * 1.05);
  assert.equal(e.tx, 0); assert.equal(e.ty, 0);
  assert.deepEqual(effects[0], { type: 'announce', message: 'voiceOverIntro', text: 'Avatar editor. Circular crop. Drag to move, pinch to zoom' });
});

test('a drag is clamped every update and buzzes once per side on entry', () => {
  const { editor: e } = open();
  const fx = run(e, [{ type: 'panBegan' }, { type: 'panChanged', dx: 1000, dy: 0 }, 'tick', { type: 'panChanged', dx: 50, dy: 0 }]);
  const [mx] = e.maxT(e.s);
  close(e.tx, mx);
  assert.deepEqual(fx.filter((f) => f.type === 'haptic'), [{ type: 'haptic', kind: 'lightImpact', reason: 'panClampX' }]);
  // turning back moves the photo at once (fromPrevious), leaving the side re-arms it
  run(e, [{ type: 'panChanged', dx: -10, dy: 0 }]);
  close(e.tx, mx - 10);
  const again = run(e, [{ type: 'panChanged', dx: 100, dy: 0 }]);
  assert.equal(again.filter((f) => f.type === 'haptic').length, 1);
  assert.equal(e.snapshot().grid, false);
  run(e, [{ type: 'panEnded' }]);
  assert.equal(e.snapshot().grid, true);
  assert.equal(e.snapshot().instructions, false);
});

test('a pinch zooms from its start, anchored at the centroid, clamped to s_max', () => {
  const { editor: e } = open();
  const s0 = e.s;
  run(e, [{ type: 'pinchBegan', x: 196.5 + 20, y: 426 }, { type: 'pinchChanged', scale: 1.5, x: 196.5 + 20, y: 426 }]);
  close(e.s, s0 * 1.5);
  close(e.tx, 20 - 20 * 1.5); // the image point under the centroid stayed there
  const fx = run(e, [{ type: 'pinchChanged', scale: 100, x: 216.5, y: 426 }]);
  close(e.s, e.sMax);
  assert.ok(fx.some((f) => f.reason === 'zoomMax'));
  // fromStart: fingers still past the limit keep the photo at s_max
  run(e, [{ type: 'pinchChanged', scale: 50, x: 216.5, y: 426 }]);
  close(e.s, e.sMax);
  // a span of 0 asks for zoom 0: clamped to s_min
  run(e, [{ type: 'pinchChanged', scale: 0, x: 216.5, y: 426 }]);
  close(e.s, e.sMin);
});

test('double-tap ladder 1.0× → 1.5× → 2.0× → s_max → 1.0×, on the spring, landing exactly', () => {
  const { editor: e } = open();
  const want = [1.5 * e.sMin, 2 * e.sMin, e.sMax, e.sMin, 1.5 * e.sMin];
  for (const w of want) {
    run(e, [{ type: 'doubleTap', x: 196.5, y: 426 }]);
    assert.equal(e.snapshot().animating, true);
    let n = 0;
    while (e.anim) {
      run(e, ['tick']); n++;
      assert.ok(e.s >= e.sMin && e.s <= e.sMax, 'every frame in range');
    }
    assert.equal(n, SPRING_TABLE.length - 1);
    close(e.s, w);
  }
});

test('slider maps 0–100 % logarithmically and reads the zoom back', () => {
  const { editor: e } = open(undefined, { reduceMotion: true });
  run(e, [{ type: 'setZoomSlider', percent: 50, animated: true }]);
  close(e.s, Math.sqrt(e.sMin * e.sMax)); // lands in the event under Reduce Motion
  close(e.snapshot().slider, 50);
  run(e, [{ type: 'incrementZoom' }]);
  close(e.snapshot().slider, 60);
});

test('resize keeps the crop square', () => {
  const { editor: e } = open();
  run(e, [{ type: 'panChanged', dx: 30, dy: -5 }, { type: 'panEnded' }]);
  const before = e.cropRect();
  run(e, [{ type: 'resize', width: 852, height: 600 }]);
  const after = e.cropRect();
  for (const k of ['x', 'y', 'width', 'height']) close(after[k], before[k], 1e-9);
});

test('EXIF orientation maps the upright rect back to the stored grid', () => {
  const r = { x: 10, y: 20, width: 100, height: 100 };
  assert.deepEqual(toStored(r, 6, 4032, 3024), { x: 20, y: 3024 - 10 - 100, width: 100, height: 100 });
  assert.deepEqual(toStored(r, 8, 4032, 3024), { x: 4032 - 20 - 100, y: 10, width: 100, height: 100 });
  assert.deepEqual(toStored(r, 3, 4032, 3024), { x: 4032 - 110, y: 3024 - 120, width: 100, height: 100 });
});

test('upload retries with 0.5 s, 1 s, 2 s backoff and four attempts in all', () => {
  const { editor: e } = open(undefined, { user: { uid: 'u1', avatarPath: 'users/u1/old.png', avatarVersion: 7 } });
  let fx = run(e, [{ type: 'confirm' }]);
  assert.deepEqual(fx.map((f) => f.kind || f.type), ['success', 'crop']);
  fx = run(e, [{ type: 'cropFinished', succeeded: true }]);
  assert.equal(fx[1].key, 'users/u1/avatar_512.png');
  const starts = [];
  for (let attempt = 1; attempt <= 4; attempt++) {
    fx = run(e, [{ type: 'uploadFinished', attempt, outcome: 'timeout' }]);
    let t = 0;
    while (e.upload === 'waiting') { t++; const f = run(e, ['tick']); if (f.length) starts.push([t, f[0].attempt]); }
  }
  assert.deepEqual(starts, [[31, 2], [61, 3], [121, 4]]);
  assert.equal(e.upload, 'failed');
  assert.ok(fx.some((f) => f.type === 'offerRetry'));
});

// The adapter reads stdin and exits when it closes, so it is run as a child process, as cropsim runs it.
test('snapshots: restore goes back to the session, its deltas included; bad handles are errors', async () => {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./main.mjs', import.meta.url))], { stdio: ['pipe', 'pipe', 'inherit'] });
  const replies = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const ask = async (request) => {
    child.stdin.write(JSON.stringify(request) + '\n');
    return JSON.parse((await replies.next()).value);
  };
  const source = { width: 4032, height: 3024, orientation: 1 };
  const opening = { source, view: VIEW, config: CONFIG, reduceMotion: false, user: null };
  assert.equal((await ask({ type: 'hello', id: 0, protocol: [1] })).snapshots, true);
  assert.equal((await ask({ type: 'snapshot', id: 1 })).type, 'error', 'no session yet');
  assert.equal((await ask({ type: 'open', id: 2, ...opening })).type, 'opened');
  await ask({ type: 'step', id: 3, ops: [{ type: 'panBegan' }, { type: 'panChanged', dx: 3.5, dy: 0 }, 'tick'] });
  const { type, handle } = await ask({ type: 'snapshot', id: 4 });
  assert.equal(type, 'snapshotted');
  const ops = [{ type: 'panChanged', dx: 2, dy: 1 }, { type: 'panEnded' }, 'tick', { type: 'doubleTap', x: 196.5, y: 426 }, 'tick', 'tick'];
  const first = await ask({ type: 'step', id: 5, ops });
  assert.ok(first.results.some((r) => r.state), 'the ops change the state');
  assert.deepEqual(await ask({ type: 'restore', id: 6, handle }), { type: 'restored', id: 6 });
  // The same ops from the snapshot give the same results, deltas included, twice over.
  assert.deepEqual((await ask({ type: 'step', id: 7, ops })).results, first.results);
  assert.equal((await ask({ type: 'restore', id: 8, handle })).type, 'restored');
  assert.deepEqual((await ask({ type: 'step', id: 9, ops })).results, first.results);
  assert.deepEqual(await ask({ type: 'release', id: 10, handle }), { type: 'released', id: 10 });
  for (const bad of [handle, 99, 'x', null]) {
    assert.equal((await ask({ type: 'restore', id: 11, handle: bad })).type, 'error', `restore ${bad}`);
    assert.equal((await ask({ type: 'release', id: 12, handle: bad })).type, 'error', `release ${bad}`);
  }
  const held = [];
  for (let i = 0; i < 24; i++) held.push(await ask({ type: 'snapshot', id: 13 + i }));
  assert.deepEqual(new Set(held.map((r) => r.type)), new Set(['snapshotted']));
  assert.equal(new Set(held.map((r) => r.handle)).size, 24, 'every held handle distinct');
  assert.equal((await ask({ type: 'snapshot', id: 40 })).type, 'error', 'past 24 held');
  await ask({ type: 'open', id: 41, ...opening });
  assert.equal((await ask({ type: 'restore', id: 42, handle: held[0].handle })).type, 'error', 'open discards the snapshots');
  child.stdin.end();
  assert.equal(await new Promise((resolve) => child.on('exit', resolve)), 0);
});
