import { AGENT_RUN_TYPE_NAMES, CHECK_TYPE_MODULES, laneEnvOf, laneFlagOf } from '../../src-shared/check-types';
import { LANE_FLAGS_TEXT } from '../../src-shared/rules/lanes';

/** The lanes' capacity flags as `parseArgs` options of `serve` and `agent`: one per check type that runs here. */
export const LANE_OPTIONS: Record<string, { type: 'string' }> = Object.fromEntries(AGENT_RUN_TYPE_NAMES.map((type) => [laneFlagOf(type).slice(2), { type: 'string' }]));

/** The widest line of the usage text. */
const USAGE_WIDTH = 98;

/** Words laid out greedily after `first` on the first line and `indent` on the next ones. */
export function wrapWords(words: readonly string[], first: string, indent: string, width = USAGE_WIDTH): string {
  const lines: string[] = [];
  let line = first;
  for (const word of words) {
    const next = line === first || line === indent ? `${line}${word}` : `${line} ${word}`;
    if (next.length > width && line !== first && line !== indent) {
      lines.push(line);
      line = `${indent}${word}`;
    } else {
      line = next;
    }
  }
  lines.push(line);
  return lines.join('\n');
}

/** `[--lane-icmp N] [--lane-traceroute N] [--lane-multistep N]`: the synopsis tokens. */
export const LANE_SYNOPSIS_TOKENS = AGENT_RUN_TYPE_NAMES.map((type) => `[${laneFlagOf(type)} N]`);

/** How `serve --help` describes the lane flags: the flags, each type's default and the environment variables. */
export function serveLaneUsage(): string {
  const defaults = AGENT_RUN_TYPE_NAMES.map((type) => `${CHECK_TYPE_MODULES[type].name} ${CHECK_TYPE_MODULES[type].run.lane.defaultsText}`).join('; ');
  const text = `(defaults: ${defaults}; also env ${AGENT_RUN_TYPE_NAMES.map(laneEnvOf).join(', ')})`;
  return `          ${LANE_FLAGS_TEXT}  runs at once in each check type's lane\n${wrapWords(text.split(' '), ' '.repeat(22), ' '.repeat(22))}`;
}

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** "all three": how many lanes `--concurrency` sets. */
export const ALL_LANES_TEXT = `all ${COUNT_WORDS[AGENT_RUN_TYPE_NAMES.length] ?? String(AGENT_RUN_TYPE_NAMES.length)}`;

/** The value `parseArgs` read for a lane's flag (its options come from LANE_OPTIONS, so its typed values do not name them). */
export function laneFlagValue(values: Record<string, unknown>, flag: string): string | undefined {
  const value = values[flag.slice(2)];
  return typeof value === 'string' ? value : undefined;
}
