/**
 * The one way the console writes a percentage: the sign right after the number ("100%", "99.95%",
 * "33.33%"), as in the monitors list, result pages and settings. Never "100 %" beside "100%".
 */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  // At most two decimals, without trailing zeros: a loss of 33.333… reads "33.33%", 50 reads "50%".
  return `${Number(value.toFixed(2))}%`;
}

/**
 * An uptime: "100%" and "0%" only when every or no run passed; between them two decimals cut (not
 * rounded), so a single failure among thousands never reads "100%" (it reads "99.99%").
 */
export function formatUptime(percent: number | null): string {
  if (percent === null) return '—';
  if (percent >= 100) return '100%';
  if (percent <= 0) return '0%';
  return `${Math.min(99.99, Math.floor(percent * 100) / 100).toFixed(2)}%`;
}

