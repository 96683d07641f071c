/** "1.2 kB": body sizes in the units a browser's network panel uses. */
export function formatSize(bytes: number | undefined): string {
  if (bytes === undefined) return '—';
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
