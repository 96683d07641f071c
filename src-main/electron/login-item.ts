/** The part of Electron's `app` that owns the OS login item. */
export interface LoginItemApp {
  getLoginItemSettings(): { openAtLogin: boolean };
  setLoginItemSettings(settings: { openAtLogin: boolean; openAsHidden?: boolean; args?: string[] }): void;
}

/** Started at login, the app opens straight to the tray: the window stays hidden until asked for. */
export const HIDDEN_AT_LOGIN_ARG = '--hidden';

/** Start at login is the OS's own setting (opt-in, off by default), read back from it rather than stored by us. */
export function startAtLogin(app: LoginItemApp): boolean {
  return app.getLoginItemSettings().openAtLogin;
}

export function setStartAtLogin(app: LoginItemApp, enabled: boolean): boolean {
  // openAsHidden is macOS's; elsewhere the argument tells the started app to stay in the tray.
  app.setLoginItemSettings({ openAtLogin: enabled, openAsHidden: enabled, args: enabled ? [HIDDEN_AT_LOGIN_ARG] : [] });
  return startAtLogin(app);
}

export function launchedHidden(argv: readonly string[]): boolean {
  return argv.includes(HIDDEN_AT_LOGIN_ARG);
}
