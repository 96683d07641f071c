import { Buffer as NodeBuffer } from 'node:buffer';
import vm from 'node:vm';

/**
 * A run's own limit on buffer memory, which a worker thread's heap limit does not cover (an
 * ArrayBuffer lives outside the V8 heap). Buffers and typed arrays the script makes are counted
 * while they live; one that would take the run past its limit is refused with the RangeError node
 * itself throws when memory runs out, so the run fails with a memory-limit error and nothing else does.
 */
export function guardBuffers(context: vm.Context, limitBytes: number): { Buffer: typeof Buffer; check: (bytes: number) => void; left: () => number } {
  let live = 0;
  const registry = new FinalizationRegistry<number>((bytes) => {
    live -= bytes;
  });
  const refuse = (bytes: number) => {
    throw new RangeError(`Array buffer allocation failed: ${mb(bytes)} MB more would take this run past its memory limit of ${mb(limitBytes)} MB (it holds ${mb(live)} MB)`);
  };
  const check = (bytes: number) => {
    if (Number.isFinite(bytes) && bytes > 0 && live + bytes > limitBytes) refuse(bytes);
  };
  const charge = (made: unknown, bytes: number) => {
    if (!(bytes > 0) || typeof made !== 'object' || made === null) return;
    live += bytes;
    registry.register(made, bytes);
  };
  const install = vm.runInContext(
    `(function (check, charge) {
      const sized = ['ArrayBuffer', 'SharedArrayBuffer', 'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array'];
      for (const name of sized) {
        const Original = globalThis[name];
        if (typeof Original !== 'function') continue;
        const unit = Original.BYTES_PER_ELEMENT || 1;
        globalThis[name] = new Proxy(Original, {
          construct(target, args, newTarget) {
            const bytes = typeof args[0] === 'number' ? args[0] * unit : 0;
            check(bytes);
            const made = Reflect.construct(target, args, newTarget === globalThis[name] ? target : newTarget);
            charge(made, bytes);
            return made;
          },
        });
      }
    })`,
    context,
  ) as (check: (bytes: number) => void, charge: (made: unknown, bytes: number) => void) => void;
  install(check, charge);
  const allocating = ['alloc', 'allocUnsafe', 'allocUnsafeSlow'];
  const made = (result: Buffer) => {
    check(result.byteLength);
    charge(result, result.byteLength);
    return result;
  };
  // A Buffer of the run's own (node's is frozen and shared by every run): its allocating members are
  // counted, the rest are node's own hardened functions, and `instanceof Buffer` still holds.
  const guarded = function Buffer(this: unknown, ...args: unknown[]) {
    return made((NodeBuffer as unknown as (...a: unknown[]) => Buffer)(...args));
  } as unknown as typeof NodeBuffer;
  for (const name of Object.getOwnPropertyNames(NodeBuffer)) {
    if (name === 'prototype' || name === 'length' || name === 'name' || name === 'arguments' || name === 'caller') continue;
    const member = (NodeBuffer as unknown as Record<string, unknown>)[name];
    let value: unknown = member;
    if (typeof member === 'function' && (allocating.includes(name) || name === 'from' || name === 'concat' || name === 'copyBytesFrom' || name === 'of')) {
      value = (...args: unknown[]) => {
        if (allocating.includes(name) && typeof args[0] === 'number') check(args[0]);
        return made((member as (...a: unknown[]) => Buffer).apply(NodeBuffer, args));
      };
    }
    Object.defineProperty(guarded, name, { value, enumerable: Object.getOwnPropertyDescriptor(NodeBuffer, name)?.enumerable ?? false, writable: true, configurable: true });
  }
  Object.defineProperty(guarded, 'prototype', { value: NodeBuffer.prototype, writable: false });
  return { Buffer: guarded, check, left: () => Math.max(0, limitBytes - live) };
}

function mb(bytes: number): number {
  return Math.round(bytes / 1048576);
}
