import { X509Certificate } from 'node:crypto';
import { checkServerIdentity, connect, type DetailedPeerCertificate, type TLSSocket } from 'node:tls';
import { describeRequestError, type RequestError } from './http-request';

/**
 * A TLS handshake as an SSL monitor makes it: the chain the server sent, each certificate's
 * validity, whether the system's CAs trust it for the name asked and, when not, why (expired, self
 * signed, unknown issuer, wrong name), the protocol and cipher agreed, and how long it took. The
 * handshake is always completed, trusted or not, so an untrusted chain is still described.
 */
export interface ChainCertificate {
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  daysLeft: number;
  serialNumber: string;
  fingerprint256: string;
  subjectAltNames: string[];
  selfSigned: boolean;
  /** The public key's size in bits and algorithm (RSA, ECDSA, Ed25519…), and whether it is a CA certificate. */
  keyBits: number | null;
  keyAlgorithm: string | null;
  isCA: boolean;
}

export interface TlsInspection {
  chain: ChainCertificate[];
  trusted: boolean;
  /** Why the chain is not trusted for `serverName` (null when it is). */
  untrustedReason: string | null;
  /** The reason's code (`CERT_HAS_EXPIRED`, `DEPTH_ZERO_SELF_SIGNED_CERT`, `HOSTNAME_MISMATCH`…), null when trusted. */
  untrustedCode: string | null;
  /** Whether the leaf certificate is for `serverName`, whatever its chain (false without a certificate). */
  nameMatches: boolean;
  /** The address connected to. */
  resolvedIp: string | null;
  protocol: string | null;
  cipher: string | null;
  connectMs: number;
  handshakeMs: number;
  error: RequestError | null;
}

export interface TlsInspectSpec {
  hostname: string;
  port: number;
  /** SNI and the name the certificate must carry (defaults to hostname). */
  serverName?: string | null;
  timeoutMs: number;
  signal?: AbortSignal;
  /** The time days are counted from (the run's start). */
  now?: Date;
  /** CA certificates (PEM) trusted instead of the system's: a private CA. */
  ca?: string[];
  /** 4 or 6: the address family to connect over (default: whatever the name resolves to first). */
  family?: 4 | 6;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function nameOf(name: Record<string, string | string[] | undefined> | undefined): string {
  if (!name) return '';
  const cn = name.CN;
  if (cn !== undefined) return Array.isArray(cn) ? cn.join(', ') : cn;
  return Object.values(name).flat().filter(Boolean).join(', ');
}

function chainOf(leaf: DetailedPeerCertificate, now: number): ChainCertificate[] {
  const chain: ChainCertificate[] = [];
  const seen = new Set<string>();
  let cert: DetailedPeerCertificate | undefined = leaf;
  while (cert && cert.valid_to && !seen.has(cert.fingerprint256) && chain.length < 10) {
    seen.add(cert.fingerprint256);
    const validTo = new Date(cert.valid_to);
    chain.push({
      subject: nameOf(cert.subject),
      issuer: nameOf(cert.issuer),
      validFrom: new Date(cert.valid_from).toISOString(),
      validTo: validTo.toISOString(),
      daysLeft: Math.floor((validTo.getTime() - now) / DAY_MS),
      serialNumber: cert.serialNumber,
      fingerprint256: cert.fingerprint256,
      subjectAltNames: (cert.subjectaltname ?? '')
        .split(',')
        .map((n) => n.trim().replace(/^(DNS|IP Address):/, ''))
        .filter(Boolean),
      selfSigned: cert.issuerCertificate === cert || cert.issuerCertificate?.fingerprint256 === cert.fingerprint256,
      ...keyOf(cert),
    });
    cert = cert.issuerCertificate;
  }
  return chain;
}

function keyOf(cert: DetailedPeerCertificate): { keyBits: number | null; keyAlgorithm: string | null; isCA: boolean } {
  let keyAlgorithm: string | null;
  try {
    const type = new X509Certificate(cert.raw).publicKey.asymmetricKeyType;
    keyAlgorithm = type === 'rsa' || type === 'rsa-pss' ? 'RSA' : type === 'ec' ? 'ECDSA' : type === 'ed25519' ? 'Ed25519' : type === 'dsa' ? 'DSA' : (type ?? null);
  } catch {
    keyAlgorithm = null;
  }
  return { keyBits: typeof cert.bits === 'number' ? cert.bits : null, keyAlgorithm, isCA: cert.ca === true };
}

const REASONS: Record<string, string> = {
  CERT_HAS_EXPIRED: 'the certificate has expired',
  CERT_NOT_YET_VALID: 'the certificate is not valid yet',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'the chain ends in a self-signed certificate no CA here trusts',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "the issuer's certificate is unknown here (a missing intermediate or a private CA)",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the leaf certificate's issuer cannot be verified (a missing intermediate?)",
  CERT_REVOKED: 'the certificate has been revoked',
};

export function inspectTls(spec: TlsInspectSpec): Promise<TlsInspection> {
  const serverName = spec.serverName || spec.hostname;
  const started = performance.now();
  const now = (spec.now ?? new Date()).getTime();
  return new Promise<TlsInspection>((resolve) => {
    let connectMs = 0;
    let settled = false;
    const socket: TLSSocket = connect({ host: spec.hostname, port: spec.port, servername: /^[\d.]+$|:/.test(serverName) ? undefined : serverName, rejectUnauthorized: false, ...(spec.ca ? { ca: spec.ca } : {}), ...(spec.family ? { family: spec.family } : {}) });
    const finish = (result: Omit<TlsInspection, 'connectMs' | 'handshakeMs'> & { handshakeMs?: number }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      resolve({ connectMs: Math.round(connectMs * 1000) / 1000, handshakeMs: Math.round((result.handshakeMs ?? performance.now() - started) * 1000) / 1000, ...result });
    };
    const failed = (error: RequestError) => finish({ chain: [], trusted: false, untrustedReason: null, untrustedCode: null, nameMatches: false, resolvedIp: socket.remoteAddress ?? null, protocol: null, cipher: null, error });
    const timer = setTimeout(
      () => failed({ kind: 'TIMEOUT', message: `the TLS handshake did not finish within ${spec.timeoutMs} ms${connectMs ? '' : ' (no TCP connection)'}`, own: false }),
      spec.timeoutMs,
    );
    const onAbort = () => failed({ kind: 'TIMEOUT', message: 'the run was stopped', own: false });
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => {
      connectMs = performance.now() - started;
    });
    socket.once('secureConnect', () => {
      const handshakeMs = performance.now() - started;
      const leaf = socket.getPeerCertificate(true);
      const chain = leaf && leaf.valid_to ? chainOf(leaf, now) : [];
      let reason: string | null = null;
      let reasonCode: string | null = null;
      if (!socket.authorized) {
        const code = String(socket.authorizationError ?? 'not trusted');
        reasonCode = code === 'ERR_TLS_CERT_ALTNAME_INVALID' ? 'HOSTNAME_MISMATCH' : code;
        if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') reason = `the certificate is not for ${serverName}: it names ${chain[0]?.subjectAltNames.join(', ') || chain[0]?.subject || 'nothing'} (${code})`;
        else reason = REASONS[code] ? `${REASONS[code]} (${code})` : code;
      } else if (leaf && leaf.valid_to) {
        const identity = checkServerIdentity(serverName, leaf);
        if (identity) {
          reason = `the certificate is not for ${serverName}: ${identity.message}`;
          reasonCode = 'HOSTNAME_MISMATCH';
        }
      }
      finish({
        chain,
        trusted: reason === null,
        untrustedReason: reason,
        untrustedCode: reasonCode,
        nameMatches: Boolean(leaf && leaf.valid_to) && checkServerIdentity(serverName, leaf) === undefined,
        resolvedIp: socket.remoteAddress ?? null,
        protocol: socket.getProtocol(),
        cipher: socket.getCipher()?.name ?? null,
        handshakeMs,
        error: null,
      });
    });
    socket.once('error', (error) => failed(describeRequestError(error, connectMs ? 'the TLS handshake' : 'the connection')));
  });
}
