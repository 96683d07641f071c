import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Real TLS targets on 127.0.0.1 with certificates the test makes: a private CA signs leaves for
 * 127.0.0.1 (valid, expiring soon, expired) and for another name; a self-signed leaf; and a TCP
 * server that accepts and never answers the handshake.
 */
export interface TlsTargets {
  /** The private CA's PEM file, for NODE_EXTRA_CA_CERTS of the server that runs the monitors. */
  caFile: string;
  ports: Record<'valid' | 'soon' | 'expired' | 'selfSigned' | 'wrongName' | 'stuck', number>;
  close(): Promise<void>;
}

const DAY = 24 * 60 * 60 * 1000;
const stamp = (d: Date) => `${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

export async function startTlsTargets(): Promise<TlsTargets> {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-ssl-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '30', '-subj', '/CN=Sightline Test CA');
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), '1000\n');
  writeFileSync(
    join(dir, 'ca.cnf'),
    ['[ ca ]', 'default_ca = own', '[ own ]', `dir = ${dir}`, 'database = $dir/index.txt', 'new_certs_dir = $dir', 'serial = $dir/serial', 'default_md = sha256', 'policy = any', 'copy_extensions = copy', 'unique_subject = no', '[ any ]', 'commonName = supplied'].join('\n'),
  );
  const now = Date.now();
  const leaf = (name: string, san: string, fromDays: number, toDays: number) => {
    openssl('req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`, '-addext', `subjectAltName=${san}`);
    openssl('ca', '-batch', '-config', 'ca.cnf', '-cert', 'ca.pem', '-keyfile', 'ca.key', '-in', `${name}.csr`, '-out', `${name}.pem`, '-startdate', stamp(new Date(now + fromDays * DAY)), '-enddate', stamp(new Date(now + toDays * DAY + 3600_000)), '-notext');
    return { key: readFileSync(join(dir, `${name}.key`)), cert: readFileSync(join(dir, `${name}.pem`)) };
  };
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'self.key', '-out', 'self.pem', '-days', '90', '-subj', '/CN=self.example', '-addext', 'subjectAltName=IP:127.0.0.1');

  const servers: Server[] = [];
  const sockets = new Set<Socket>();
  const listen = async (server: Server | ReturnType<typeof createTcpServer>) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  const serve = (pair: { key: Buffer; cert: Buffer }) => {
    const server = createServer(pair, (_req, res) => res.end('ok'));
    servers.push(server);
    return listen(server);
  };
  const stuck = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const ports = {
    valid: await serve(leaf('valid.example', 'DNS:valid.example,IP:127.0.0.1', -1, 90)),
    soon: await serve(leaf('soon.example', 'DNS:soon.example,IP:127.0.0.1', -1, 5)),
    expired: await serve(leaf('expired.example', 'DNS:expired.example,IP:127.0.0.1', -40, -10)),
    selfSigned: await serve({ key: readFileSync(join(dir, 'self.key')), cert: readFileSync(join(dir, 'self.pem')) }),
    wrongName: await serve(leaf('other.example', 'DNS:other.example', -1, 90)),
    stuck: await listen(stuck),
  };
  servers.push(stuck as unknown as Server);
  return {
    caFile: join(dir, 'ca.pem'),
    ports,
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
