/** The console's keyboard shortcuts: one table for the handler and the help dialog. */
export interface Shortcut {
  keys: readonly string[];
  description: string;
}

/** "g" then a letter opens a section. */
export const GO_TO: Readonly<Record<string, { path: string; label: string }>> = {
  d: { path: '/', label: 'Dashboard' },
  m: { path: '/monitors', label: 'Monitors' },
  s: { path: '/sessions', label: 'Sessions' },
  n: { path: '/notifications', label: 'Notifications' },
};

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['/'], description: 'Focus the search field of a list' },
  ...Object.entries(GO_TO).map(([key, target]) => ({ keys: ['g', key], description: `Go to ${target.label}` })),
  { keys: ['?'], description: 'Show these shortcuts' },
];

/** How long after "g" the second key still counts. */
export const SEQUENCE_MS = 1500;

/** Typing in a field, an editor or a dropdown is never a shortcut. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
  }
  return target.closest('[contenteditable="true"], .cm-editor') !== null;
}
