import { SslCheckResult, SslResultPayload } from '../schemas/result-payloads';
import { SslMonitorCreate, SslMonitorRead, SslMonitorUpdate, SslRunInput } from '../schemas/ssl-monitor';
import { defineCheckType, type EvidenceLine } from './define';
import { daysLeftText, evidenceLines, failingAssertionEvidence } from './evidence';

/** Time beyond the handshake limit a run may take: the DNS lookup and the assertions. */
const SSL_RUN_ALLOWANCE_MS = 5_000;

/** The failing assertion, "valid.example, issued by Sightline Test CA: 5 days left (expires 2026-12-03)" and, when not trusted, why. */
function sslEvidence(payload: SslResultPayload): EvidenceLine[] {
  const response = payload.response;
  const leaf = response?.certificate;
  return evidenceLines(
    failingAssertionEvidence(payload.assertions),
    leaf ? { label: 'Certificate', value: `${leaf.subject}, issued by ${leaf.issuer}: ${daysLeftText(leaf.daysUntilExpiry, leaf.validTo)}` } : null,
    response && !response.chainTrusted ? { label: 'Chain', value: `not trusted: ${response.chainTrustDetail ?? response.chainTrustReason ?? 'unknown reason'}` } : null,
  );
}

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
    // A new monitor answers as it is saved: a handshake costs milliseconds (docs/DECISIONS.md, "a new API, URL or SSL check runs at once").
    firstRunAtCreate: true,
    sendNow: true,
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
    evidence: sslEvidence,
  },
});
