import { ConsoleSessionStatus, SIGNED_IN_HINT_COOKIE } from '../../src-shared/schemas/console-session';

/** Where earlier versions kept the key for a tab; removed on start, the key is no longer kept in the page. */
const LEGACY_API_KEY_STORAGE_KEY = 'sightline.apiKey';

/** The console's sign-in in headless mode (src-main/http/console-session): an HttpOnly cookie the page never sees. */
export const CONSOLE_SESSION_URL = '/console/session';

export type ConnectionMode = 'electron' | 'headless';

/**
 * Headless: unknown until the server said; signed in means the browser holds a session cookie.
 * `assumed`: the browser holds the signed-in hint, so the console is shown at once while the server
 * is asked; its answer makes it signed in (nothing re-renders) or signed out. Electron is always signed in.
 */
export type SignInStatus = 'checking' | 'assumed' | 'signedIn' | 'signedOut';

export interface Connection {
  mode: ConnectionMode;
  trpcUrl: string;
  /** Electron's launch token; null in headless mode, where the session cookie signs every request. */
  token: string | null;
  status: SignInStatus;
  /** Counts sign-ins, so a new one starts from a fresh cache. */
  generation: number;
}

function trimTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

/** Electron hands over the API address and launch token; headless mode uses same-origin /trpc and asks the server whether this browser is signed in. */
export function initialConnection(): Connection {
  const bridge = window.sightline;
  if (bridge) {
    return { mode: 'electron', trpcUrl: `${trimTrailingSlash(bridge.apiBaseUrl)}/trpc`, token: bridge.token, status: 'signedIn', generation: 0 };
  }
  forgetLegacyApiKey();
  return { mode: 'headless', trpcUrl: '/trpc', token: null, status: holdsSignedInHint() ? 'assumed' : 'checking', generation: 0 };
}

/** Whether the server set its signed-in hint beside the session cookie (SIGNED_IN_HINT_COOKIE) and has not cleared it. */
function holdsSignedInHint(): boolean {
  return document.cookie.split(';').some((part) => part.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}

function forgetLegacyApiKey(): void {
  try {
    window.sessionStorage.removeItem(LEGACY_API_KEY_STORAGE_KEY);
  } catch {
    // Storage may be disabled; then nothing was kept either.
  }
}

/** Why signing in did not work, worded for the sign-in form. */
export class SignInError extends Error {
  constructor(
    readonly reason: 'rejected' | 'blocked' | 'unreachable' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'SignInError';
  }
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : `HTTP ${response.status}`;
  } catch {
    return `HTTP ${response.status}`;
  }
}

async function sessionRequest(init: RequestInit): Promise<Response> {
  try {
    return await fetch(CONSOLE_SESSION_URL, { credentials: 'same-origin', cache: 'no-store', ...init });
  } catch {
    throw new SignInError('unreachable', 'The server could not be reached. Check that `sightline serve` is still running, then try again.');
  }
}

/** Whether this browser is signed in (any tab may have signed it in). */
export async function fetchSignInStatus(): Promise<ConsoleSessionStatus> {
  const response = await sessionRequest({ method: 'GET' });
  if (!response.ok) throw new SignInError('failed', `The server answered with an error: ${await messageOf(response)}`);
  return ConsoleSessionStatus.parse(await response.json());
}

/** Signs the browser in with an API key: the server checks it and answers with a session cookie. The key is kept nowhere in the page. */
export async function signIn(apiKey: string): Promise<ConsoleSessionStatus> {
  const response = await sessionRequest({ method: 'POST', headers: { Authorization: `Bearer ${apiKey}` } });
  if (response.status === 401) {
    throw new SignInError('rejected', 'That key was not accepted by the server. Check for a typo, or use the key the server was started with (--api-key).');
  }
  if (response.status === 429) throw new SignInError('blocked', await messageOf(response));
  if (!response.ok) throw new SignInError('failed', `The server answered with an error: ${await messageOf(response)}. Try again, or check the server log.`);
  return ConsoleSessionStatus.parse(await response.json());
}

/** Ends the browser's session on the server and clears its cookie (in every tab). */
export async function signOut(): Promise<void> {
  await sessionRequest({ method: 'DELETE' });
}
