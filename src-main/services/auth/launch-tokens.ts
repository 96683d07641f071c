import { sameHash } from './keys';
import type { Principal } from './principal';

/**
 * Per-launch tokens: the Electron preload hands one to the console. They live only in memory,
 * so a token dies with the process that issued it.
 */
export class LaunchTokens {
  private readonly tokens = new Map<string, Principal>();

  add(keyHash: string, principal: Principal): void {
    this.tokens.set(keyHash, principal);
  }

  verify(keyHash: string): Principal | null {
    for (const [stored, principal] of this.tokens) {
      if (sameHash(stored, keyHash)) return principal;
    }
    return null;
  }
}
