/** The tool output a result keeps for the operator (fping, ping, mtr): the first 16 KiB. */
export const RAW_OUTPUT_MAX_CHARS = 16 * 1024;

/** Joins a run's streams and cuts them to RAW_OUTPUT_MAX_CHARS, saying so where it cut. */
export function boundedOutput(...streams: string[]): string {
  const text = streams
    .map((stream) => stream.trimEnd())
    .filter((stream) => stream !== '')
    .join('\n');
  if (text.length <= RAW_OUTPUT_MAX_CHARS) return text;
  return `${text.slice(0, RAW_OUTPUT_MAX_CHARS)}\n… output cut at 16 KiB`;
}

/**
 * One target's share of a batched fping run: the command as it would be run for that target alone
 * and the lines that name it, so a check's result never shows the other checks of the batch.
 */
export function fpingOutputFor(address: string, args: readonly string[], addresses: ReadonlySet<string>, output: string): string {
  const options = args.filter((arg) => !addresses.has(arg));
  const lines = output.split('\n').filter((line) => line.split(/\s/, 1)[0] === address || line.startsWith(`${address}:`));
  return boundedOutput([`$ fping ${[...options, address].join(' ')}`, ...lines].join('\n'));
}
