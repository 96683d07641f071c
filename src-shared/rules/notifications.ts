/** The listing of alert notifications spans at most 24 hours (spec 4.9). */
export const NOTIFICATION_WINDOW_SECONDS = 24 * 60 * 60;

export type NotificationWindow = { ok: true; from: number; to: number } | { ok: false; message: string };

/**
 * The `[from, to)` window in UNIX seconds from the optional query members: both given → at most
 * 24 h apart; only `to` → from = to − 24 h; only `from` → to = from + 24 h; neither → the 24 h
 * before `nowSeconds`.
 */
export function notificationWindow(from: number | undefined, to: number | undefined, nowSeconds: number): NotificationWindow {
  if (from !== undefined && to !== undefined) {
    if (to < from) return { ok: false, message: `from: must not be after to (from ${from}, to ${to})` };
    if (to - from > NOTIFICATION_WINDOW_SECONDS) {
      return { ok: false, message: `from, to: must be at most 24 hours (${NOTIFICATION_WINDOW_SECONDS} s) apart, got ${to - from} s` };
    }
    return { ok: true, from, to };
  }
  if (to !== undefined) return { ok: true, from: to - NOTIFICATION_WINDOW_SECONDS, to };
  if (from !== undefined) return { ok: true, from, to: from + NOTIFICATION_WINDOW_SECONDS };
  return { ok: true, from: nowSeconds - NOTIFICATION_WINDOW_SECONDS, to: nowSeconds };
}

/** Delivery attempts of one notification and the wait before each retry. */
export const DELIVERY_BACKOFF_SECONDS = [10, 30, 120, 600] as const;
export const MAX_DELIVERY_ATTEMPTS = DELIVERY_BACKOFF_SECONDS.length + 1;

/** The delay before attempt `attempts + 1` after `attempts` failed ones, or null when none is left. */
export function retryDelayMs(attempts: number): number | null {
  const seconds = DELIVERY_BACKOFF_SECONDS[attempts - 1];
  return seconds === undefined ? null : seconds * 1000;
}
