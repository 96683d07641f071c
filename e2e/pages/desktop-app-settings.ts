import type { Locator, Page } from '@playwright/test';
import type { SightlineServer } from '../fixtures/server';
import { choose } from './console';

/** Settings → Desktop app, shown only inside the desktop app. */
export class DesktopAppSettings {
  readonly section: Locator;
  readonly notificationsForm: Locator;
  readonly enabled: Locator;
  readonly allMonitors: Locator;
  readonly chosenMonitors: Locator;
  readonly monitors: Locator;
  readonly save: Locator;
  readonly startAtLogin: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole('region', { name: 'Desktop app' });
    this.notificationsForm = this.section.getByRole('form', { name: 'Desktop notifications' });
    this.enabled = this.notificationsForm.getByRole('switch', { name: 'Show alerts as desktop notifications' });
    this.allMonitors = this.notificationsForm.getByText('All monitors', { exact: true });
    this.chosenMonitors = this.notificationsForm.getByText('Chosen monitors', { exact: true });
    this.monitors = this.notificationsForm.getByRole('combobox', { name: 'Monitors' });
    this.save = this.notificationsForm.getByRole('button', { name: 'Save notifications' });
    this.startAtLogin = this.section.getByRole('switch', { name: 'Start Sightline at login' });
  }

  /**
   * Opens the console as the desktop app's window does: the preload's bridge (src-main/preload/bridge.ts)
   * is given by an init script carrying the server's address and a key, and a login item kept in the page.
   */
  static async openAsDesktopApp(page: Page, server: SightlineServer): Promise<DesktopAppSettings> {
    await page.addInitScript(
      ({ apiBaseUrl, token }) => {
        const state = { openAtLogin: false, calls: [] as boolean[] };
        Object.assign(window, { __loginItem: state });
        Object.defineProperty(window, 'sightline', {
          value: Object.freeze({
            apiBaseUrl,
            token,
            desktop: Object.freeze({
              startAtLogin: async () => state.openAtLogin,
              setStartAtLogin: async (enabled: boolean) => {
                state.calls.push(enabled);
                state.openAtLogin = enabled;
                return state.openAtLogin;
              },
            }),
          }),
        });
      },
      { apiBaseUrl: server.baseURL, token: server.apiKey },
    );
    await page.goto('/#/settings');
    return new DesktopAppSettings(page);
  }

  /** Picks a monitor by name and closes the list (it stays open for more picks, over the Save button). */
  async chooseMonitor(name: string): Promise<void> {
    await choose(this.page, this.monitors, name);
    await this.monitors.press('Escape');
  }

  /** What the app was asked to set as its login item, in order. */
  loginItemCalls(): Promise<boolean[]> {
    return this.page.evaluate(() => (window as unknown as { __loginItem: { calls: boolean[] } }).__loginItem.calls);
  }
}
