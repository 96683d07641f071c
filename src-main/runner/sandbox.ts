import { lchown, lstat, mkdtemp, readdir, readFile, readlink, realpath, rm } from 'node:fs/promises';
import { release, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { runTool } from './process';
import type { ExecutorDeps, MultiStepSandbox } from './types';
import type { MultiStepIsolationView } from '../../src-shared/rules/lanes';
import { DEFAULT_MULTISTEP_MEMORY_MB } from '../../src-shared/rules/multistep-memory';

export type { MultiStepIsolation, MultiStepSandbox } from './types';

/** The unprivileged user scripts run as inside the sandbox (and outside it, when the server is root). */
export const SANDBOX_UID = 65534;

const PROBE_TIMEOUT_MS = 15_000;
const INSTALL_HINT = 'install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap) and restart';

/** What to run, as whom: the sandboxed (or, without bubblewrap, merely limited) Playwright command. */
export interface Launch {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  uid?: number;
  gid?: number;
}

export interface LaunchSpec {
  /** The node binary (process.execPath by default). */
  node: string;
  /** Arguments after node's own flags: the Playwright CLI and its arguments. */
  args: string[];
  cwd: string;
  /** The run's own folder: the only writable place, bound read-write at the same path. */
  workspaceRoot: string;
  /** The node_modules holding @playwright/test, bound read-only at the path the work dir's link names. */
  nodeModules: string;
  /** Exactly the environment the script sees. */
  env: Record<string, string>;
  memoryMb: number;
  platform: NodeJS.Platform;
  /**
   * Whether node's own heap flag is set from memoryMb (default). The warm runtime sets heap limits
   * per worker thread instead: the process-wide flag would override them.
   */
  heapFlag?: boolean;
  /** Open files and processes (threads included) of the sandbox; default FULL_PATH_PROCESS_LIMITS. */
  processLimits?: ProcessLimits;
  /** The sandbox's writable tmpfs (/tmp; /dev/shm gets a quarter), in MB; default a quarter of memoryMb. */
  tmpfsMb?: number;
}

/**
 * Outer bounds of a sandboxed process tree, set by the shell that starts node (RLIMIT_NOFILE per
 * process, RLIMIT_NPROC counted per user namespace: each sandbox has its own). They keep a runaway
 * from taking the machine; limits per run are kept inside the warm runtime.
 */
export interface ProcessLimits {
  openFiles: number;
  processes: number;
}

/** A warm runtime carries many runs of one account at once: room for their sockets and threads. */
export const RUNTIME_PROCESS_LIMITS: ProcessLimits = { openFiles: 8192, processes: 1024 };
/** One `playwright test` run: its runner and one worker. */
export const FULL_PATH_PROCESS_LIMITS: ProcessLimits = { openFiles: 4096, processes: 256 };

/** The sandbox's /tmp is memory that RLIMIT_DATA does not count: a quarter of the memory limit, at least 16 MB. */
export function sandboxTmpfsMb(memoryMb: number): number {
  return Math.max(16, Math.floor(memoryMb / 4));
}

/**
 * Before Linux 5.14 RLIMIT_NPROC counted every process of the user, not of the sandbox's user
 * namespace: there it could stop a sandbox from starting, so it is left unset.
 */
function countsProcessesPerNamespace(platformRelease = release()): boolean {
  const [major = 0, minor = 0] = (/^(\d+)\.(\d+)/.exec(platformRelease)?.slice(1) ?? []).map(Number);
  return major > 5 || (major === 5 && minor >= 14);
}

/** Node's JavaScript heap gets three quarters of the limit: the rest is code, threads' stacks and buffers. */
export function heapLimitMb(memoryMb: number): number {
  return Math.max(64, Math.floor((memoryMb * 3) / 4));
}

/**
 * RLIMIT_DATA (writable private memory) per process, set by a shell just before node starts. Unlike
 * RLIMIT_AS it ignores V8's large address-space reservations (a Playwright worker reserves 12 GB of
 * address space but maps about 200 MB), so normal scripts run and a 2 GB allocation fails.
 */
function limitedNode(spec: LaunchSpec, node: string): [string, string[]] {
  const nodeArgs = spec.heapFlag === false ? spec.args : [`--max-old-space-size=${heapLimitMb(spec.memoryMb)}`, ...spec.args];
  if (spec.platform !== 'linux') return [node, nodeArgs];
  const limits = spec.processLimits ?? FULL_PATH_PROCESS_LIMITS;
  const processes = countsProcessesPerNamespace() ? String(limits.processes) : '';
  // A lower hard limit already in place is kept (ulimit then fails and is ignored): never raised.
  // RLIMIT_NPROC is -u in bash and -p in dash: whichever the shell takes.
  const script = 'ulimit -d "$1" 2>/dev/null; ulimit -n "$2" 2>/dev/null; [ -z "$3" ] || ulimit -u "$3" 2>/dev/null || ulimit -p "$3" 2>/dev/null; shift 3; exec "$@"';
  return ['/bin/sh', ['-c', script, 'sightline-run', String(spec.memoryMb * 1024), String(limits.openFiles), processes, node, ...nodeArgs]];
}

/** The path with its links resolved (bwrap binds what they point to); as given when it does not exist (bwrap then says so). */
function resolved(path: string): Promise<string> {
  return realpath(path).catch(() => path);
}

/** The folder a node binary came with: /opt/node for /opt/node/bin/node. */
function nodeHome(node: string): string {
  const dir = dirname(node);
  return basename(dir) === 'bin' ? dirname(dir) : dir;
}

const SYSTEM_DIRS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];
/** What node needs of /etc: name resolution, TLS roots and OpenSSL's config, the dynamic linker's cache, the time zone. */
const ETC_FILES = [
  '/etc/resolv.conf',
  '/etc/hosts',
  '/etc/nsswitch.conf',
  '/etc/host.conf',
  '/etc/gai.conf',
  '/etc/ld.so.cache',
  '/etc/localtime',
  '/etc/ssl/certs',
  '/etc/ssl/openssl.cnf',
  '/etc/ca-certificates',
  '/etc/pki/tls/certs',
  '/etc/pki/ca-trust',
];

/** /usr read-only, and /bin, /lib... as the host has them (links into /usr on merged-/usr systems, folders elsewhere). */
async function systemBinds(): Promise<string[]> {
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const dir of SYSTEM_DIRS) {
    const stat = await lstat(dir).catch(() => null);
    if (!stat) continue;
    if (stat.isSymbolicLink()) args.push('--symlink', await readlink(dir), dir);
    else if (stat.isDirectory()) args.push('--ro-bind', dir, dir);
  }
  for (const file of ETC_FILES) args.push('--ro-bind-try', file, file);
  return args;
}

async function bwrapArgs(sandbox: MultiStepSandbox, spec: LaunchSpec, node: string): Promise<string[]> {
  const home = nodeHome(node);
  const tmpfsBytes = (spec.tmpfsMb ?? sandboxTmpfsMb(spec.memoryMb)) * 1048576;
  // The root and /dev are tmpfs that bwrap makes (half the machine's memory each, uncounted by any
  // limit): both are made read-only, and the writable ones are sized. Old bwrap cannot size: no /tmp then.
  const sizedTmp = sandbox.sizedTmpfs ? ['--size', String(tmpfsBytes), '--tmpfs', '/tmp'] : [];
  const sizedShm = sandbox.sizedTmpfs ? ['--size', String(Math.max(1048576, Math.floor(tmpfsBytes / 4))), '--tmpfs', '/dev/shm'] : [];
  const args = [
    '--unshare-user',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    '--uid',
    String(SANDBOX_UID),
    '--gid',
    String(SANDBOX_UID),
    '--hostname',
    'sightline-sandbox',
    '--die-with-parent',
    '--new-session',
    ...(sandbox.disableUserns ? ['--disable-userns'] : []),
    // First, so the binds below (the run's folder may be in /tmp) land on it.
    ...sizedTmp,
    ...(await systemBinds()),
    ...(home === '/usr' || home.startsWith('/usr/') ? [] : ['--ro-bind', home, home]),
    '--ro-bind',
    await resolved(spec.nodeModules),
    spec.nodeModules,
    '--bind',
    await resolved(spec.workspaceRoot),
    spec.workspaceRoot,
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    ...sizedShm,
    '--remount-ro',
    '/dev',
    '--remount-ro',
    '/',
    '--chdir',
    spec.cwd,
    '--',
  ];
  return args;
}

/**
 * The command for one multi-step run. With bubblewrap: own PID, user, IPC and UTS namespaces (the
 * network is shared: checks call APIs), a read-only system, the run's folder as the only writable
 * place, nothing of the data folder, $HOME or the server's files, uid 65534, killed with its parent;
 * when its first process ends, the PID namespace and every process in it go. The environment is
 * handed over by exec, never on the command line, so `ps` shows no secret.
 */
export async function launchCommand(sandbox: MultiStepSandbox, spec: LaunchSpec): Promise<Launch> {
  if (sandbox.isolation === 'none' || !sandbox.bwrap) {
    const [command, args] = limitedNode(spec, spec.node);
    return { command, args, env: spec.env, cwd: spec.cwd };
  }
  const node = await resolved(spec.node);
  const [command, args] = limitedNode(spec, node);
  const path = [dirname(node), '/usr/local/bin', '/usr/bin', '/bin'].filter((dir, i, all) => all.indexOf(dir) === i).join(':');
  return {
    command: sandbox.bwrap,
    args: [...(await bwrapArgs(sandbox, spec, node)), command, ...args],
    env: { ...spec.env, PATH: path },
    // bwrap changes into the work dir inside; outside, "/" is reachable whoever bwrap runs as.
    cwd: '/',
    ...(sandbox.runAs ? { uid: sandbox.runAs.uid, gid: sandbox.runAs.gid } : {}),
  };
}

/**
 * Gives a run's folder to the user the sandbox runs as (a root server's runs are nobody's), or
 * back to the server's own user. Only root changes owners; other servers' runs own their files already.
 */
export async function handOver(root: string, runAs: MultiStepSandbox['runAs']): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const owner = runAs ?? { uid: 0, gid: 0 };
  const visit = async (path: string): Promise<void> => {
    await lchown(path, owner.uid, owner.gid);
    const stat = await lstat(path);
    if (!stat.isDirectory()) return;
    for (const entry of await readdir(path)) await visit(join(path, entry));
  };
  await visit(root);
}

function unisolated(reason: string): MultiStepSandbox {
  return { isolation: 'none', reason, bwrap: null, runAs: null, disableUserns: false, sizedTmpfs: false };
}

/** The first line that says something. */
export function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .find(Boolean) ?? ''
  );
}

export interface ProbeOptions {
  /** The node_modules holding @playwright/test. */
  nodeModules: string;
}

/**
 * Whether multi-step runs can be sandboxed here, found once at start (a real sandboxed node that
 * writes into a run folder in the same temp root the runs use). A root server first tries to run
 * the sandbox as nobody, then as itself (uid 65534 inside a user namespace either way).
 */
export async function probeSandbox(deps: ExecutorDeps, options: ProbeOptions): Promise<MultiStepSandbox> {
  const platform = deps.platform ?? process.platform;
  if (platform !== 'linux') return unisolated(`bubblewrap sandboxes exist only on Linux (this is ${platform}); scripts run as the server's user with only a time limit, a clean environment and a memory limit for node`);
  const bwrap = deps.tools?.bwrap ?? 'bwrap';
  const version = await runTool({ command: bwrap, args: ['--version'], timeoutMs: PROBE_TIMEOUT_MS }, deps);
  if (version.missing) return unisolated(`bubblewrap ("${bwrap}") is not installed: ${INSTALL_HINT}`);
  const [major = 0, minor = 0] = (/(\d+)\.(\d+)/.exec(version.stdout)?.slice(1) ?? []).map(Number);
  const disableUserns = major > 0 || minor >= 8;
  // --size came with bubblewrap 0.7; a setuid bwrap refuses it, which the probe finds out.
  const sizing = major > 0 || minor >= 7 ? [true, false] : [false];

  const root = await mkdtemp(join(deps.tempRoot ?? tmpdir(), 'sightline-sandbox-probe-'));
  const marker = join(root, 'probe');
  const node = deps.tools?.node ?? process.execPath;
  const isRoot = process.getuid?.() === 0;
  const candidates: (MultiStepSandbox['runAs'])[] = isRoot ? [{ uid: SANDBOX_UID, gid: SANDBOX_UID }, null] : [null];
  let failure = '';
  try {
    for (const [runAs, sizedTmpfs] of candidates.flatMap((runAs) => sizing.map((sized) => [runAs, sized] as const))) {
      const sandbox: MultiStepSandbox = { isolation: 'bubblewrap', reason: null, bwrap, runAs, disableUserns, sizedTmpfs };
      await handOver(root, runAs);
      const launch = await launchCommand(sandbox, {
        node,
        args: ['-e', "require('node:fs').writeFileSync(process.argv[1], 'sandboxed')", marker],
        cwd: root,
        workspaceRoot: root,
        nodeModules: options.nodeModules,
        env: { HOME: root },
        memoryMb: DEFAULT_MULTISTEP_MEMORY_MB,
        platform,
      });
      const run = await runTool({ ...launch, timeoutMs: PROBE_TIMEOUT_MS }, deps);
      const wrote = await readFile(marker, 'utf8').catch(() => '');
      if (run.exitCode === 0 && wrote === 'sandboxed') return sandbox;
      failure = firstLine(run.stderr) || (run.timedOut ? 'the test run did not finish' : `exit code ${run.exitCode}`);
      await rm(marker, { force: true });
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  return unisolated(
    `bubblewrap cannot create a sandbox here (${failure}); allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1, or on Ubuntu an AppArmor profile for bwrap) or run where bwrap works`,
  );
}

const probes = new Map<string, Promise<MultiStepSandbox>>();

/** The sandbox the runs use: the one found at start, else probed once per process for these tools. */
export function sandboxFor(deps: ExecutorDeps, nodeModules: string): Promise<MultiStepSandbox> {
  if (deps.multiStepSandbox) return Promise.resolve(deps.multiStepSandbox);
  const key = JSON.stringify([deps.tools?.bwrap, deps.tools?.node, deps.tempRoot, deps.platform, nodeModules]);
  let probe = probes.get(key);
  if (!probe) {
    probe = probeSandbox(deps, { nodeModules });
    probes.set(key, probe);
  }
  return probe;
}

/** What the Agent section and /health show of the sandbox. */
export function isolationView(sandbox: MultiStepSandbox, memoryMb: number): MultiStepIsolationView {
  return { mode: sandbox.isolation, reason: sandbox.reason, memoryLimitMb: memoryMb };
}

/** The line logged once at start when scripts cannot be isolated. */
export function notIsolatedWarning(sandbox: MultiStepSandbox): string {
  return `multi-step scripts are NOT isolated: ${sandbox.reason ?? 'no sandbox'}. They run as this process's user and can read what it can read; only a time limit, a clean environment and a memory limit apply.`;
}
