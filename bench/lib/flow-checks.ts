import { apiExpect, bounded } from './api';

/** Issue 19's two-request flow, word for word: what the throughput figures are made of. */
export const FLOW_SCRIPT = `import { test, expect } from '@playwright/test';
test('item round trip', async ({ request }) => {
  const got = await request.get(\`\${process.env.API_BASE}/items/42\`);
  expect(got.status()).toBe(200);
  const posted = await request.post(\`\${process.env.API_BASE}/items\`, { data: { name: 'x' } });
  await expect(posted).toBeOK();
});
`;

/** The same flow as a new script version: a changed comment changes the content (and any cache key built from it). */
export function flowScriptVersion(label: string): string {
  return `// version ${label}\n${FLOW_SCRIPT}`;
}

/**
 * A feature @playwright/test has and an in-process, request-only runtime may well not: a file-level
 * test.use() setting a header on every request. The target answers 400 without the header, so a
 * runtime that silently ignored test.use() would fail the check instead of passing it.
 */
export const UNSUPPORTED_FEATURE_SCRIPT = `import { test, expect } from '@playwright/test';
test.use({ extraHTTPHeaders: { 'x-bench-path': 'full' } });
test('header from test.use', async ({ request }) => {
  const response = await request.get(\`\${process.env.API_BASE}/needs-header\`);
  expect(response.status()).toBe(200);
});
`;

export interface FaultyScript {
  key: string;
  /** What the issue expects of it. */
  expected: string;
  script: string;
}

/** Scripts that must fail alone without hurting the checks around them (issue 19, "runs must not hurt each other"). */
export const FAULTY_SCRIPTS: FaultyScript[] = [
  {
    key: 'hung (while(true){})',
    expected: 'TIMEOUT',
    script: `import { test } from '@playwright/test';
test('hangs the event loop', async () => {
  while (true) {}
});
`,
  },
  {
    key: '1 GB Buffer.alloc',
    expected: 'memory limit',
    script: `import { test, expect } from '@playwright/test';
test('allocates 1 GB at once', async () => {
  const big = Buffer.alloc(1024 ** 3, 1);
  expect(big.length).toBe(1024 ** 3);
});
`,
  },
  {
    key: '1 GB of JS arrays (heap)',
    expected: 'memory limit',
    script: `import { test, expect } from '@playwright/test';
test('grows the heap to 1 GB', async () => {
  const kept = [];
  for (let i = 0; i < 1024; i++) kept.push(new Array(128 * 1024).fill(i));
  expect(kept.length).toBe(1024);
});
`,
  },
  {
    key: 'process.exit(1)',
    expected: 'script error',
    script: `import { test } from '@playwright/test';
test('exits the process', async () => {
  process.exit(1);
});
`,
  },
];

export interface MultiStepCheckSpec {
  name: string;
  script: string;
  apiBase: string;
  activated?: boolean;
}

/** POST /v1/checks/multistep at frequency 1 with API_BASE as a check variable; answers the new id. */
export async function createMultiStepCheck(baseUrl: string, spec: MultiStepCheckSpec): Promise<string> {
  const created = await apiExpect(
    baseUrl,
    'POST',
    '/v1/checks/multistep',
    { name: spec.name, frequency: 1, activated: spec.activated ?? true, script: spec.script, environmentVariables: [{ key: 'API_BASE', value: spec.apiBase }] },
    201,
  );
  return String(created.id);
}

/**
 * N flow checks, 16 requests in flight. No frequencyOffset: at frequency 1 it may only be 1..10 s,
 * so, as for icmp-10k, the check id's hash spreads them over the minute.
 */
export async function createFlowChecks(baseUrl: string, count: number, apiBase: string, namePrefix: string): Promise<{ ids: string[]; seconds: number }> {
  const ids: string[] = new Array(count);
  const started = Date.now();
  await bounded(count, 16, async (i) => {
    ids[i] = await createMultiStepCheck(baseUrl, { name: `${namePrefix} ${i}`, script: FLOW_SCRIPT, apiBase });
  });
  return { ids, seconds: (Date.now() - started) / 1000 };
}
