import type { ElectronApplication } from '@playwright/test';

/** What the app's main process shows outside any page (src-main/electron/test-probe.ts): the tray and the OS notifications. */
export class DesktopProbe {
  constructor(private readonly app: ElectronApplication) {}

  trayMenu(): Promise<{ label: string; enabled: boolean }[]> {
    return this.app.evaluate(() => {
      const probe = (globalThis as { __sightlineTestProbe?: { trayMenu?: { label?: string; enabled?: boolean }[] } }).__sightlineTestProbe;
      return (probe?.trayMenu ?? []).filter((item) => item.label).map((item) => ({ label: item.label ?? '', enabled: item.enabled !== false }));
    });
  }

  trayTooltip(): Promise<string> {
    return this.app.evaluate(() => (globalThis as { __sightlineTestProbe?: { trayTooltip?: string } }).__sightlineTestProbe?.trayTooltip ?? '');
  }

  /** Clicks a tray menu item by its label, as the user would in the OS's tray menu. */
  clickTrayItem(label: string): Promise<void> {
    return this.app.evaluate((_electron, wanted) => {
      const probe = (globalThis as { __sightlineTestProbe?: { trayMenu?: { label?: string; click?: () => void }[] } }).__sightlineTestProbe;
      const item = probe?.trayMenu?.find((candidate) => candidate.label === wanted);
      if (!item?.click) throw new Error(`no tray item "${wanted}"`);
      item.click();
    }, label);
  }

  notices(): Promise<{ title: string; body: string; route: string }[]> {
    return this.app.evaluate(() => (globalThis as { __sightlineTestProbe?: { notices: { title: string; body: string; route: string }[] } }).__sightlineTestProbe?.notices ?? []);
  }

  /** Clicks a notice the OS showed, by its place in the order they were shown. */
  clickNotice(index: number): Promise<void> {
    return this.app.evaluate((_electron, at) => {
      const probe = (globalThis as { __sightlineTestProbe?: { noticeClicks: (() => void)[] } }).__sightlineTestProbe;
      const click = probe?.noticeClicks[at];
      if (!click) throw new Error(`no notice ${at}`);
      click();
    }, index);
  }

  windowVisible(): Promise<boolean> {
    return this.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.isVisible() ?? false);
  }

  windowBounds(): Promise<{ width: number; height: number }> {
    return this.app.evaluate(({ BrowserWindow }) => {
      const [width, height] = BrowserWindow.getAllWindows()[0]?.getSize() ?? [0, 0];
      return { width, height };
    });
  }

  /** Closes the window with its close button's path (BrowserWindow.close), not by quitting. */
  closeWindow(): Promise<void> {
    return this.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close());
  }

  resizeWindow(width: number, height: number): Promise<void> {
    return this.app.evaluate(({ BrowserWindow }, size) => BrowserWindow.getAllWindows()[0]?.setSize(size.width, size.height), { width, height });
  }
}
