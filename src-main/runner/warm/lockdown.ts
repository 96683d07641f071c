import 'ses';

/**
 * Hardens a warm runtime thread's own realm once @playwright/test is loaded, before any run starts
 * (docs/DECISIONS.md, "Issue 29: what isolates a warm run"). Every run has a V8 context of its own,
 * but what it is handed comes from this realm; after this, nothing of this realm that a run can
 * reach can be changed by it:
 *
 * - SES `lockdown()` freezes every JavaScript intrinsic of the thread (Object.prototype,
 *   Function.prototype, Array, Promise, Error, …) and makes the Function constructors reachable
 *   through `.constructor` throw, so `console.log.constructor('return this')()` no longer hands a
 *   script the thread's real globals;
 * - the host classes and functions a run is handed, or can reach from what it is handed (Buffer, URL,
 *   TextEncoder, fetch and its Response, web streams, timers' handles, …), are hardened: frozen with
 *   everything reachable from their properties and prototypes.
 *
 * Errors keep their stacks (errorTaming 'unsafe'): the report points at the script's own lines.
 */

/** Globals a run is handed as they are (hardened), or that what it is handed leads to. */
const SHARED_GLOBALS = [
  'Buffer',
  'URL',
  'URLSearchParams',
  'TextEncoder',
  'TextDecoder',
  'AbortController',
  'AbortSignal',
  'Event',
  'EventTarget',
  'DOMException',
  'Headers',
  'Request',
  'Response',
  'FormData',
  'Blob',
  'File',
  'fetch',
  'structuredClone',
  'atob',
  'btoa',
  'queueMicrotask',
  'ReadableStream',
  'ReadableStreamDefaultReader',
  'ReadableStreamBYOBReader',
  'ReadableStreamBYOBRequest',
  'ReadableByteStreamController',
  'ReadableStreamDefaultController',
  'WritableStream',
  'WritableStreamDefaultWriter',
  'WritableStreamDefaultController',
  'TransformStream',
  'TransformStreamDefaultController',
  'ByteLengthQueuingStrategy',
  'CountQueuingStrategy',
  'TextEncoderStream',
  'TextDecoderStream',
  'CompressionStream',
  'DecompressionStream',
  'CryptoKey',
] as const;

let locked = false;

export function lockDownThread(): void {
  if (locked) return;
  locked = true;
  lockdown({
    // Stacks stay readable: a failed run's report gives the script's own line and a code frame.
    errorTaming: 'unsafe',
    stackFiltering: 'verbose',
    // Libraries assign properties that their frozen prototypes also have (the "override mistake").
    overrideTaming: 'severe',
    consoleTaming: 'unsafe',
    domainTaming: 'unsafe',
    localeTaming: 'unsafe',
    // The thread's own code (zod) may compile functions; a run's context has its own Function anyway.
    evalTaming: 'unsafe-eval',
  });
  guardThreadError();
  const host = globalThis as Record<string, unknown>;
  for (const name of SHARED_GLOBALS) if (host[name] !== undefined) hardened(host[name]);
  hardened(globalThis.crypto);
  hardened(globalThis.crypto.subtle);
  // Iterators and readers the hardened classes hand out have prototypes of their own.
  const samples: unknown[] = [new URLSearchParams('a=1').entries(), new Headers({ a: '1' }).entries(), new FormData().entries(), new Blob(['x']).stream().getReader()];
  for (const sample of samples) hardened(Object.getPrototypeOf(sample) as object);
  const timeout = setTimeout(() => undefined, 0);
  const immediate = setImmediate(() => undefined);
  hardened(Object.getPrototypeOf(timeout) as object);
  hardened(Object.getPrototypeOf(immediate) as object);
  clearTimeout(timeout);
  clearImmediate(immediate);
}

/**
 * The engine's own `Error` constructor. After lockdown the thread's global `Error` is SES's stand-in,
 * but every class that extended Error before (Playwright's errors, node's, the shim's) still leads to
 * this one, so a run can reach it. It cannot be frozen: V8 reads `stackTraceLimit` from it as a plain
 * data property and Playwright sets that while capturing a stack. So it takes no new property and
 * `prepareStackTrace` and `captureStackTrace` cannot be replaced (a run's own prepareStackTrace
 * would see every other run's stack frames). `stackTraceLimit` stays writable: a run could change
 * how many frames other runs' error stacks keep, which only affects where a report locates an error.
 */
const NativeError = Error;

function guardThreadError(): void {
  const target = NativeError as unknown as Record<string, unknown>;
  for (const key of Reflect.ownKeys(target)) {
    if (key === 'stackTraceLimit') continue;
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (!descriptor?.configurable) continue;
    Object.defineProperty(target, key, 'value' in descriptor ? { writable: false, configurable: false } : { configurable: false });
  }
  Object.preventExtensions(target);
  threadError = target;
}

let threadError: unknown = null;

/**
 * Freezes a value of this realm and everything reachable from its properties (values, getters,
 * setters) and prototypes, as SES's harden() does, except the thread's own Error (guardThreadError).
 */
export function hardened<T>(value: T): T {
  const seen = new Set<unknown>();
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if ((typeof next !== 'object' && typeof next !== 'function') || next === null || seen.has(next) || next === threadError) continue;
    seen.add(next);
    try {
      Object.freeze(next);
    } catch {
      // A typed array with elements cannot be frozen; it takes no new property at least.
      Object.preventExtensions(next);
    }
    pending.push(Object.getPrototypeOf(next));
    for (const key of Reflect.ownKeys(next)) {
      const descriptor = Object.getOwnPropertyDescriptor(next, key);
      if (!descriptor) continue;
      if ('value' in descriptor) pending.push(descriptor.value);
      else pending.push(descriptor.get, descriptor.set);
    }
  }
  return value;
}
