import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Reply = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

export interface HttpReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** The answer to every following request (default 200 `ok`), or a function choosing per request. */
  reply(reply: Reply | ((request: ReceivedRequest) => Reply)): void;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that records every request with its raw body. */
export async function startHttpReceiver(): Promise<HttpReceiver> {
  const requests: ReceivedRequest[] = [];
  let choose: (request: ReceivedRequest) => Reply = () => ({ status: 200, body: 'ok' });
  const held: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver');
      const request = { method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      const reply = choose(request);
      if (reply === 'hang') {
        held.push(res);
        return;
      }
      res.writeHead(reply.status, reply.headers ?? { 'content-type': 'text/plain' });
      res.end(reply.body ?? '');
    });
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply(reply) {
      choose = typeof reply === 'function' ? reply : () => reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function listen(server: { listen(port: number, host: string, cb: () => void): unknown; address(): AddressInfo | string | null }): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** A port nothing listens on: bound once, then released. */
/**
 * A port on 127.0.0.1 that nothing listens on, so a connection is refused. It is taken below Linux's
 * ephemeral range (32768–60999): a port the kernel handed out and took back is soon handed to another
 * test's listener running beside this one (CI saw a gRPC "gateway" answer with someone's HTTP server).
 */
export async function closedPort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const server = createTcpServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return port;
    }
  }
  throw new Error('no free port below the ephemeral range');
}

/** A TCP server that accepts connections and never says a word (an SMTP server that hangs). */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets: Socket[] = [];
  const server = createTcpServer((socket) => sockets.push(socket));
  const port = await listen(server);
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
  user: string | undefined;
}

export interface SmtpReceiver {
  port: number;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (no STARTTLS) keeping every message it accepts. */
export async function startSmtpReceiver(options: Partial<SMTPServerOptions> = {}): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    ...options,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
