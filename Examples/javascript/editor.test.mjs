// node --test Examples/javascript/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  TRANSITION_TICKS, anchoredTarget, cropRect, easeOut, geometry, nextRung, openEditor, panLimit,
  sliderPercent, sliderScale, storedRect,
} from './editor.mjs';
import { createServer, encode, num } from './main.mjs';

const CONFIG = {
  outputSize: 512, qualityMultiplier: 1.25, maxZoomMultiplier: 4, maskDiameterFraction: 0.82,
  showGrid: true, allowRotation: false, useLiquidGlassChrome: true, minPixelPerPoint: 1,
  encoding: { format: 'png' },
};
const PHOTO = { width: 4032, height: 3024, orientation: 1 };
const PHONE = { width: 393, height: 852, scale: 3 }; // center (196.5, 426)

const close = (actual, expected, tolerance = 1e-9) =>
  assert.ok(Math.abs(actual - expected) <= tolerance * Math.max(1, Math.abs(expected)), `${actual} ≠ ${expected}`);

function open(overrides = {}) {
  const opened = openEditor({ source: PHOTO, view: PHONE, config: CONFIG, ...overrides });
  assert.ok(opened.editor, 'the photo opens');
  return opened.editor;
}

/** Applies events, returning every effect in order. */
const run = (editor, ...events) => events.flatMap((e) => (e === 'tick' ? editor.tick() : editor.apply(e)));
const ticks = (n) => Array(n).fill('tick');
const reasons = (effects) => effects.filter((e) => e.kind === 'lightImpact').map((e) => e.reason);

test('the spec worked example: 4032×3024 on a 393×852 @3x phone', () => {
  const g = geometry(PHOTO, PHONE, CONFIG);
  close(g.mask, 322.26); // 0.82 × 393
  close(g.sMin, (322.26 * 3) / 3024); // max(D/(W/σ), D/(H/σ)): the short side binds
  close(g.sMax, 4 * g.sMin); // 4 s_min = 1.2788 < s_quality = 1.5106
  assert.equal(g.zoomLimited, false);
  assert.equal(g.lowDensity, false);
  // At s_min the short side exactly fills the mask: no vertical room at all.
  close(panLimit(g, g.sMin).x, (1344 * g.sMin - 322.26) / 2);
  close(panLimit(g, g.sMin).y, 0);
  close(panLimit(g, g.sMax).y, (1008 * g.sMax - 322.26) / 2);
  const editor = open();
  close(editor.state().scale, 1.05 * g.sMin);
  assert.deepEqual([editor.state().tx, editor.state().ty], [0, 0]);
  // The crop at open: a D·σ/s square in the middle of the photo.
  const crop = cropRect(g, editor.pose);
  close(crop.width, (322.26 * 3) / (1.05 * g.sMin));
  close(crop.x + crop.width / 2, 2016);
});

test('densityCap atMinimumOnly: on an iPad s_max is 4 s_min, not σ / minPixelPerPoint', () => {
  const g = geometry(PHOTO, { width: 1024, height: 1366, scale: 2 }, CONFIG);
  close(g.sMax, 4 * g.sMin); // ≈ 2.2214, above σ/1 = 2
  assert.ok(g.sMax > 2);
  // σ / s_min below the gate warns, without collapsing the range.
  const dense = openEditor({ source: PHOTO, view: PHONE, config: { ...CONFIG, minPixelPerPoint: 10 } });
  assert.deepEqual(dense.effects.map((e) => e.message), ['voiceOverIntro', 'lowDensity']);
  assert.ok(dense.editor.g.sMax > dense.editor.g.sMin);
});

test('small photos: 319 px is refused, 500 px opens with the zoom locked and the tip', () => {
  assert.deepEqual(openEditor({ source: { width: 319, height: 4000 }, view: PHONE, config: CONFIG }),
    { refused: 'This photo is too small for a profile picture' });
  const { editor, effects } = openEditor({ source: { width: 500, height: 500 }, view: PHONE, config: CONFIG });
  assert.equal(editor.g.sMax, editor.g.sMin);
  assert.deepEqual(effects.map((e) => e.message), ['voiceOverIntro', 'zoomLimitedByQuality']);
  assert.equal(editor.state().scale, editor.g.sMin); // 1.05 s_min does not fit
  assert.equal(editor.state().slider, 0);
});

test('pan follows the finger, clamps every update and buzzes once per side', () => {
  const editor = open();
  const l = panLimit(editor.g, editor.pose.scale);
  assert.deepEqual(run(editor, { type: 'panBegan' }, { type: 'panChanged', dx: 10, dy: 0 }), []);
  assert.equal(editor.state().tx, 10);
  assert.equal(editor.state().grid, false);
  const push = run(editor, { type: 'panChanged', dx: 500, dy: 3 }, { type: 'panChanged', dx: 5, dy: 0 });
  assert.deepEqual(reasons(push), ['panClampX'], 'one impact for the side, not one per update');
  assert.equal(editor.state().tx, l.x);
  assert.equal(editor.state().ty, 3, 'y has ±8.06 pt of room at 1.05 s_min');
  // Leaving the side re-arms it; the far side is a limit of its own.
  assert.deepEqual(reasons(run(editor, { type: 'panChanged', dx: -1, dy: 0 })), []);
  assert.deepEqual(reasons(run(editor, { type: 'panChanged', dx: 2, dy: 0 })), ['panClampX']);
  assert.deepEqual(reasons(run(editor, { type: 'panChanged', dx: -5000, dy: 0 })), ['panClampX']);
  assert.equal(editor.state().tx, -l.x);
  run(editor, { type: 'panEnded' });
  assert.equal(editor.state().grid, true);
  // Non-finite input is ignored.
  run(editor, { type: 'panBegan' }, { type: 'panChanged', dx: NaN, dy: Infinity });
  assert.equal(editor.state().tx, -l.x);
});

test('a pinch keeps the start centroid point under the fingers, at the clamped zoom', () => {
  const editor = open();
  const g = editor.g;
  const start = { ...editor.pose };
  const focal = { x: 250, y: 400 }; // offset (53.5, -26) from the mask center
  run(editor, { type: 'pinchBegan', ...focal });
  assert.deepEqual(editor.pose, start, 'began does not move the photo');
  run(editor, { type: 'pinchChanged', scale: 2, x: 260, y: 410 });
  const s = editor.pose.scale;
  close(s, 2 * start.scale);
  // The image point that was under (250, 400) is now under (260, 410).
  const q = { x: (53.5 - start.tx) / start.scale, y: (-26 - start.ty) / start.scale };
  close(editor.pose.tx + q.x * s, 63.5);
  close(editor.pose.ty + q.y * s, -16);
  // Past s_max: the zoom stops at s_max, the anchor uses s_max, one zoomMax impact.
  const past = run(editor, { type: 'pinchChanged', scale: 10, x: 260, y: 410 });
  assert.deepEqual(reasons(past), ['zoomMax']);
  assert.equal(editor.pose.scale, g.sMax);
  close(editor.pose.tx, 63.5 - q.x * g.sMax);
  assert.deepEqual(reasons(run(editor, { type: 'pinchChanged', scale: 12, x: 260, y: 410 })), []);
  // Below s_min: zoomMin, and the anchored translation is cut where s_min leaves no room.
  assert.deepEqual(reasons(run(editor, { type: 'pinchChanged', scale: 0.1, x: 260, y: 410 })), ['zoomMin', 'panClampY']);
  assert.equal(editor.pose.scale, g.sMin);
  close(editor.pose.ty, 0); // no vertical room at s_min
});

test('the double-tap ladder: 1.5×, 2×, s_max, back to 1.0×, arriving with an impact at the ends', () => {
  const editor = open();
  const g = editor.g;
  const center = { type: 'doubleTap', x: 196.5, y: 426 };
  const landings = [];
  for (let i = 0; i < 4; i++) {
    const effects = run(editor, center, ...ticks(TRANSITION_TICKS - 1));
    assert.equal(editor.state().animating, true);
    effects.push(...editor.tick());
    assert.equal(editor.state().animating, false);
    assert.equal(editor.state().instructions, false);
    landings.push([editor.pose.scale, reasons(effects)]);
  }
  assert.deepEqual(landings.map(([, r]) => r), [[], [], ['zoomMax'], ['zoomMin']]);
  [1.5 * g.sMin, 2 * g.sMin, g.sMax, g.sMin].forEach((s, i) => close(landings[i][0], s));
  assert.equal(nextRung(g, g.sMin * 1.5 * (1 + 1e-7)), 2 * g.sMin, 'within 1e-6 of a rung counts as on it');
});

test('transitions: ease-out, linear zoom, anchor held, every frame clamped', () => {
  const editor = open();
  const from = { ...editor.pose };
  run(editor, { type: 'doubleTap', x: 100, y: 300 });
  const to = editor.move.to;
  close(to.scale, 1.5 * editor.g.sMin);
  let last = 0;
  for (let n = 1; n < TRANSITION_TICKS; n++) {
    editor.tick();
    const u = (editor.pose.scale - from.scale) / (to.scale - from.scale);
    close(u, easeOut(n / TRANSITION_TICKS));
    assert.ok(u > last && u < 1, 'no overshoot');
    last = u;
    const l = panLimit(editor.g, editor.pose.scale);
    assert.ok(Math.abs(editor.pose.tx) <= l.x && Math.abs(editor.pose.ty) <= l.y);
  }
  editor.tick();
  assert.deepEqual(editor.pose, to);
  assert.deepEqual(to, anchoredTarget(editor.g, from, 1.5 * editor.g.sMin, { x: -96.5, y: -126 }));
});

test('the slider is logarithmic; VoiceOver steps press at the ends', () => {
  const editor = open({ reduceMotion: true });
  const g = editor.g;
  close(sliderScale(g, 50), 2 * g.sMin); // s_max / s_min = 4, so halfway is 2×
  close(sliderPercent(g, sliderScale(g, 37.5)), 37.5);
  assert.equal(editor.state().instructions, true);
  const jump = run(editor, { type: 'setZoomSlider', percent: 100, animated: true });
  assert.equal(editor.state().instructions, false, 'instructionsHiddenBy anyAdjustment');
  assert.equal(editor.state().animating, false, 'Reduce Motion lands in the event');
  assert.deepEqual(reasons(jump), ['zoomMax']);
  assert.deepEqual(reasons(run(editor, { type: 'incrementZoom' })), [], 'already engaged');
  run(editor, { type: 'setZoomSlider', percent: 60, animated: false });
  close(editor.state().slider, 60);
  const steps = run(editor, ...Array(5).fill({ type: 'incrementZoom' }));
  assert.deepEqual(reasons(steps), ['zoomMax'], 'the step landing on s_max arrives; the press is silent');
  assert.equal(editor.pose.scale, g.sMax);
});

test('recenter and resize', () => {
  const editor = open({ reduceMotion: true });
  run(editor, { type: 'setZoomSlider', percent: 50, animated: false },
    { type: 'panBegan' }, { type: 'panChanged', dx: -40, dy: 25 }, { type: 'panEnded' });
  const before = { ...editor.pose };
  const g = editor.g;
  run(editor, { type: 'resize', width: 852, height: 393 }); // the same mask: nothing moves
  assert.deepEqual(editor.pose, before);
  run(editor, { type: 'resize', width: 320, height: 568 });
  close(editor.pose.scale / editor.g.sMin, before.scale / g.sMin);
  close(editor.pose.tx / editor.pose.scale, before.tx / before.scale); // the mask-center point stays
  run(editor, { type: 'recenter' });
  assert.deepEqual([editor.pose.tx, editor.pose.ty], [0, 0]);
});

test('confirm: success haptic and the crop request; later input is ignored', () => {
  const editor = open();
  run(editor, { type: 'doubleTap', x: 196.5, y: 426 });
  const effects = run(editor, { type: 'confirm' });
  assert.deepEqual(effects.map((e) => e.type), ['haptic', 'crop']);
  assert.equal(effects[0].kind, 'success');
  close(editor.pose.scale, 1.5 * editor.g.sMin, 1e-12); // the transition landed first
  assert.deepEqual(effects[1].rect, cropRect(editor.g, editor.pose));
  assert.equal(editor.state().session, 'confirmed');
  assert.deepEqual(run(editor, { type: 'panBegan' }, 'tick'), []);
  assert.equal(editor.state().grid, false);
});

test('EXIF 6: stored rect is (y, H − x) on the stored grid', () => {
  const source = { width: 4032, height: 3024, orientation: 6 }; // upright 3024 × 4032
  const r = storedRect({ x: 100, y: 200, width: 50, height: 50 }, source);
  assert.deepEqual(r, { x: 200, y: 3024 - 150, width: 50, height: 50 });
});

test('non-finite numbers travel as strings', () => {
  assert.equal(encode({ a: NaN, b: Infinity, c: -Infinity, d: 0.1, e: [NaN] }),
    '{"a":"NaN","b":"Infinity","c":"-Infinity","d":0.1,"e":["NaN"]}');
  assert.ok(Number.isNaN(num('NaN')));
  assert.equal(num('-Infinity'), -Infinity);
  assert.throws(() => num(null, 'dx'), /dx is not a number/);
  const server = createServer();
  server({ type: 'open', id: 1, source: PHOTO, view: PHONE, config: CONFIG });
  const reply = server({ type: 'step', id: 2, ops: [{ type: 'pinchBegan', x: 'NaN', y: 3 }, 'tick', { type: 'twistChanged' }] });
  assert.equal(reply.type, 'error');
  assert.equal(reply.code, 10);
});

test('the adapter speaks the protocol as a child process, with state deltas', async () => {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./main.mjs', import.meta.url))], { stdio: ['pipe', 'pipe', 'inherit'] });
  const replies = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const ask = async (request) => {
    child.stdin.write(JSON.stringify(request) + '\n');
    const { value } = await replies.next();
    return JSON.parse(value);
  };
  const hello = await ask({ type: 'hello', id: 0, protocol: [1] });
  assert.equal(hello.protocol, 1);
  assert.equal(hello.model.name, 'web-example');
  assert.ok(!hello.capabilities.includes('rotation'));
  const opened = await ask({ type: 'open', id: 1, source: PHOTO, view: PHONE, config: CONFIG, reduceMotion: false, user: null });
  assert.equal(opened.type, 'opened');
  assert.deepEqual(opened.effects, [{ type: 'announce', message: 'voiceOverIntro', text: 'Avatar editor. Circular crop. Drag to move, pinch to zoom' }]);
  assert.deepEqual(Object.keys(opened.state).sort(),
    ['angle', 'animating', 'grid', 'instructions', 'scale', 'session', 'slider', 'tx', 'ty']);
  const stepped = await ask({ type: 'step', id: 2, ops: [{ type: 'panBegan' }, { type: 'panChanged', dx: 3.5, dy: 0 }, 'tick', 'tick', { type: 'panChanged', dx: 'NaN', dy: 0 }] });
  assert.equal(stepped.id, 2);
  assert.deepEqual(stepped.results, [{ state: { grid: false, instructions: false } }, { state: { tx: 3.5 } }, {}, {}, {}]);
  const refused = await ask({ type: 'open', id: 3, source: { width: 200, height: 200, orientation: 1 }, view: PHONE, config: CONFIG });
  assert.deepEqual(refused, { type: 'refused', message: 'This photo is too small for a profile picture', id: 3 });
  const early = await ask({ type: 'step', id: 4, ops: ['tick'] });
  assert.deepEqual([early.type, early.code], ['error', 12]);
  child.stdin.end();
  const code = await new Promise((resolve) => child.on('exit', resolve));
  assert.equal(code, 0);
});

test('snapshots: restore goes back to the session and its state deltas, bad handles are errors', () => {
  const server = createServer();
  assert.equal(server({ type: 'hello', id: 0, protocol: [1] }).snapshots, true);
  assert.equal(server({ type: 'snapshot', id: 1 }).type, 'error', 'no session yet');
  server({ type: 'open', id: 2, source: PHOTO, view: PHONE, config: CONFIG });
  server({ type: 'step', id: 3, ops: [{ type: 'panBegan' }, { type: 'panChanged', dx: 3.5, dy: 0 }, 'tick'] });
  const { type, handle } = server({ type: 'snapshot', id: 4 });
  assert.equal(type, 'snapshotted');
  const ops = [{ type: 'panChanged', dx: 2, dy: 1 }, { type: 'panEnded' }, 'tick', { type: 'doubleTap', x: 196.5, y: 426 }, 'tick', 'tick'];
  const first = server({ type: 'step', id: 5, ops });
  assert.deepEqual(server({ type: 'restore', id: 6, handle }), { type: 'restored', id: 6 });
  // The same ops from the snapshot give the same results, deltas included, twice over.
  assert.deepEqual(server({ type: 'step', id: 7, ops }).results, first.results);
  assert.deepEqual(server({ type: 'restore', id: 8, handle }).type, 'restored');
  assert.deepEqual(server({ type: 'step', id: 9, ops }).results, first.results);
  assert.deepEqual(server({ type: 'release', id: 10, handle }), { type: 'released', id: 10 });
  for (const bad of [handle, 99, 'x', null]) {
    assert.deepEqual(server({ type: 'restore', id: 11, handle: bad }).type, 'error', `restore ${bad}`);
    assert.deepEqual(server({ type: 'release', id: 12, handle: bad }).type, 'error', `release ${bad}`);
  }
  const held = Array.from({ length: 24 }, (_, i) => server({ type: 'snapshot', id: 13 + i }).type);
  assert.deepEqual(new Set(held), new Set(['snapshotted']));
  assert.equal(server({ type: 'snapshot', id: 40 }).type, 'error', 'past 24 held');
  server({ type: 'open', id: 41, source: PHOTO, view: PHONE, config: CONFIG });
  assert.equal(server({ type: 'restore', id: 42, handle: 0 }).type, 'error', 'open discards the snapshots');
});
