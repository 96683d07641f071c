import type { ConsoleSessions, LaunchTokens } from '../services/auth';
import type { ServiceDeps } from '../services/context';
import type { RequestLimits } from './request-limits';

/** The console's sessions and the name of their cookie (one per data folder, so two servers on one host keep theirs apart). */
export interface ConsoleSessionDeps {
  store: ConsoleSessions;
  cookieName: string;
}

export interface HttpDeps {
  services: ServiceDeps;
  launchTokens: LaunchTokens;
  /** The per-key request budget (REST and tRPC) and the per-address limit on failed authentications. */
  limits: RequestLimits;
  /** The console's sign-in sessions (headless mode): a cookie that stands for an API key on /trpc, never on /v1. */
  consoleSession: ConsoleSessionDeps;
}
