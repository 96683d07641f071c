/** Providers known to ignore dots in the local part, mapped to the domain they deliver to. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address delivers to, for counting and for "one subscription per mailbox": lower
 * case, a `+tag` cut from the local part (nearly every provider delivers `name+tag` to `name`), and
 * dots dropped only where the provider is known to ignore them (Gmail) — elsewhere `first.last`
 * and `firstlast` can be two people. Mail still goes to the address as typed.
 */
export function mailboxOf(address: string): string {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  let local = email.slice(0, at);
  let domain = email.slice(at + 1);
  const plus = local.indexOf('+');
  // "+news@example.com" has no name before the tag: it is its own mailbox.
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    local = local.replace(/\./g, '') || local;
    domain = dotless;
  }
  return `${local}@${domain}`;
}
