import { inspectTls, type ChainCertificate, type TlsInspection } from '../http/tls-inspect';
import { readJsonPath } from '../json-path';
import type { AssertionOutcome, ExecutionError, ExecutionJob, ExecutionResult, ExecutorDeps } from '../types';
import type { SslChainCertificate, SslCheckResult } from '../../../src-shared/schemas/result-payloads';
import { compare, evaluateAssertion, settle } from '../verdict';

type SslJob = Extract<ExecutionJob, { checkType: 'SSL' }>;
type SslAssertion = SslJob['check']['request']['assertions'][number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** "TLSv1.3" (node) → "TLS1.3" (the public CLI's TlsVersion). */
function tlsVersionOf(protocol: string | null): string | null {
  return protocol ? protocol.replace(/^TLSv/, 'TLS') : null;
}

function chainEntry(cert: ChainCertificate, now: number): SslChainCertificate {
  const validity = Date.parse(cert.validTo) < now ? 'expired' : Date.parse(cert.validFrom) > now ? 'not yet valid' : 'valid';
  return {
    subject: cert.subject,
    issuer: cert.issuer,
    validFrom: cert.validFrom,
    validTo: cert.validTo,
    daysUntilExpiry: cert.daysLeft,
    validity,
    serialNumber: cert.serialNumber,
    fingerprintSha256: cert.fingerprint256,
    sans: cert.subjectAltNames,
    selfSigned: cert.selfSigned,
  };
}

/** The payload of a handshake that completed: the chain, leaf first, and what the connection agreed. */
function responseOf(tls: TlsInspection, now: number): NonNullable<SslCheckResult['response']> {
  const chain = tls.chain.map((cert) => chainEntry(cert, now));
  const leaf = tls.chain[0];
  const hostnameVerified = tls.nameMatches;
  return {
    resolvedIp: tls.resolvedIp,
    protocol: tlsVersionOf(tls.protocol),
    cipherSuite: tls.cipher,
    handshakeTimeMs: tls.handshakeMs,
    hostnameVerified,
    chainTrusted: tls.trusted,
    daysUntilExpiry: leaf ? leaf.daysLeft : null,
    chainTrustReason: tls.untrustedCode,
    chainTrustDetail: tls.untrustedReason,
    certificate: leaf && chain[0] ? { ...chain[0], keySizeBits: leaf.keyBits, keyAlgorithm: leaf.keyAlgorithm, isCA: leaf.isCA } : null,
    chain,
  };
}

/** The value a CERTIFICATE or CONNECTION property names (undefined: Sightline does not read it). */
function propertyValue(assertion: SslAssertion, response: NonNullable<SslCheckResult['response']>, tls: TlsInspection): unknown {
  const leaf = response.certificate;
  if (assertion.source === 'CERTIFICATE') {
    switch (assertion.property) {
      case 'daysUntilExpiry':
        return leaf?.daysUntilExpiry;
      case 'keySizeBits':
        return leaf?.keySizeBits;
      case 'subjectCN':
        return leaf?.subject;
      case 'issuerCN':
        return leaf?.issuer;
      case 'serialNumber':
        return leaf?.serialNumber;
      case 'fingerprintSha256':
        return leaf?.fingerprintSha256;
      case 'issuerFingerprintSha256':
        return tls.chain[1]?.fingerprint256 ?? (leaf?.selfSigned ? leaf.fingerprintSha256 : undefined);
      case 'keyAlgorithm':
        return leaf?.keyAlgorithm;
      case 'sans':
        return leaf?.sans;
      case 'selfSigned':
        return leaf?.selfSigned;
      case 'isCA':
        return leaf?.isCA;
      default:
        return undefined;
    }
  }
  switch (assertion.property) {
    case 'tlsVersion':
      return response.protocol;
    case 'cipherSuite':
      return response.cipherSuite;
    case 'hostnameVerified':
      return response.hostnameVerified;
    case 'chainTrusted':
      return response.chainTrusted;
    case 'resolvedIp':
      return response.resolvedIp;
    default:
      return undefined;
  }
}

const versionNumber = (value: unknown) => (typeof value === 'string' ? /^TLS\s*v?(\d+(?:\.\d+)?)$/i.exec(value.trim())?.[1] : undefined);

function evaluate(assertion: SslAssertion, response: NonNullable<SslCheckResult['response']>, tls: TlsInspection): AssertionOutcome {
  switch (assertion.source) {
    case 'RESPONSE_TIME':
      return evaluateAssertion(assertion, response.handshakeTimeMs);
    case 'JSON_RESPONSE':
      return evaluateAssertion(assertion, readJsonPath(response, assertion.property));
    case 'TEXT_RESPONSE':
      return evaluateAssertion({ ...assertion, regex: assertion.regex || assertion.property || null }, JSON.stringify(response));
    default: {
      const value = propertyValue(assertion, response, tls);
      if (value === undefined) {
        return { ...evaluateAssertion(assertion, null), passed: false, error: `Sightline does not read the certificate's ${assertion.property}` };
      }
      // A SAN list holds the name or not; TLS versions compare as numbers (TLS1.3 is greater than TLS1.2).
      if (Array.isArray(value)) {
        const has = value.includes(assertion.target);
        return { ...evaluateAssertion(assertion, value.join(', ')), passed: assertion.comparison === 'CONTAINS' ? has : !has };
      }
      if (assertion.property === 'tlsVersion' && (assertion.comparison === 'GREATER_THAN' || assertion.comparison === 'LESS_THAN')) {
        const [a, t] = [versionNumber(value), versionNumber(assertion.target)];
        const outcome = evaluateAssertion(assertion, value);
        if (a === undefined || t === undefined) return { ...outcome, passed: false, error: `${assertion.comparison} compares TLS versions such as TLS1.2: got "${String(value)}" and "${assertion.target}"` };
        return { ...outcome, passed: compare(Number(a), assertion.comparison, t).passed };
      }
      return evaluateAssertion(assertion, value);
    }
  }
}

/**
 * An SSL monitor's run: one TLS handshake with sslConfig.hostname:port, the chain described
 * whether or not it is trusted, then the verdict. A chain that is not trusted fails (unless
 * skipChainValidation), as does a leaf expiring within alertDaysBeforeExpiry; a handshake that
 * does not finish ends at handshakeTimeoutMs. Only running out of sockets here is Sightline's own error.
 */
export async function runSsl(job: SslJob, deps: ExecutorDeps): Promise<ExecutionResult> {
  const startedAt = deps.now();
  const now = startedAt.getTime();
  const { check } = job;
  const config = check.request.sslConfig;
  const serverName = config.serverName || config.hostname;
  const request: SslCheckResult['request'] = {
    hostname: config.hostname,
    port: config.port,
    serverName,
    ipFamily: config.ipFamily ?? 'IPv4',
    skipChainValidation: config.skipChainValidation ?? false,
    alertDaysBeforeExpiry: config.alertDaysBeforeExpiry,
  };
  const tls = await inspectTls({
    hostname: config.hostname,
    port: config.port,
    serverName,
    timeoutMs: config.handshakeTimeoutMs,
    signal: job.signal,
    now: startedAt,
    family: request.ipFamily === 'IPv6' ? 6 : 4,
  });
  const payload = (response: SslCheckResult['response'], failureCategory: string | null): SslCheckResult => ({
    tlsVersion: response?.protocol ?? null,
    cipherSuite: response?.cipherSuite ?? null,
    daysUntilExpiry: response?.daysUntilExpiry ?? null,
    handshakeTimeMs: tls.handshakeMs,
    chainTrusted: response?.chainTrusted ?? false,
    hostnameVerified: response?.hostnameVerified ?? false,
    failureCategory,
    request,
    response,
  });

  if (tls.error) {
    if (job.signal?.aborted) return { ...settle({ startedAt, stoppedAt: deps.now(), responseTime: tls.handshakeMs, limits: check, fault: null, assertions: [], aborted: true }), sslCheckResult: payload(null, null) };
    const own = tls.error.own;
    const timeout = tls.error.kind === 'TIMEOUT';
    const fault: ExecutionError = { kind: timeout ? 'TIMEOUT' : 'NETWORK_ERROR', message: `${config.hostname}:${config.port}: ${tls.error.message}` };
    const verdict = settle({ startedAt, stoppedAt: deps.now(), responseTime: tls.handshakeMs, limits: check, fault, assertions: [], hasErrors: own });
    return { ...verdict, sslCheckResult: payload(null, own ? null : timeout ? 'HANDSHAKE_TIMEOUT' : 'CONNECTION') };
  }

  const response = responseOf(tls, now);
  const assertions = check.request.assertions.map((assertion) => evaluate(assertion, response, tls));
  const leaf = response.certificate;
  let fault: ExecutionError | null = null;
  let category: string | null = null;
  if (!leaf) {
    fault = { kind: 'NETWORK_ERROR', message: `${config.hostname}:${config.port} sent no certificate` };
    category = 'NO_CERTIFICATE';
  } else if (!tls.trusted && !request.skipChainValidation) {
    fault = { kind: 'ASSERTION_FAILED', message: `the certificate chain of ${serverName} is not trusted: ${tls.untrustedReason}` };
    category = tls.untrustedCode === 'HOSTNAME_MISMATCH' ? 'HOSTNAME_MISMATCH' : 'UNTRUSTED';
  } else if (!response.hostnameVerified) {
    // skipChainValidation accepts a chain no CA here vouches for, not a certificate for another name.
    fault = { kind: 'ASSERTION_FAILED', message: `the certificate is not for ${serverName}: it names ${leaf.sans.join(', ') || leaf.subject}` };
    category = 'HOSTNAME_MISMATCH';
  } else if (leaf.validity === 'expired') {
    fault = { kind: 'ASSERTION_FAILED', message: `the certificate of ${serverName} expired on ${leaf.validTo.slice(0, 10)} (${-leaf.daysUntilExpiry} days ago)` };
    category = 'EXPIRED';
  } else if (Date.parse(leaf.validTo) - now < request.alertDaysBeforeExpiry * DAY_MS) {
    fault = {
      kind: 'ASSERTION_FAILED',
      message: `the certificate of ${serverName} expires in ${leaf.daysUntilExpiry} days (on ${leaf.validTo.slice(0, 10)}), within alertDaysBeforeExpiry ${request.alertDaysBeforeExpiry}`,
    };
    category = 'EXPIRING';
  }
  const verdict = settle({ startedAt, stoppedAt: deps.now(), responseTime: tls.handshakeMs, limits: check, fault, assertions });
  if (verdict.hasFailures && category === null) category = assertions.some((a) => !a.passed) ? 'ASSERTION' : 'RESPONSE_TIME';
  return { ...verdict, sslCheckResult: payload(response, verdict.hasFailures ? category : null) };
}
