import { SslCheckResult, SslResultPayload } from '../schemas/result-payloads';
import { SslMonitorCreate, SslMonitorRead, SslMonitorUpdate, SslRunInput } from '../schemas/ssl-monitor';
import { defineCheckType } from './define';

/** Time beyond the handshake limit a run may take: the DNS lookup and the assertions. */
const SSL_RUN_ALLOWANCE_MS = 5_000;

export const SSL_CHECK_TYPE = defineCheckType({
  checkType: 'SSL',
  name: 'SSL',
  noun: 'monitor',
  article: 'an',
  segment: 'ssl',
  procedure: 'Ssl',
  create: SslMonitorCreate,
  update: SslMonitorUpdate,
  read: SslMonitorRead,
  mergedObjects: ['request'],
  run: {
    input: SslRunInput,
    // The handshake ends at handshakeTimeoutMs; the run's hard limit leaves room for the lookup around it.
    timeoutMs: (check) => check.request.sslConfig.handshakeTimeoutMs + SSL_RUN_ALLOWANCE_MS,
    takesVariables: false,
    // An SSL run is one handshake: it waits on the network and costs almost no CPU.
    lane: { defaultCapacity: () => 64, defaultsText: '64' },
  },
  result: {
    key: 'sslCheckResult',
    schema: SslCheckResult,
    api: SslResultPayload,
    // The whole handshake is kept (a few hundred bytes plus the chain): it is the evidence of an expiry or a trust failure.
    detailKey: 'ssl',
    toDetail: (payload) => payload,
    fromDetail: (stored, { assertions, requestError }) => {
      const parsed = SslCheckResult.safeParse(stored);
      return parsed.success ? { ...parsed.data, assertions: assertions as Record<string, unknown>[], requestError } : null;
    },
  },
});
