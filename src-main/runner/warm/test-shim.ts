import { AsyncLocalStorage } from 'node:async_hooks';
import type { PwError, PwReport, PwRequest, PwResult, PwStep, PwSuite } from '../report-shape';
import { MULTI_STEP_REQUESTS_PER_TEST } from '../../../src-shared/schemas/result-payloads';

/**
 * The part of @playwright/test's `test` API that API checks use, run in-process: tests, describe
 * blocks, hooks, steps, skip/fixme/slow/setTimeout/only. Anything else throws Unsupported before a
 * test body starts, and the run goes to the full `playwright test` path instead. What it produces is
 * the JSON reporter's shape, so both paths are summarised by the same code.
 */

export class Unsupported extends Error {
  constructor(readonly feature: string) {
    super(`${feature} is not supported by the warm runtime`);
    this.name = 'Unsupported';
  }
}

/** One console write of a run, at most. */
const MAX_WRITE_CHARS = 8192;

/** Thrown inside a test by test.skip() / test.fixme(): ends it as skipped. */
class SkipSignal extends Error {}

/** The classes whose instances a script can catch: the runtime hardens them, so no run changes what `instanceof` answers for another. */
export const SHIM_ERROR_CLASSES: readonly (new (...args: never[]) => Error)[] = [Unsupported, SkipSignal];

type Fn = (...args: never[]) => unknown;
type HookFn = (fixtures: Record<string, unknown>, info: unknown) => unknown;

interface TestEntry {
  kind: 'test';
  title: string;
  fn: HookFn;
  skip: boolean;
  only: boolean;
  timeoutMs: number | null;
}

interface SuiteEntry {
  kind: 'suite';
  title: string;
  entries: (TestEntry | SuiteEntry)[];
  beforeAll: HookFn[];
  afterAll: HookFn[];
  beforeEach: HookFn[];
  afterEach: HookFn[];
  skip: boolean;
  only: boolean;
  timeoutMs: number | null;
}

const testInProgress = new AsyncLocalStorage<Current>();

function suite(title: string): SuiteEntry {
  return { kind: 'suite', title, entries: [], beforeAll: [], afterAll: [], beforeEach: [], afterEach: [], skip: false, only: false, timeoutMs: null };
}

/** Where the run is: collecting tests, or inside one (with its steps). */
interface Current {
  shim: TestShim;
  test: { timeoutMs: number; skipped: boolean; setTimeout: (ms: number) => void };
  steps: PwStep[];
  requests: PwRequest[];
  out: { text: string }[];
  err: { text: string }[];
}

export interface ShimHost {
  /** The request fixture: an APIRequestContext made when first used, disposed by endTest. */
  requestFixture(): unknown;
  /** playwright.request.newContext(): a context of the run's own, disposed by endTest too. */
  newRequestContext(options?: unknown): Promise<unknown>;
  /** Disposes what newRequestContext made for the test that just ended. */
  endTest(): Promise<void>;
  /** Milliseconds per test (the check's time limit, or its playwrightConfig's timeout when shorter; 0 is none). */
  defaultTimeoutMs: number;
  /** The `baseURL` fixture: the check's playwrightConfig use.baseURL. */
  baseURL?: string;
  /** Turns a thrown value into the report's error (message, location, snippet). */
  toError(error: unknown): PwError;
  now(): number;
}

function lastFn(args: unknown[]): HookFn {
  const fn = args[args.length - 1];
  if (typeof fn !== 'function') throw new TypeError('expected a function as the last argument');
  return fn as HookFn;
}

function titleOf(args: unknown[]): string {
  return typeof args[0] === 'string' ? args[0] : '';
}

const unsupportedFixture = (name: string) => {
  throw new Unsupported(`the "${name}" fixture`);
};

/** One run's test API and its runner. */
export class TestShim {
  readonly root = suite('');
  private collecting: SuiteEntry = this.root;
  private readonly current = {
    // One storage for every run of the thread: each new AsyncLocalStorage stays in node's list and slows every later promise.
    getStore: (): Current | undefined => {
      const store = testInProgress.getStore();
      return store?.shim === this ? store : undefined;
    },
    run: <R>(store: Current, body: () => R): R => testInProgress.run(store, body),
  };
  /** Output written outside any test: it goes with the first test's result. */
  private readonly pendingOut: { text: string }[] = [];
  private readonly pendingErr: { text: string }[] = [];

  constructor(private readonly host: ShimHost) {}

  /** An API call of the test in progress (calls outside a test, in hooks of all tests, are not listed). */
  noteRequest(request: PwRequest): void {
    const here = this.current.getStore();
    if (here && here.requests.length < MULTI_STEP_REQUESTS_PER_TEST) here.requests.push(request);
  }

  /** Console output of the run, attributed to the test it came from. */
  write(stream: 'stdout' | 'stderr', text: string): void {
    const here = this.current.getStore();
    const target = here ? (stream === 'stdout' ? here.out : here.err) : stream === 'stdout' ? this.pendingOut : this.pendingErr;
    // The report keeps 4,000 characters of output anyway: a longer write is cut here, so a result stays small on its way to the server.
    if (target.length < 500) target.push({ text: text.length > MAX_WRITE_CHARS ? `${text.slice(0, MAX_WRITE_CHARS)}… [cut]` : text });
  }

  /** The `test` object a script imports from '@playwright/test'. */
  testApi(): Fn {
    const register = (args: unknown[], options: { skip?: boolean; only?: boolean } = {}) => {
      if (this.current.getStore()) throw new Error('test() cannot be called inside a test');
      this.collecting.entries.push({ kind: 'test', title: titleOf(args), fn: lastFn(args), skip: !!options.skip, only: !!options.only, timeoutMs: null });
    };
    const describe = (args: unknown[], options: { skip?: boolean; only?: boolean } = {}) => {
      const child = suite(titleOf(args));
      child.skip = !!options.skip;
      child.only = !!options.only;
      const parent = this.collecting;
      parent.entries.push(child);
      this.collecting = child;
      try {
        (lastFn(args) as unknown as () => void)();
      } finally {
        this.collecting = parent;
      }
    };
    const skipLike = (name: string) => (...args: unknown[]) => {
      const here = this.current.getStore();
      // test.skip(title, fn): a skipped test.
      if (typeof args[0] === 'string' && typeof args[args.length - 1] === 'function') return register(args, { skip: true });
      if (typeof args[0] === 'function') throw new Unsupported(`test.${name}() with a fixture callback`);
      const condition = args.length === 0 || args[0] === true || (typeof args[0] !== 'boolean' && typeof args[0] !== 'undefined' ? true : !!args[0]);
      if (here) {
        if (condition) {
          here.test.skipped = true;
          throw new SkipSignal();
        }
        return undefined;
      }
      if (condition) this.collecting.skip = true;
      return undefined;
    };
    const hook = (list: keyof Pick<SuiteEntry, 'beforeAll' | 'afterAll' | 'beforeEach' | 'afterEach'>) => (...args: unknown[]) => {
      this.collecting[list].push(lastFn(args));
    };
    const test = Object.assign((...args: unknown[]) => register(args), {
      only: (...args: unknown[]) => register(args, { only: true }),
      skip: skipLike('skip'),
      fixme: skipLike('fixme'),
      describe: Object.assign((...args: unknown[]) => describe(args), {
        only: (...args: unknown[]) => describe(args, { only: true }),
        skip: (...args: unknown[]) => describe(args, { skip: true }),
        fixme: (...args: unknown[]) => describe(args, { skip: true }),
        // One worker, no retries: serial and parallel groups run alike here.
        serial: Object.assign((...args: unknown[]) => describe(args), { only: (...args: unknown[]) => describe(args, { only: true }), skip: (...args: unknown[]) => describe(args, { skip: true }) }),
        parallel: Object.assign((...args: unknown[]) => describe(args), { only: (...args: unknown[]) => describe(args, { only: true }), skip: (...args: unknown[]) => describe(args, { skip: true }) }),
        configure: () => {
          throw new Unsupported('test.describe.configure()');
        },
      }),
      beforeAll: hook('beforeAll'),
      afterAll: hook('afterAll'),
      beforeEach: hook('beforeEach'),
      afterEach: hook('afterEach'),
      step: (title: string, body: () => unknown) => this.step(title, body),
      slow: (...args: unknown[]) => {
        const here = this.current.getStore();
        if (args.length > 0 && !args[0]) return;
        if (here) here.test.setTimeout(here.test.timeoutMs * 3);
        else this.collecting.timeoutMs = (this.collecting.timeoutMs ?? this.host.defaultTimeoutMs) * 3;
      },
      setTimeout: (ms: number) => {
        const here = this.current.getStore();
        if (here) here.test.setTimeout(ms);
        else this.collecting.timeoutMs = ms;
      },
      fail: () => {
        throw new Unsupported('test.fail()');
      },
      use: () => {
        throw new Unsupported('test.use()');
      },
      extend: () => {
        throw new Unsupported('test.extend()');
      },
      info: () => {
        throw new Unsupported('test.info()');
      },
    });
    return test as unknown as Fn;
  }

  private async step<T>(title: string, body: () => T | Promise<T>): Promise<T> {
    const here = this.current.getStore();
    if (!here) throw new Error('test.step() can only be called from a test');
    const record: PwStep = { title, duration: 0, steps: [] };
    here.steps.push(record);
    const started = this.host.now();
    const inner: Current = { ...here, steps: record.steps ?? [] };
    try {
      return await this.current.run(inner, body);
    } catch (error) {
      if (!(error instanceof SkipSignal)) record.error = this.host.toError(error);
      throw error;
    } finally {
      record.duration = Math.round(this.host.now() - started);
      if (record.steps?.length === 0) delete record.steps;
    }
  }

  /** Runs every collected test in order, as one Playwright worker would, and returns the report. */
  async run(file: string): Promise<PwReport> {
    const started = this.host.now();
    const onlyMode = hasOnly(this.root);
    const fileSuite: PwSuite = { title: file, specs: [], suites: [] };
    await this.runSuite(this.root, fileSuite, [], [], onlyMode, false, null);
    return { suites: [fileSuite], errors: [], stats: { duration: Math.round(this.host.now() - started) } };
  }

  private async runSuite(
    node: SuiteEntry,
    out: PwSuite,
    beforeEach: HookFn[],
    afterEach: HookFn[],
    onlyMode: boolean,
    skipped: boolean,
    inheritedTimeout: number | null,
  ): Promise<void> {
    const skip = skipped || node.skip;
    const timeout = node.timeoutMs ?? inheritedTimeout;
    const selected = (entry: TestEntry | SuiteEntry) => !onlyMode || entry.only || (entry.kind === 'suite' && hasOnly(entry));
    const tests = node.entries.filter(selected);
    const runsAnything = !skip && tests.some((e) => (e.kind === 'test' ? !e.skip : true));
    let setupError: PwError | null = null;
    if (runsAnything) {
      for (const hook of node.beforeAll) {
        setupError = await this.runHook(hook);
        if (setupError) break;
      }
    }
    const each = [...beforeEach, ...node.beforeEach];
    const eachAfter = [...node.afterEach, ...afterEach];
    for (const entry of tests) {
      if (entry.kind === 'suite') {
        const child: PwSuite = { title: entry.title, specs: [], suites: [] };
        out.suites?.push(child);
        await this.runSuite(entry, child, each, eachAfter, onlyMode && !entry.only, skip, timeout);
        continue;
      }
      const result = await this.runTest(entry, each, eachAfter, skip || entry.skip, setupError, entry.timeoutMs ?? timeout ?? this.host.defaultTimeoutMs);
      out.specs?.push({ title: entry.title, tests: [{ results: [result] }] });
    }
    if (runsAnything) {
      for (const hook of node.afterAll) await this.runHook(hook);
    }
  }

  private async runHook(hook: HookFn): Promise<PwError | null> {
    try {
      await hook(this.workerFixtures(), undefined);
      return null;
    } catch (error) {
      return this.host.toError(error);
    }
  }

  private async runTest(entry: TestEntry, before: HookFn[], after: HookFn[], skipped: boolean, setupError: PwError | null, timeoutMs: number): Promise<PwResult> {
    const out = this.pendingOut.splice(0);
    const err = this.pendingErr.splice(0);
    const requests: PwRequest[] = [];
    const result: PwResult = { status: 'passed', duration: 0, errors: [], steps: [], requests, stdout: out, stderr: err };
    if (skipped) return { ...result, status: 'skipped' };
    if (setupError) return { ...result, status: 'failed', errors: [setupError] };
    const started = this.host.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let rearm: (ms: number) => void = () => {};
    const testState: Current['test'] = {
      timeoutMs,
      skipped: false,
      setTimeout: (ms) => {
        testState.timeoutMs = ms;
        rearm(ms);
      },
    };
    const here: Current = { shim: this, test: testState, steps: result.steps ?? [], requests, out, err };
    const timedOut = new Promise<'timeout'>((resolve) => {
      rearm = (ms) => {
        clearTimeout(timer);
        // 0 means no limit in Playwright; the runtime's hard deadline still holds.
        if (ms > 0) timer = setTimeout(() => resolve('timeout'), Math.max(0, started + ms - this.host.now()));
      };
      rearm(timeoutMs);
    });
    const body = async () => {
      const fixtures = this.testFixtures();
      for (const hook of before) await hook(fixtures, undefined);
      try {
        await entry.fn(fixtures, infoProxy());
      } finally {
        for (const hook of after) await hook(fixtures, undefined);
      }
    };
    try {
      const outcome = await Promise.race([this.current.run(here, body).then(() => 'done' as const), timedOut]);
      if (outcome === 'timeout') {
        result.status = 'timedOut';
        result.errors?.push({ message: `Test timeout of ${testState.timeoutMs}ms exceeded.` });
      }
    } catch (error) {
      if (error instanceof Unsupported) throw error;
      if (error instanceof SkipSignal || testState.skipped) result.status = 'skipped';
      else {
        result.status = 'failed';
        result.errors?.push(this.host.toError(error));
      }
    } finally {
      clearTimeout(timer);
      result.duration = Math.round(this.host.now() - started);
      await this.host.endTest();
    }
    return result;
  }

  /** What a test function receives: the request fixture, created when first used; any other fixture is unsupported. */
  private testFixtures(): Record<string, unknown> {
    let request: unknown = null;
    const known: Record<string, () => unknown> = {
      request: () => (request ??= this.host.requestFixture()),
      playwright: () => this.playwrightFixture(),
      baseURL: () => this.host.baseURL,
    };
    return new Proxy(
      {},
      {
        get: (_target, name) => {
          if (typeof name !== 'string') return undefined;
          const make = known[name];
          return make ? make() : unsupportedFixture(name);
        },
      },
    );
  }

  private workerFixtures(): Record<string, unknown> {
    return new Proxy({}, { get: (_target, name) => (name === 'playwright' ? this.playwrightFixture() : typeof name === 'string' ? unsupportedFixture(name) : undefined) });
  }

  private playwrightFixture(): unknown {
    return { request: { newContext: (options?: unknown) => this.host.newRequestContext(options) } };
  }
}

function hasOnly(node: SuiteEntry): boolean {
  return node.entries.some((e) => e.only || (e.kind === 'suite' && hasOnly(e)));
}

/** testInfo: unsupported whatever is read of it (a function that only takes it is fine). */
function infoProxy(): unknown {
  return new Proxy(
    {},
    {
      get: (_target, name) => {
        if (typeof name === 'symbol' || name === 'then') return undefined;
        throw new Unsupported(`testInfo.${name}`);
      },
    },
  );
}
