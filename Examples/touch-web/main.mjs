#!/usr/bin/env node
// cropsim's model protocol over stdio for a web cropper driven at touch level
// (docs/model-protocol.md#touches): the touches go to the pointer layer in pointers.mjs, which
// recognizes its own gestures and drives the editor state model of ../javascript/editor.mjs;
// "tick" is the animation frame. One JSON request per line on stdin, one reply per line on
// stdout, logs on stderr.
//
//   cropsim run Scenarios --model "node Examples/touch-web/main.mjs"

import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { CAPABILITIES as EDITOR_CAPABILITIES, POLICIES as EDITOR_POLICIES, openEditor } from '../javascript/editor.mjs';
import { encode, num } from '../javascript/main.mjs';
import { PointerLayer } from './pointers.mjs';

const PROTOCOL = 1;
const ERROR = { notSupported: 10, malformedRequest: 12, crash: 13 };

export const MODEL = { name: 'touch-web-example', version: '1.0' };
export const CAPABILITIES = ['touches', ...EDITOR_CAPABILITIES];
export const POLICIES = {
  ...EDITOR_POLICIES,
  inputTiming: 'atFrameEnd', // moves are applied in the animation frame
  fingerAfterPinch: 'ignored', // the finger left after a pinch is ignored until all lift
};

class ProtocolError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

const PHASES = new Set(['down', 'move', 'up', 'cancel']);
// The events that are not touches, with their number fields (docs/model-protocol.md#touches).
const EVENT_FIELDS = {
  setZoomSlider: ['percent'], incrementZoom: [], decrementZoom: [], recenter: [],
  resize: ['width', 'height'], setReduceMotion: [], confirm: [], cancel: [],
};

/** A step's op: "tick", a touch, or one of the events that are not touches. */
function decodeOp(op) {
  if (op === 'tick') return op;
  if (typeof op !== 'object' || op === null || typeof op.type !== 'string') {
    throw new ProtocolError(ERROR.malformedRequest, `not an op: ${JSON.stringify(op)}`);
  }
  if (op.type === 'touch') {
    if (!Number.isSafeInteger(op.pointer)) throw new ProtocolError(ERROR.malformedRequest, 'touch.pointer is not an integer');
    if (!PHASES.has(op.phase)) throw new ProtocolError(ERROR.malformedRequest, `touch.phase ${JSON.stringify(op.phase)} is unknown`);
    return { type: 'touch', pointer: op.pointer, phase: op.phase, x: num(op.x, 'touch.x'), y: num(op.y, 'touch.y'), time: num(op.time, 'touch.time') };
  }
  const fields = EVENT_FIELDS[op.type];
  if (!fields) throw new ProtocolError(ERROR.notSupported, `event ${op.type} is not implemented`);
  const event = { ...op };
  for (const f of fields) event[f] = num(op[f], `${op.type}.${f}`);
  return event;
}

const decodeOpen = ({ source, view, config, reduceMotion }) => {
  if (!source || !view || !config) throw new ProtocolError(ERROR.malformedRequest, 'open needs source, view and config');
  const numbers = (object, name) =>
    Object.fromEntries(Object.entries(object).map(([k, v]) =>
      [k, typeof v === 'string' && k !== 'format' ? num(v, `${name}.${k}`) : v]));
  return { source: numbers(source, 'source'), view: numbers(view, 'view'), config: numbers(config, 'config'), reduceMotion: Boolean(reduceMotion) };
};

function delta(last, next) {
  const changed = {};
  for (const [key, value] of Object.entries(next)) if (!Object.is(last[key], value)) changed[key] = value;
  return changed;
}

/** One connection's state and request handler: returns the reply object for a request. */
export function createServer() {
  let editor = null, layer = null, lastState = null;

  const result = (effects) => {
    const state = editor.state();
    const changed = delta(lastState, state);
    lastState = state;
    const r = {};
    if (effects.length) r.effects = effects;
    if (Object.keys(changed).length) r.state = changed;
    return r;
  };
  const run = (op) => {
    if (op === 'tick') return layer.frame();
    if (op.type === 'touch') return layer.pointer(op);
    return editor.apply(op);
  };

  const handlers = {
    hello({ protocol }) {
      if (!Array.isArray(protocol) || !protocol.includes(PROTOCOL)) {
        throw new ProtocolError(ERROR.notSupported, `this model speaks protocol ${PROTOCOL} only`);
      }
      return { type: 'hello', protocol: PROTOCOL, model: MODEL, capabilities: CAPABILITIES, policies: POLICIES };
    },
    open(request) {
      editor = null;
      const opened = openEditor(decodeOpen(request));
      if (opened.refused) return { type: 'refused', message: opened.refused };
      editor = opened.editor;
      layer = new PointerLayer(editor);
      lastState = editor.state();
      return { type: 'opened', effects: opened.effects, state: lastState };
    },
    step({ ops }) {
      if (!editor) throw new ProtocolError(ERROR.malformedRequest, 'step before a successful open');
      if (!Array.isArray(ops)) throw new ProtocolError(ERROR.malformedRequest, 'step needs ops');
      const decoded = ops.map(decodeOp); // refuse a bad op before any is applied
      return { type: 'stepped', results: decoded.map((op) => result(run(op))) };
    },
  };

  return function handle(request) {
    const id = request?.id;
    try {
      const handler = handlers[request?.type];
      if (!Number.isInteger(id) || !handler) {
        throw new ProtocolError(ERROR.malformedRequest, `unknown request ${JSON.stringify(request?.type)}`);
      }
      return { ...handler(request), id };
    } catch (error) {
      console.error(error instanceof ProtocolError ? `request ${id}: ${error.message}` : (error?.stack ?? error));
      return { type: 'error', id: id ?? null, code: error.code ?? ERROR.crash, message: String(error.message ?? error) };
    }
  };
}

function main() {
  const handle = createServer();
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    let request = null;
    try {
      request = JSON.parse(line);
    } catch (error) {
      console.error(`unreadable request: ${error.message}`);
    }
    const reply = request === null
      ? { type: 'error', id: null, code: ERROR.malformedRequest, message: 'not JSON' }
      : handle(request);
    process.stdout.write(encode(reply) + '\n');
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
