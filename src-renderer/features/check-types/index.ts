import { capitalized } from '../../../src-shared/check-types/define';
import { CHECK_TYPE_MODULES, perRunType, type RunType } from '../../../src-shared/check-types';
import { NEW_CHECK_PATH_PREFIX } from '../../../src-shared/rules/console-links';
import type { ConsoleCheckType } from './console-check-type';
import { API_CONSOLE } from './api';
import { DNS_CONSOLE } from './dns';
import { HEARTBEAT_CONSOLE } from './heartbeat';
import { GRPC_CONSOLE } from './grpc';
import { ICMP_CONSOLE } from './icmp';
import { MULTI_STEP_CONSOLE } from './multistep';
import { SSL_CONSOLE } from './ssl';
import { TCP_CONSOLE } from './tcp';
import { TRACEROUTE_CONSOLE } from './traceroute';
import { URL_CONSOLE } from './url';

/** The console's part of each check type that runs here: one line per type (docs/ARCHITECTURE.md, "Adding a check type"). */
export const CONSOLE_CHECK_TYPES: { [K in RunType]: ConsoleCheckType<K> } = {
  ICMP: ICMP_CONSOLE,
  TRACEROUTE: TRACEROUTE_CONSOLE,
  MULTI_STEP: MULTI_STEP_CONSOLE,
  SSL: SSL_CONSOLE,
  API: API_CONSOLE,
  URL: URL_CONSOLE,
  TCP: TCP_CONSOLE,
  DNS: DNS_CONSOLE,
  HEARTBEAT: HEARTBEAT_CONSOLE,
  GRPC: GRPC_CONSOLE,
};

/** Where a type's "New …" page lives: `/monitors/new-icmp`. */
export function newCheckPath(type: RunType): string {
  return `${NEW_CHECK_PATH_PREFIX}${CHECK_TYPE_MODULES[type].segment}`;
}

/** "ICMP monitor", "multi-step check". */
export function checkTypeNoun(type: RunType): string {
  return `${CHECK_TYPE_MODULES[type].name} ${CHECK_TYPE_MODULES[type].noun}`;
}

/** The lanes' names in the console: "ICMP", "Traceroute", "Multi-step". */
export const LANE_LABELS: Record<RunType, string> = perRunType((type) => capitalized(CHECK_TYPE_MODULES[type].name));
