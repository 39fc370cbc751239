// node --test Examples/touch-web/: the pointer layer's rules, and the adapter as a child process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PointerLayer } from './pointers.mjs';

/** An editor that records the gesture events it is given. */
function recorder() {
  const events = [];
  return { events, apply: (e) => { events.push(e); return []; }, tick: () => [] };
}

const touch = (pointer, phase, x, y, time = 0) => ({ pointer, phase, x, y, time });

test('a drag begins 10 pt from the landing, counts from there, and applies at the frame', () => {
  const editor = recorder();
  const layer = new PointerLayer(editor);
  layer.pointer(touch(1, 'down', 100, 100));
  layer.pointer(touch(1, 'move', 105, 100));
  layer.frame();
  assert.deepEqual(editor.events, []);
  layer.pointer(touch(1, 'move', 112, 100));
  assert.deepEqual(editor.events, [], 'a move waits for the frame');
  layer.frame();
  assert.deepEqual(editor.events, [{ type: 'panBegan' }]);
  layer.pointer(touch(1, 'move', 115, 100));
  layer.pointer(touch(1, 'move', 120, 104));
  layer.frame();
  assert.deepEqual(editor.events.at(-1), { type: 'panChanged', dx: 8, dy: 4 });
});

test('a pinch zooms by the span ratio about the centroid; the finger left is then ignored', () => {
  const editor = recorder();
  const layer = new PointerLayer(editor);
  layer.pointer(touch(1, 'down', 100, 100));
  layer.pointer(touch(2, 'down', 200, 100));
  assert.deepEqual(editor.events, [{ type: 'pinchBegan', x: 150, y: 100 }]);
  layer.pointer(touch(2, 'move', 300, 100));
  layer.frame();
  assert.deepEqual(editor.events.at(-1), { type: 'pinchChanged', scale: 2, x: 200, y: 100 });
  layer.pointer(touch(2, 'up', 300, 100));
  assert.deepEqual(editor.events.at(-1), { type: 'pinchEnded' });
  const count = editor.events.length;
  layer.pointer(touch(1, 'move', 160, 140));
  layer.frame();
  assert.equal(editor.events.length, count, 'the finger left after a pinch moves nothing');
});

test('a finger landing applies the move that waited before the pinch begins', () => {
  const editor = recorder();
  const layer = new PointerLayer(editor);
  layer.pointer(touch(1, 'down', 100, 100));
  layer.pointer(touch(1, 'move', 120, 100));
  layer.frame();
  layer.pointer(touch(1, 'move', 130, 100));
  layer.pointer(touch(2, 'down', 230, 100));
  assert.deepEqual(editor.events.slice(-3), [{ type: 'panChanged', dx: 10, dy: 0 }, { type: 'panEnded' },
    { type: 'pinchBegan', x: 180, y: 100 }]);
});

test('the adapter declares touches and refuses a touch with an unknown phase', () => {
  const main = fileURLToPath(new URL('./main.mjs', import.meta.url));
  const input = [
    { type: 'hello', id: 0, protocol: [1] },
    { type: 'open', id: 1, source: { width: 4032, height: 3024, orientation: 1 }, view: { width: 393, height: 852, scale: 3 },
      config: { outputSize: 512, qualityMultiplier: 1.25, maxZoomMultiplier: 4, maskDiameterFraction: 0.82, showGrid: true,
        allowRotation: false, useLiquidGlassChrome: true, minPixelPerPoint: 1, encoding: { format: 'png' } }, reduceMotion: false, user: null },
    { type: 'step', id: 2, ops: [{ type: 'touch', pointer: 1, phase: 'hover', x: 1, y: 1, time: 0 }] },
    { type: 'step', id: 3, ops: [{ type: 'touch', pointer: 1, phase: 'down', x: 1, y: 1, time: 0 }, 'tick'] },
  ].map((m) => JSON.stringify(m)).join('\n') + '\n';
  const out = spawnSync(process.execPath, [main], { input, encoding: 'utf8' });
  const replies = out.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.ok(replies[0].capabilities.includes('touches'));
  assert.equal(replies[0].policies.inputTiming, 'atFrameEnd');
  assert.equal(replies[2].type, 'error');
  assert.equal(replies[2].code, 12);
  assert.equal(replies[3].type, 'stepped');
  assert.equal(replies[3].results.length, 2);
});
