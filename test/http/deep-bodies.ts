import { request } from 'node:http';

/** `{"email":[[[…]]]}` nested `depth` arrays deep: what the hostile tester sent (10^6 deep is about 2 MB). */
export function deepJson(depth: number): string {
  return `{"email":${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

export interface Posted {
  status: number;
  text: string;
  /** Milliseconds from sending the request to the end of the answer (or of the connection). */
  ms: number;
  /** Set when the server closed the connection instead of answering (it refused a body it would not read). */
  error?: string;
}

/**
 * POSTs a body from `localAddress` and resolves with the answer, or with the connection error when
 * the server answered early and closed while the body was still being sent.
 */
export function post(url: string, path: string, body: string | Buffer, headers: Record<string, string> = {}, localAddress?: string): Promise<Posted> {
  const { port } = new URL(url);
  const started = performance.now();
  return new Promise((resolve) => {
    let answered: Posted | null = null;
    const req = request(
      { host: '127.0.0.1', port: Number(port), method: 'POST', path, localAddress, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          answered = { status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started };
          resolve(answered);
        });
      },
    );
    req.on('error', (error) => {
      if (!answered) resolve({ status: 0, text: '', ms: performance.now() - started, error: error.message });
    });
    req.end(body);
  });
}

/**
 * Sends a request head announcing `contentLength` bytes of body and only the first few of them,
 * then waits for the answer: a server that reads (or parses) the body before answering never
 * answers, and the promise rejects after `deadlineMs`.
 */
export function answerBeforeBody(url: string, path: string, headers: Record<string, string>, contentLength: number, deadlineMs = 3000): Promise<{ status: number; text: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: Number(port), method: 'POST', path, headers: { 'content-type': 'application/json', 'content-length': String(contentLength), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        clearTimeout(deadline);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    const deadline = setTimeout(() => {
      req.destroy();
      reject(new Error(`POST ${path}: no answer within ${deadlineMs} ms while ${contentLength - 64} bytes of the body were still unsent (the server waited for the body)`));
    }, deadlineMs);
    req.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    req.write('['.repeat(64));
  });
}
