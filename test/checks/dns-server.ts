import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import * as dnsPacket from 'dns-packet';

/** The zone the test's DNS server knows: app.test has A, TXT and MX records; anything else is NXDOMAIN. */
const ZONE: Record<string, dnsPacket.Answer[]> = {
  'app.test/A': [{ name: 'app.test', type: 'A', ttl: 300, class: 'IN', data: '10.1.2.3' }],
  'app.test/TXT': [{ name: 'app.test', type: 'TXT', ttl: 60, class: 'IN', data: ['v=spf1 -all'] }],
  'app.test/MX': [
    { name: 'app.test', type: 'MX', ttl: 300, class: 'IN', data: { preference: 10, exchange: 'mail.app.test' } },
    { name: 'app.test', type: 'MX', ttl: 300, class: 'IN', data: { preference: 20, exchange: 'backup.app.test' } },
  ],
};

function answer(query: Buffer): Buffer {
  const request = dnsPacket.decode(query);
  const question = request.questions?.[0];
  const records = question ? ZONE[`${question.name.toLowerCase()}/${question.type}`] : undefined;
  const known = question !== undefined && Object.keys(ZONE).some((key) => key.startsWith(`${question.name.toLowerCase()}/`));
  // NOERROR with no records for a known name and another type; NXDOMAIN (rcode 3) for an unknown name.
  const rcode = known ? 0 : 3;
  return dnsPacket.encode({
    type: 'response',
    id: request.id,
    flags: dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_DESIRED | rcode,
    questions: request.questions,
    answers: records ?? [],
  });
}

export interface DnsServers {
  /** A real server on UDP and TCP at the same port. */
  port: number;
  /** Answers every UDP query with bytes that are not DNS (and, over TCP, with a length then garbage). */
  garbagePort: number;
  /** Takes UDP queries and never answers. */
  silentPort: number;
  close(): Promise<void>;
}

async function udp(port: number, onMessage: (socket: UdpSocket, message: Buffer, rinfo: { address: string; port: number }) => void): Promise<UdpSocket> {
  const socket = createSocket('udp4');
  socket.on('message', (message, rinfo) => onMessage(socket, message, rinfo));
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  return socket;
}

async function tcp(port: number, onMessage: (socket: Socket, message: Buffer) => void, sockets: Set<Socket>): Promise<Server> {
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) onMessage(socket, buffered.subarray(2, 2 + buffered.readUInt16BE(0)));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** Starts the test's DNS servers on 127.0.0.1, built with dns-packet. */
/**
 * Starts the test's DNS servers. UDP and TCP share a port picked by the first of the pair: the
 * other protocol's port may be taken by another test meanwhile, so a taken pair is tried again.
 */
export async function startDnsServers(): Promise<DnsServers> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDnsServersOnce();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 20) throw error;
    }
  }
}

async function startDnsServersOnce(): Promise<DnsServers> {
  const sockets = new Set<Socket>();
  const tcpGood = await tcp(
    0,
    (socket, message) => {
      const reply = answer(message);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(reply.length);
      socket.write(Buffer.concat([length, reply]));
    },
    sockets,
  );
  const port = (tcpGood.address() as AddressInfo).port;
  const udpGood = await udp(port, (socket, message, rinfo) => socket.send(answer(message), rinfo.port, rinfo.address)).catch((error: unknown) => {
    tcpGood.close();
    throw error;
  });
  const udpGarbage = await udp(0, (socket, _message, rinfo) => socket.send(Buffer.from('this is not a DNS message at all'), rinfo.port, rinfo.address));
  const garbagePort = udpGarbage.address().port;
  const tcpGarbage = await tcp(garbagePort, (socket) => socket.write(Buffer.concat([Buffer.from([0, 8]), Buffer.from('garbage!')])), sockets).catch((error: unknown) => {
    tcpGood.close();
    udpGood.close();
    udpGarbage.close();
    throw error;
  });
  const udpSilent = await udp(0, () => {});
  return {
    port,
    garbagePort,
    silentPort: udpSilent.address().port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      for (const socket of [udpGood, udpGarbage, udpSilent]) socket.close();
      await Promise.all([tcpGood, tcpGarbage].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
