import type { Principal } from '../auth/principal';
import type { ServiceContext } from '../context';

/** A service call that also needs to know who acts: owner-only rules and the inviter's e-mail. */
export interface ActorContext extends ServiceContext {
  actor: Principal;
}
