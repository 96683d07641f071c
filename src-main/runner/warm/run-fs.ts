import fs from 'node:fs';
import { isAbsolute, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Unsupported } from './test-shim';

/**
 * The `fs` a warm run is handed: the run's own folder (its HOME and TMPDIR, removed when it ends) and
 * nothing else. Every path resolves inside that folder or the call fails with EACCES, so no file of
 * one run is read or changed by another; file descriptors are the run's own (at most `maxFds` open,
 * closed when it ends: writing to the runtime's fd 1 or fd 3 is EBADF), and the bytes it writes are
 * counted against `maxBytes` (ENOSPC past it). Streams, watchers, FileHandles and links are not
 * offered: a script that uses them runs on the full path, whose sandbox is its own.
 */

export interface RunFsLimits {
  home: string;
  maxFds: number;
  maxBytes: number;
}

export interface RunFs {
  /** `require('fs')`. */
  fs: Record<string, unknown>;
  /** `require('fs/promises')`. */
  promises: Record<string, unknown>;
  /** Closes what the run left open. */
  release(): void;
}

const NOT_OFFERED = [
  'createReadStream',
  'createWriteStream',
  'watch',
  'watchFile',
  'unwatchFile',
  'symlink',
  'symlinkSync',
  'link',
  'linkSync',
  'opendir',
  'opendirSync',
  'cp',
  'cpSync',
  'chown',
  'chownSync',
  'lchown',
  'lchownSync',
  'fchown',
  'fchownSync',
  'ReadStream',
  'WriteStream',
  'Dir',
  'openAsBlob',
];

function fsError(code: string, syscall: string, path: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${message}, ${syscall} '${path}'`), { code, syscall, path });
}

export function runFs(limits: RunFsLimits): RunFs {
  const { home } = limits;
  const fds = new Set<number>();
  let written = 0;

  const place = (value: unknown, syscall: string): string => {
    let path: string;
    if (typeof value === 'string') path = value;
    else if (value instanceof URL) path = fileURLToPath(value);
    else if (Buffer.isBuffer(value)) path = value.toString();
    else throw new TypeError(`The "path" argument must be of type string, Buffer or URL. Received ${typeof value}`);
    const absolute = isAbsolute(path) ? resolve(path) : resolve(home, path);
    if (absolute !== home && !absolute.startsWith(home + sep)) throw fsError('EACCES', syscall, path, "permission denied: a warm run's files live in its own folder (os.tmpdir(), os.homedir())");
    return absolute;
  };
  const ownFd = (fd: unknown, syscall: string): number => {
    if (typeof fd !== 'number' || !fds.has(fd)) throw fsError('EBADF', syscall, String(fd), 'bad file descriptor: a warm run may use only the files it opened');
    return fd;
  };
  const charge = (bytes: number, syscall: string, path: string) => {
    if (written + bytes > limits.maxBytes) throw fsError('ENOSPC', syscall, path, `no space left: a warm run may write at most ${Math.round(limits.maxBytes / 1048576)} MB of files`);
    written += bytes;
  };
  const sizeOf = (data: unknown): number => (typeof data === 'string' ? Buffer.byteLength(data) : ArrayBuffer.isView(data) ? data.byteLength : 0);
  const target = (value: unknown, syscall: string): string | number => (typeof value === 'number' ? ownFd(value, syscall) : place(value, syscall));

  const sync = {
    existsSync: (path: unknown) => {
      try {
        return fs.existsSync(place(path, 'access'));
      } catch {
        return false;
      }
    },
    readFileSync: (path: unknown, options?: unknown) => fs.readFileSync(target(path, 'open'), options as never),
    writeFileSync: (path: unknown, data: unknown, options?: unknown) => {
      const where = target(path, 'open');
      charge(sizeOf(data), 'write', String(path));
      return fs.writeFileSync(where, data as never, options as never);
    },
    appendFileSync: (path: unknown, data: unknown, options?: unknown) => {
      const where = target(path, 'open');
      charge(sizeOf(data), 'write', String(path));
      return fs.appendFileSync(where, data as never, options as never);
    },
    mkdirSync: (path: unknown, options?: unknown) => fs.mkdirSync(place(path, 'mkdir'), options as never),
    mkdtempSync: (prefix: unknown, options?: unknown) => fs.mkdtempSync(place(prefix, 'mkdtemp'), options as never),
    readdirSync: (path: unknown, options?: unknown) => fs.readdirSync(place(path, 'scandir'), options as never),
    statSync: (path: unknown, options?: unknown) => fs.statSync(place(path, 'stat'), options as never),
    lstatSync: (path: unknown, options?: unknown) => fs.lstatSync(place(path, 'lstat'), options as never),
    realpathSync: (path: unknown, options?: unknown) => fs.realpathSync(place(path, 'realpath'), options as never),
    accessSync: (path: unknown, mode?: number) => fs.accessSync(place(path, 'access'), mode),
    unlinkSync: (path: unknown) => fs.unlinkSync(place(path, 'unlink')),
    rmSync: (path: unknown, options?: unknown) => fs.rmSync(place(path, 'rm'), options as never),
    rmdirSync: (path: unknown, options?: unknown) => fs.rmdirSync(place(path, 'rmdir'), options as never),
    renameSync: (from: unknown, to: unknown) => fs.renameSync(place(from, 'rename'), place(to, 'rename')),
    copyFileSync: (from: unknown, to: unknown, mode?: number) => {
      const source = place(from, 'copyfile');
      const destination = place(to, 'copyfile');
      charge(fs.statSync(source).size, 'copyfile', String(to));
      return fs.copyFileSync(source, destination, mode);
    },
    truncateSync: (path: unknown, length?: number) => fs.truncateSync(place(path, 'open'), length),
    chmodSync: (path: unknown, mode: fs.Mode) => fs.chmodSync(place(path, 'chmod'), mode),
    utimesSync: (path: unknown, atime: fs.TimeLike, mtime: fs.TimeLike) => fs.utimesSync(place(path, 'utime'), atime, mtime),
    openSync: (path: unknown, flags?: fs.OpenMode, mode?: fs.Mode) => {
      if (fds.size >= limits.maxFds) throw fsError('EMFILE', 'open', String(path), `too many open files: a warm run may hold at most ${limits.maxFds}`);
      const fd = fs.openSync(place(path, 'open'), flags ?? 'r', mode);
      fds.add(fd);
      return fd;
    },
    closeSync: (fd: unknown) => {
      fs.closeSync(ownFd(fd, 'close'));
      fds.delete(fd as number);
    },
    readSync: (fd: unknown, ...args: unknown[]) => (fs.readSync as (...a: unknown[]) => number)(ownFd(fd, 'read'), ...args),
    writeSync: (fd: unknown, data: unknown, ...args: unknown[]) => {
      const own = ownFd(fd, 'write');
      charge(sizeOf(data), 'write', String(fd));
      return (fs.writeSync as (...a: unknown[]) => number)(own, data, ...args);
    },
    fstatSync: (fd: unknown, options?: unknown) => fs.fstatSync(ownFd(fd, 'fstat'), options as never),
    fsyncSync: (fd: unknown) => fs.fsyncSync(ownFd(fd, 'fsync')),
    ftruncateSync: (fd: unknown, length?: number) => fs.ftruncateSync(ownFd(fd, 'ftruncate'), length),
  };

  const asPromise =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    async (...args: A): Promise<R> =>
      fn(...args);
  const promises: Record<string, unknown> = {
    readFile: (path: unknown, options?: unknown) => fs.promises.readFile(place(path, 'open'), options as never),
    writeFile: async (path: unknown, data: unknown, options?: unknown) => {
      const where = place(path, 'open');
      charge(sizeOf(data), 'write', String(path));
      return fs.promises.writeFile(where, data as never, options as never);
    },
    appendFile: async (path: unknown, data: unknown, options?: unknown) => {
      const where = place(path, 'open');
      charge(sizeOf(data), 'write', String(path));
      return fs.promises.appendFile(where, data as never, options as never);
    },
    mkdir: asPromise(sync.mkdirSync),
    mkdtemp: asPromise(sync.mkdtempSync),
    readdir: asPromise(sync.readdirSync),
    stat: asPromise(sync.statSync),
    lstat: asPromise(sync.lstatSync),
    realpath: asPromise(sync.realpathSync),
    access: asPromise(sync.accessSync),
    unlink: asPromise(sync.unlinkSync),
    rm: asPromise(sync.rmSync),
    rmdir: asPromise(sync.rmdirSync),
    rename: asPromise(sync.renameSync),
    copyFile: asPromise(sync.copyFileSync),
    truncate: asPromise(sync.truncateSync),
    chmod: asPromise(sync.chmodSync),
    utimes: asPromise(sync.utimesSync),
    constants: fs.constants,
  };
  for (const name of ['open', 'opendir', 'cp', 'watch', 'symlink', 'link', 'chown', 'lchown', 'lutimes']) notOffered(promises, `fs.promises.${name}`, name);

  // The callback forms: the same calls, answered on a later turn.
  const callbacks: Record<string, unknown> = {};
  for (const name of ['readFile', 'writeFile', 'appendFile', 'mkdir', 'mkdtemp', 'readdir', 'stat', 'lstat', 'realpath', 'access', 'unlink', 'rm', 'rmdir', 'rename', 'copyFile', 'truncate', 'chmod', 'utimes']) {
    const promised = promises[name] as (...args: unknown[]) => Promise<unknown>;
    callbacks[name] = (...args: unknown[]) => {
      const callback = args.pop();
      if (typeof callback !== 'function') throw new TypeError('The "cb" argument must be of type function');
      promised(...args).then(
        (value) => (callback as (e: unknown, v?: unknown) => void)(null, value),
        (error: unknown) => (callback as (e: unknown) => void)(error),
      );
    };
  }
  callbacks.exists = (path: unknown, callback: (exists: boolean) => void) => queueMicrotask(() => callback(sync.existsSync(path)));

  const handed: Record<string, unknown> = { ...sync, ...callbacks, promises, constants: fs.constants, Stats: fs.Stats, Dirent: fs.Dirent };
  for (const name of NOT_OFFERED) notOffered(handed, `fs.${name}`, name);
  return {
    fs: handed,
    promises,
    release: () => {
      for (const fd of fds) {
        try {
          fs.closeSync(fd);
        } catch {
          // already closed
        }
      }
      fds.clear();
    },
  };
}

/** A member a warm run is not given: using it sends the run to the full path. */
function notOffered(target: Record<string, unknown>, feature: string, name: string): void {
  Object.defineProperty(target, name, {
    enumerable: false,
    get: () => {
      throw new Unsupported(feature);
    },
  });
}
