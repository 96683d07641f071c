import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectTls } from '../../src-main/runner/http/tls-inspect';

const dir = mkdtempSync(join(tmpdir(), 'sightline-tls-'));
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });

/** A private CA, and leaves it signs for 127.0.0.1 with the given validity (openssl ca dates: YYYYMMDDHHMMSSZ). */
function pki() {
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '30', '-subj', '/CN=Sightline Test CA');
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), '1000\n');
  writeFileSync(
    join(dir, 'ca.cnf'),
    ['[ ca ]', 'default_ca = own', '[ own ]', `dir = ${dir}`, 'database = $dir/index.txt', 'new_certs_dir = $dir', 'serial = $dir/serial', 'default_md = sha256', 'policy = any', 'copy_extensions = copy', 'unique_subject = no', '[ any ]', 'commonName = supplied'].join('\n'),
  );
  const leaf = (name: string, san: string, start: string, end: string) => {
    openssl('req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`, '-addext', `subjectAltName=${san}`);
    openssl('ca', '-batch', '-config', 'ca.cnf', '-cert', 'ca.pem', '-keyfile', 'ca.key', '-in', `${name}.csr`, '-out', `${name}.pem`, '-startdate', start, '-enddate', end, '-notext');
    return { key: readFileSync(join(dir, `${name}.key`)), cert: readFileSync(join(dir, `${name}.pem`)) };
  };
  const stamp = (d: Date) => `${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  return {
    ca: readFileSync(join(dir, 'ca.pem'), 'utf8'),
    soon: leaf('soon.example', 'DNS:soon.example,IP:127.0.0.1', stamp(new Date(now - day)), stamp(new Date(now + 12 * day + 3600_000))),
    expired: leaf('expired.example', 'DNS:expired.example,IP:127.0.0.1', stamp(new Date(now - 40 * day)), stamp(new Date(now - 10 * day))),
    other: leaf('other.example', 'DNS:other.example', stamp(new Date(now - day)), stamp(new Date(now + 60 * day))),
  };
}

const servers: Server[] = [];
const sockets = new Set<Socket>();
let ports: Record<'soon' | 'expired' | 'other' | 'stuck', number>;
let ca = '';

async function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  const made = pki();
  ca = made.ca;
  const serve = (pair: { key: Buffer; cert: Buffer }) => {
    const server = createServer(pair, (_req, res) => res.end('ok'));
    servers.push(server);
    return listen(server);
  };
  const stuck = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  ports = { soon: await serve(made.soon), expired: await serve(made.expired), other: await serve(made.other), stuck: await listen(stuck) };
  servers.push(stuck as unknown as Server);
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  rmSync(dir, { recursive: true, force: true });
});

describe('a TLS handshake as an SSL monitor makes it', () => {
  it('a chain a trusted CA signed: trusted, with each certificate and its days left, protocol and cipher', async () => {
    const result = await inspectTls({ hostname: '127.0.0.1', port: ports.soon, timeoutMs: 5000, ca: [ca] });
    expect(result.error).toBeNull();
    expect(result.trusted).toBe(true);
    expect(result.untrustedReason).toBeNull();
    expect(result.chain[0]).toMatchObject({ subject: 'soon.example', issuer: 'Sightline Test CA', daysLeft: 12, selfSigned: false });
    expect(result.chain[0]?.subjectAltNames).toEqual(['soon.example', '127.0.0.1']);
    expect(result.protocol).toMatch(/^TLSv1\.[23]$/);
    expect(result.cipher).toBeTruthy();
    expect(result.handshakeMs).toBeGreaterThan(0);
  });

  it('the same chain without its CA: described, and not trusted because the issuer is unknown', async () => {
    const result = await inspectTls({ hostname: '127.0.0.1', port: ports.soon, timeoutMs: 5000 });
    expect(result.trusted).toBe(false);
    expect(result.untrustedReason).toMatch(/issuer|UNABLE_TO/i);
    expect(result.chain[0]?.subject).toBe('soon.example');
  });

  it('an expired certificate: negative days left and the reason', async () => {
    const result = await inspectTls({ hostname: '127.0.0.1', port: ports.expired, timeoutMs: 5000, ca: [ca] });
    expect(result.trusted).toBe(false);
    expect(result.untrustedReason).toBe('the certificate has expired (CERT_HAS_EXPIRED)');
    expect(result.chain[0]?.daysLeft).toBeLessThan(-9);
  });

  it('a certificate for another name: not trusted for the name asked', async () => {
    const result = await inspectTls({ hostname: '127.0.0.1', port: ports.other, serverName: 'www.sightline.test', timeoutMs: 5000, ca: [ca] });
    expect(result.trusted).toBe(false);
    expect(result.untrustedReason).toMatch(/not for www\.sightline\.test/);
  });

  it('a handshake that never finishes ends at the time limit', async () => {
    const started = Date.now();
    const result = await inspectTls({ hostname: '127.0.0.1', port: ports.stuck, timeoutMs: 800 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result.error).toMatchObject({ kind: 'TIMEOUT', message: 'the TLS handshake did not finish within 800 ms' });
  });
});
