import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loopbackAddress } from './api';

/** The shape of the generated project, so the scenario can say what it deployed. */
export interface DeployProjectShape {
  logicalId: string;
  checks: number;
  icmp: number;
  traceroute: number;
  multiStep: number;
  groups: number;
  alertChannels: number;
}

export interface DeployProjectOptions {
  checks: number;
  groups: number;
  /** Folder with the CLI's node_modules (it carries `checkly/constructs` for the project's imports). */
  cliNodeModules: string;
}

const LOGICAL_ID = 'bench-deploy-1k';

/** One traceroute in twenty and one multi-step in a hundred; the rest ICMP (the common case). */
function kindOf(index: number): 'icmp' | 'traceroute' | 'multistep' {
  if (index % 100 === 99) return 'multistep';
  if (index % 20 === 10) return 'traceroute';
  return 'icmp';
}

function checkConstruct(index: number): string {
  const id = String(index).padStart(4, '0');
  // Every target is its own loopback address: nothing leaves the machine.
  const host = loopbackAddress(index);
  switch (kindOf(index)) {
    case 'multistep':
      return `new MultiStepCheck('flow-${id}', { name: 'Flow ${id}', group, code: { entrypoint: '../flow.spec.ts' } })`;
    case 'traceroute':
      return `new TracerouteMonitor('route-${id}', { name: 'Route ${id}', group, request: { url: '${host}' } })`;
    default:
      return `new IcmpMonitor('ping-${id}', { name: 'Ping ${id}', group, request: { hostname: '${host}', pingCount: 2 } })`;
  }
}

function groupFile(groupIndex: number, indexes: number[]): string {
  const g = String(groupIndex).padStart(2, '0');
  // Half the groups subscribe to both channels, the other half to the webhook only.
  const channels = groupIndex % 2 === 0 ? '[email, hook]' : '[hook]';
  return [
    "import { CheckGroupV2, IcmpMonitor, MultiStepCheck, TracerouteMonitor } from 'checkly/constructs'",
    "import { email, hook } from '../channels.check'",
    '',
    `const group = new CheckGroupV2('group-${g}', { name: 'Bench group ${g}', tags: ['bench', 'g${g}'], alertChannels: ${channels} })`,
    '',
    ...indexes.map((i) => `${checkConstruct(i)}`),
    '',
  ].join('\n');
}

const CONFIG = `import { defineConfig } from 'checkly'

export default defineConfig({
  projectName: 'Bench deploy 1k',
  logicalId: '${LOGICAL_ID}',
  checks: {
    checkMatch: '__checks__/**/*.check.ts',
    locations: [],
    frequency: 10,
  },
  cli: { runLocation: 'eu-west-1' },
})
`;

const CHANNELS = `import { EmailAlertChannel, WebhookAlertChannel } from 'checkly/constructs'

export const email = new EmailAlertChannel('bench-email', { address: 'ops@example.test' })

// Port 9 on loopback: nothing listens, nothing leaves the machine.
export const hook = new WebhookAlertChannel('bench-hook', { name: 'Bench hook', url: new URL('http://127.0.0.1:9/hook'), method: 'POST' })
`;

// No request: a multi-step run that passes without a target, so alerts stay quiet during the bench.
const FLOW_SPEC = `import { expect, test } from '@playwright/test'

test('arithmetic holds', async () => {
  expect(1 + 1).toBe(2)
})
`;

/**
 * Writes a checkly project of `checks` constructs spread over `groups` CheckGroupV2 (one file each)
 * and two alert channels into `dir`, and links the CLI's node_modules so its imports resolve.
 */
export function writeDeployProject(dir: string, options: DeployProjectOptions): DeployProjectShape {
  const checksDir = join(dir, '__checks__');
  mkdirSync(join(checksDir, 'groups'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: LOGICAL_ID, private: true, type: 'module' }, null, 2));
  writeFileSync(join(dir, 'checkly.config.ts'), CONFIG);
  writeFileSync(join(checksDir, 'channels.check.ts'), CHANNELS);
  writeFileSync(join(checksDir, 'flow.spec.ts'), FLOW_SPEC);
  symlinkSync(options.cliNodeModules, join(dir, 'node_modules'), 'dir');
  const groups = Math.max(1, Math.min(options.groups, options.checks));
  for (let g = 0; g < groups; g++) {
    // Contiguous blocks, so each group gets its share of every kind.
    const indexes: number[] = [];
    for (let i = Math.floor((g * options.checks) / groups); i < Math.floor(((g + 1) * options.checks) / groups); i++) indexes.push(i);
    writeFileSync(join(checksDir, 'groups', `group-${String(g).padStart(2, '0')}.check.ts`), groupFile(g, indexes));
  }
  const kinds = Array.from({ length: options.checks }, (_, i) => kindOf(i));
  return {
    logicalId: LOGICAL_ID,
    checks: options.checks,
    icmp: kinds.filter((k) => k === 'icmp').length,
    traceroute: kinds.filter((k) => k === 'traceroute').length,
    multiStep: kinds.filter((k) => k === 'multistep').length,
    groups,
    alertChannels: 2,
  };
}
