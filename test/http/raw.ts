import { request } from 'node:http';
import { connect } from 'node:net';
import type { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  body: any;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The client socket's own address, e.g. 127.0.0.2: the server sees it as the client's address. */
  localAddress?: string;
}

/**
 * A request with node:http, which (unlike fetch) may set Host and the client's local address.
 * Always sent to the server's own 127.0.0.1 port.
 */
export function rawRequest(url: string, options: RawRequest): Promise<RawResponse> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: Number(port), method: options.method ?? 'GET', path: options.path, headers: options.headers, localAddress: options.localAddress, setHost: !options.headers?.host },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const json = String(res.headers['content-type'] ?? '').includes('json') && text ? JSON.parse(text) : undefined;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: json });
        });
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/**
 * The status line of any request line, CONNECT and custom methods included, over a plain socket
 * (node:http would treat CONNECT as a tunnel). Resolves with 0 when the server closes without answering.
 */
export function rawStatus(url: string, method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; response: string }> {
  const { port, host } = new URL(url);
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${host}`, 'Content-Length: 0', 'Connection: close', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
    let response = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      response += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(response);
      resolve({ status: status ? Number(status[1]) : 0, response });
    });
  });
}

/** A logger that keeps every line in memory, to assert what the server logged. */
export function memoryLogger(): { logger: Logger; lines: () => Array<Record<string, unknown>> } {
  const lines: string[] = [];
  const sink = { write: (line: string) => lines.push(line) } as unknown as Writable;
  return { logger: pino({ level: 'info', base: undefined }, sink), lines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}
