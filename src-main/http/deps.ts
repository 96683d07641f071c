import type { LaunchTokens } from '../services/auth/launch-tokens';
import type { ServiceDeps } from '../services/context';
import type { RequestLimits } from './request-limits';

export interface HttpDeps {
  services: ServiceDeps;
  launchTokens: LaunchTokens;
  /** The per-key request budget (REST and tRPC) and the per-address limit on failed authentications. */
  limits: RequestLimits;
}
