/** What closing the console's window does. */
export type CloseAction = 'hide' | 'hide-and-tell' | 'close';

export interface CloseFacts {
  platform: NodeJS.Platform;
  /** The user asked to quit (tray "Quit", Cmd-Q, the OS logging out): the window really closes. */
  quitting: boolean;
  /** Without a tray (some Linux desktops have none) a hidden window could never be found again. */
  trayShown: boolean;
  /** The "keeps running in the tray" notice was already shown once (remembered across launches). */
  toldOnce: boolean;
}

/**
 * Closing hides the window so monitoring goes on; the first time it says so. macOS keeps its own
 * convention: the red button hides, the dock brings it back, Cmd-Q quits, no notice needed.
 */
export function decideClose(facts: CloseFacts): CloseAction {
  if (facts.quitting) return 'close';
  if (facts.platform === 'darwin') return 'hide';
  if (!facts.trayShown) return 'close';
  return facts.toldOnce ? 'hide' : 'hide-and-tell';
}

export interface ClosableWindow {
  on(event: 'close', listener: (event: { preventDefault(): void }) => void): unknown;
  hide(): void;
}

export interface BackgroundMode {
  isQuitting(): boolean;
  trayShown(): boolean;
  toldOnce(): boolean;
  /** Shows the one-time notice and remembers that it was shown. */
  tell(): void;
}

/** Turns a window's close into a hide while the app is not quitting. */
export function keepRunningOnClose(window: ClosableWindow, mode: BackgroundMode, platform: NodeJS.Platform): void {
  window.on('close', (event) => {
    const action = decideClose({ platform, quitting: mode.isQuitting(), trayShown: mode.trayShown(), toldOnce: mode.toldOnce() });
    if (action === 'close') return;
    event.preventDefault();
    window.hide();
    if (action === 'hide-and-tell') mode.tell();
  });
}

export const BACKGROUND_NOTICE = {
  title: 'Sightline keeps running',
  body: 'Monitoring goes on in the background. Open Sightline from its tray icon, or choose Quit there to stop it.',
};
