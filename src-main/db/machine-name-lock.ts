import { createServer, type Server } from 'node:net';

export interface HeldMachineName {
  release(): void;
}

/**
 * Binds `name` in Linux's abstract socket namespace and keeps it for this process's life; null when
 * another process has it. An abstract name is no file: nothing can delete it while its holder lives,
 * and the kernel frees it when the holder's process ends. Elsewhere there is no such namespace and
 * this holds nothing (the lock file alone decides).
 */
export async function holdMachineName(name: string, platform: NodeJS.Platform = process.platform): Promise<HeldMachineName | null> {
  if (platform !== 'linux') return { release() {} };
  const server: Server = createServer((socket) => socket.destroy());
  const bound = await new Promise<boolean>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(false) : reject(error)));
    server.listen({ path: `\0${name}` }, () => resolve(true));
  });
  if (!bound) return null;
  // Holding the name must not keep the process alive.
  server.unref();
  return {
    release() {
      server.close();
    },
  };
}
