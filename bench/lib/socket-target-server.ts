/**
 * The targets of tcp-10k and dns-10k, run as their own process (bench/lib/socket-target.ts spawns
 * it) so their CPU is measured apart from the server's. Everything listens in 127.0.0.0/8 only.
 *
 *   tcp <addresses> <portsPerAddress>   listeners on 127.40.0.1 … (addresses × ports, each an OS-chosen port); each
 *                                       connection is greeted with "SIGHTLINE BENCH READY\n" and closed by the target;
 *                                       and one quiet listener that accepts and never says a word (closed after 30 s)
 *   dns                                 one DNS server on 127.0.0.1 (UDP, and TCP on the same port): h<n>.bench.test A
 *                                       answers 10.<n>>16>.<n>>8&255>.<n&255> (NOERROR); any other name NXDOMAIN;
 *                                       and one silent UDP port that takes queries and never answers
 *
 * It prints one line `socket target ready <json>` ({ endpoints: ["host:port", …], quiet: "host:port" }), answers `stats` on
 * stdin with one line `socket target stats <json>`, and exits when its stdin closes.
 */
import { createSocket } from 'node:dgram';
import { createServer, type AddressInfo, type Server } from 'node:net';
import * as dnsPacket from 'dns-packet';
import { benchAddressOf, TCP_GREETING } from './socket-target-zone';

const stats = { connections: 0, queries: 0, nxdomain: 0, undecodable: 0, quiet: 0 };

async function listenTcp(addresses: number, ports: number): Promise<string[]> {
  const endpoints: string[] = [];
  const servers: Server[] = [];
  for (let a = 0; a < addresses; a++) {
    const host = `127.40.${Math.floor(a / 254)}.${1 + (a % 254)}`;
    for (let p = 0; p < ports; p++) {
      const server = createServer((socket) => {
        stats.connections++;
        socket.on('error', () => {});
        socket.end(TCP_GREETING);
      });
      server.maxConnections = 10_000;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ port: 0, host, backlog: 1024 }, resolve);
      });
      servers.push(server);
      endpoints.push(`${host}:${(server.address() as AddressInfo).port}`);
    }
  }
  return endpoints;
}

/** Accepts and stays silent: a port-only TCP check waits its reply grace here. */
async function listenQuiet(): Promise<string> {
  const quiet = createServer((socket) => {
    stats.quiet++;
    socket.on('error', () => {});
    setTimeout(() => socket.destroy(), 30_000).unref();
  });
  await new Promise<void>((resolve) => quiet.listen({ port: 0, host: '127.40.255.1', backlog: 1024 }, resolve));
  return `127.40.255.1:${(quiet.address() as AddressInfo).port}`;
}

/** Takes DNS queries and never answers: a DNS check waits its whole time limit here. */
async function listenSilentUdp(): Promise<string> {
  const silent = createSocket({ type: 'udp4', recvBufferSize: 4 * 1024 * 1024 });
  silent.on('message', () => {
    stats.quiet++;
  });
  await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
  return `127.0.0.1:${silent.address().port}`;
}

function answer(query: Buffer): Buffer | null {
  let request: dnsPacket.DecodedPacket;
  try {
    request = dnsPacket.decode(query);
  } catch {
    stats.undecodable++;
    return null;
  }
  stats.queries++;
  const question = request.questions?.[0];
  const match = question ? /^h(\d+)\.bench\.test$/i.exec(question.name) : null;
  const known = match !== null && question?.type === 'A';
  if (!known) stats.nxdomain++;
  return dnsPacket.encode({
    type: 'response',
    id: request.id,
    flags: dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_DESIRED | (known ? 0 : 3),
    questions: request.questions,
    answers: known ? [{ name: question!.name, type: 'A', ttl: 60, class: 'IN', data: benchAddressOf(Number(match![1])) }] : [],
  });
}

async function listenDns(): Promise<string[]> {
  const tcp = createServer((socket) => {
    socket.on('error', () => {});
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        const length = buffered.readUInt16BE(0);
        const reply = answer(buffered.subarray(2, 2 + length));
        buffered = buffered.subarray(2 + length);
        if (!reply) return socket.destroy();
        const prefix = Buffer.alloc(2);
        prefix.writeUInt16BE(reply.length);
        socket.write(Buffer.concat([prefix, reply]));
      }
    });
  });
  await new Promise<void>((resolve) => tcp.listen({ port: 0, host: '127.0.0.1', backlog: 1024 }, resolve));
  const port = (tcp.address() as AddressInfo).port;
  const udp = createSocket({ type: 'udp4', recvBufferSize: 4 * 1024 * 1024 });
  udp.on('message', (message, rinfo) => {
    const reply = answer(message);
    if (reply) udp.send(reply, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => udp.bind(port, '127.0.0.1', resolve));
  return [`127.0.0.1:${port}`];
}

async function main(): Promise<void> {
  const [mode, a, p] = process.argv.slice(2);
  if (mode !== 'tcp' && mode !== 'dns') throw new Error(`socket-target-server: mode "tcp" or "dns", not "${mode}"`);
  const endpoints = mode === 'tcp' ? await listenTcp(Number(a ?? 10), Number(p ?? 10)) : await listenDns();
  const quiet = mode === 'tcp' ? await listenQuiet() : await listenSilentUdp();
  process.stdout.write(`socket target ready ${JSON.stringify({ endpoints, quiet })}\n`);
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    if (chunk.includes('stats')) process.stdout.write(`socket target stats ${JSON.stringify(stats)}\n`);
  });
  process.stdin.on('end', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
