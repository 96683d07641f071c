import vm from 'node:vm';

/**
 * A run's own limit on buffer memory, which a worker thread's heap limit does not cover (an
 * ArrayBuffer lives outside the V8 heap). Buffers and typed arrays the script makes are counted
 * while they live; one that would take the run past its limit is refused with the RangeError node
 * itself throws when memory runs out, so the run fails with a memory-limit error and nothing else does.
 */
export function guardBuffers(context: vm.Context, limitBytes: number): typeof Buffer {
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
  const allocating = new Set(['alloc', 'allocUnsafe', 'allocUnsafeSlow']);
  return new Proxy(Buffer, {
    get(target, name, receiver) {
      const member = Reflect.get(target, name, receiver) as unknown;
      if (typeof name !== 'string' || typeof member !== 'function' || !(allocating.has(name) || name === 'from' || name === 'concat')) return member;
      return (...args: unknown[]) => {
        if (allocating.has(name) && typeof args[0] === 'number') check(args[0]);
        const made = (member as (...a: unknown[]) => Buffer).apply(target, args);
        check(made.byteLength);
        charge(made, made.byteLength);
        return made;
      };
    },
  });
}

function mb(bytes: number): number {
  return Math.round(bytes / 1048576);
}
