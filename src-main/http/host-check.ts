import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../../src-shared/errors';

export interface HostCheckOptions {
  /** The address the server listens on (--host). */
  listenHost: string;
  /** Further names clients use (--public-host). */
  publicHosts: readonly string[];
  /** The machine's addresses (tests pass their own). */
  interfaceAddresses?: () => string[];
}

const WILDCARD = new Set(['0.0.0.0', '::', '[::]', '::0']);

/** "Name:port", "[v6]:port", "name." → the bare host in lower case; null when there is nothing to compare. */
export function hostOf(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim().toLowerCase();
  let host: string;
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end < 0) return value;
    host = value.slice(1, end);
  } else {
    const colon = value.indexOf(':');
    // A second colon means a bare IPv6 address, which no client sends without brackets: compared as it is.
    host = colon >= 0 && value.indexOf(':', colon + 1) < 0 ? value.slice(0, colon) : value;
  }
  return host.replace(/\.$/, '');
}

function isLoopback(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  return /^::ffff:127\.\d+\.\d+\.\d+$/.test(host);
}

function machineAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address.toLowerCase().split('%')[0]));
}

/**
 * Whether a Host header names this server. A page on a DNS-rebinding domain reaches a loopback
 * server with its own name in Host, so only the server's own names pass: loopback names and
 * addresses, the listen address, the configured public names, and — when listening on every
 * interface — the machine's current addresses.
 */
export function hostAllowed(options: HostCheckOptions): (header: string | undefined) => boolean {
  const listen = hostOf(options.listenHost) ?? '';
  const everyInterface = WILDCARD.has(listen) || WILDCARD.has(options.listenHost.trim());
  const named = new Set([...options.publicHosts.map((host) => hostOf(host) ?? ''), ...(everyInterface ? [] : [listen])].filter(Boolean));
  const addresses = options.interfaceAddresses ?? machineAddresses;
  return (header) => {
    // HTTP/1.1 requires Host (Node answers 400 without it); an HTTP/1.0 request without one comes from no browser.
    const host = hostOf(header);
    if (host === null) return true;
    if (isLoopback(host) || named.has(host)) return true;
    // Looked up per request, so an address the machine gets later (DHCP, VPN) works without a restart.
    return everyInterface && isIP(host) !== 0 && addresses().includes(host);
  };
}

/** Answers 421 Misdirected Request, before anything else runs, to a request whose Host is not one of the server's names. */
export function refuseForeignHosts(app: FastifyInstance, options: HostCheckOptions): void {
  const allowed = hostAllowed(options);
  app.addHook('onRequest', async (request, reply) => {
    if (allowed(request.headers.host)) return;
    return reply
      .status(421)
      .type('application/json; charset=utf-8')
      .send(
        errorBody(
          421,
          'Misdirected Request: this server does not answer to that host name. Use its address (e.g. 127.0.0.1) or start it with --public-host <name>.',
        ),
      );
  });
}
