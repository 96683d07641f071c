/** Nearest-rank percentile of an ascending array (NaN when empty). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function median(values: readonly number[]): number {
  return percentile([...values].sort((a, b) => a - b), 50);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export const fmt = {
  int: (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a'),
  fixed: (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a'),
  pct: (n: number, digits = 3) => (Number.isFinite(n) ? `${(n * 100).toFixed(digits)} %` : 'n/a'),
  ms: (n: number) => (Number.isFinite(n) ? `${Math.round(n).toLocaleString('en-US')} ms` : 'n/a'),
  mb: (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : 'n/a'),
  s: (seconds: number) => (Number.isFinite(seconds) ? `${seconds.toFixed(2)} s` : 'n/a'),
};
