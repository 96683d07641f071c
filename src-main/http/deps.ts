import type { LaunchTokens } from '../services/auth/launch-tokens';
import type { ServiceDeps } from '../services/context';

export interface HttpDeps {
  services: ServiceDeps;
  launchTokens: LaunchTokens;
}
