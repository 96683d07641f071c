/**
 * Starting points for a new multi-step check that need no Playwright knowledge: the console's form
 * offers them, and a test runs each one for real against a local API. A template's variables are
 * added to the check with empty values the operator fills in (none points at anyone's host).
 */

export type MultiStepTemplateId = 'blank' | 'one-request' | 'login-then-call';

export interface MultiStepTemplateVariable {
  key: string;
  secret: boolean;
  /** What to fill in, shown as the field's placeholder. */
  hint: string;
}

export interface MultiStepTemplate {
  id: MultiStepTemplateId;
  label: string;
  description: string;
  script: string;
  variables: readonly MultiStepTemplateVariable[];
}

const API_BASE: MultiStepTemplateVariable = { key: 'API_BASE', secret: false, hint: 'e.g. https://api.internal.example' };

/** Calls nothing: a check saved unedited must not send requests to someone else's host (docs/DECISIONS.md). */
const BLANK_SCRIPT = `import { test, expect } from '@playwright/test';

// Each test() is one step of the check; replace this one with yours.
test('first step', async ({ request }) => {
  // const response = await request.get('https://your-service.internal/health');
  // expect(response.ok()).toBeTruthy();
  expect(request).toBeDefined();
});
`;

const ONE_REQUEST_SCRIPT = `import { test, expect } from '@playwright/test';

// Fill in API_BASE under Environment variables; change the path and the limits to yours.
const path = '/health';
const expectedStatus = 200;
const answerWithinMs = 1000;

test('one request answers in time', async ({ request }) => {
  const started = Date.now();
  const response = await request.get(process.env.API_BASE + path);
  const tookMs = Date.now() - started;
  expect(response.status(), 'GET ' + path + ' answers ' + expectedStatus).toBe(expectedStatus);
  expect(tookMs, 'GET ' + path + ' answers within ' + answerWithinMs + ' ms').toBeLessThan(answerWithinMs);
});
`;

const LOGIN_THEN_CALL_SCRIPT = `import { test, expect } from '@playwright/test';

// Fill in API_BASE, API_USER and API_PASSWORD (kept secret) under Environment variables;
// change the paths and the token's field to your API's.
const loginPath = '/login';
const callPath = '/me';

test('log in, then call', async ({ request }) => {
  let token = '';

  await test.step('log in', async () => {
    const login = await request.post(process.env.API_BASE + loginPath, {
      data: { username: process.env.API_USER, password: process.env.API_PASSWORD },
    });
    expect(login.status(), 'POST ' + loginPath + ' answers 200').toBe(200);
    token = (await login.json()).token;
    expect(token, 'the login answers a token').toBeTruthy();
  });

  await test.step('call with the token', async () => {
    const response = await request.get(process.env.API_BASE + callPath, {
      headers: { Authorization: 'Bearer ' + token },
    });
    expect(response.status(), 'GET ' + callPath + ' answers 200').toBe(200);
  });
});
`;

export const MULTI_STEP_TEMPLATES: readonly MultiStepTemplate[] = [
  { id: 'blank', label: 'Blank', description: 'One step that passes, to replace with your own.', script: BLANK_SCRIPT, variables: [] },
  {
    id: 'one-request',
    label: 'One request',
    description: 'GET one URL; fails unless it answers 200 within 1000 ms.',
    script: ONE_REQUEST_SCRIPT,
    variables: [API_BASE],
  },
  {
    id: 'login-then-call',
    label: 'Log in, then call',
    description: 'POST a user name and a secret password, then call an endpoint with the token it answers (Authorization: Bearer).',
    script: LOGIN_THEN_CALL_SCRIPT,
    variables: [API_BASE, { key: 'API_USER', secret: false, hint: 'the user the check logs in as' }, { key: 'API_PASSWORD', secret: true, hint: "that user's password" }],
  },
];

export function multiStepTemplate(id: MultiStepTemplateId): MultiStepTemplate {
  const found = MULTI_STEP_TEMPLATES.find((template) => template.id === id);
  if (!found) throw new Error(`no multi-step template "${id}"`);
  return found;
}
