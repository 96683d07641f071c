import { expect } from 'vitest';

/** What every REST 404 answers (spec: error bodies). */
export const NOT_FOUND = { statusCode: 404, error: 'Not Found', message: 'Not Found' };

/** Defaults of the members every monitor type shares (spec 2.1). */
export const COMMON_DEFAULTS = {
  activated: true,
  muted: false,
  doubleCheck: true,
  shouldFail: false,
  locations: [],
  privateLocations: [],
  tags: [],
  alertSettings: {
    escalationType: 'RUN_BASED',
    runBasedEscalation: { failedRunThreshold: 1 },
    reminders: { amount: 0, interval: 5 },
    parallelRunFailureThreshold: { enabled: false, percentage: 10 },
  },
  useGlobalAlertSettings: true,
  groupId: null,
  groupOrder: null,
  runtimeId: null,
  alertChannelSubscriptions: [],
  dependsOn: [],
  retryStrategy: null,
  triggerIncident: null,
  runParallel: false,
  description: null,
  intent: null,
  aiAutoRepairEnabled: null,
  frequency: 10,
  // Never null (public schema: integer ≥ 1): without a stored one, a legal offset derived from the check's id.
  frequencyOffset: expect.any(Number),
  environmentVariables: [],
  setupSnippetId: null,
  tearDownSnippetId: null,
  localSetupScript: null,
  localTearDownScript: null,
};

/** The read-only members of a returned monitor with no channels (spec 2.1). */
export const READ_ONLY = {
  alertChannels: { email: [], webhook: [], slack: [], sms: [] },
  project: null,
  logicalId: null,
  member: null,
  pending: null,
  projectBindings: { owner: null, references: [] },
};
