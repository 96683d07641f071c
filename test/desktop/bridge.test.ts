import { describe, expect, it } from 'vitest';
import { isConsoleRoute, makeBridge, type BridgeIpc } from '../../src-main/preload/bridge';
import { LOGIN_ITEM_GET_CHANNEL, LOGIN_ITEM_SET_CHANNEL, NAVIGATE_CHANNEL } from '../../src-main/preload/channel';

/** ipcRenderer wired to a main process that keeps the login item, as desktop.ts answers these channels. */
class FakeIpc implements BridgeIpc {
  openAtLogin = false;
  invoked: [string, unknown[]][] = [];
  private listeners = new Map<string, (event: unknown, ...args: unknown[]) => void>();
  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invoked.push([channel, args]);
    if (channel === LOGIN_ITEM_SET_CHANNEL) this.openAtLogin = args[0] === true;
    return Promise.resolve(channel === LOGIN_ITEM_GET_CHANNEL || channel === LOGIN_ITEM_SET_CHANNEL ? this.openAtLogin : undefined);
  }
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): this {
    this.listeners.set(channel, listener);
    return this;
  }
  /** The main process sends to the console's window. */
  send(channel: string, ...args: unknown[]): void {
    this.listeners.get(channel)?.({}, ...args);
  }
}

describe('desktop app: the preload bridge the console sees as window.sightline', () => {
  it('carries the connection and the desktop-only start-at-login setting, read from and written to the main process', async () => {
    const ipc = new FakeIpc();
    const bridge = makeBridge(ipc, { apiBaseUrl: 'http://127.0.0.1:4310', token: 't0k' }, { hash: '' });
    expect(bridge).toMatchObject({ apiBaseUrl: 'http://127.0.0.1:4310', token: 't0k' });
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(await bridge?.desktop.startAtLogin()).toBe(false);
    expect(await bridge?.desktop.setStartAtLogin(true)).toBe(true);
    expect(await bridge?.desktop.startAtLogin()).toBe(true);
    expect(ipc.invoked.map(([channel]) => channel)).toEqual([LOGIN_ITEM_GET_CHANNEL, LOGIN_ITEM_SET_CHANNEL, LOGIN_ITEM_GET_CHANNEL]);
  });

  it('a frame the main process refuses (no connection) gets no bridge at all', () => {
    expect(makeBridge(new FakeIpc(), null, { hash: '' })).toBeNull();
  });

  it('a clicked notification opens its console route; anything that is not a route is ignored', () => {
    const ipc = new FakeIpc();
    const location = { hash: '#/' };
    makeBridge(ipc, { apiBaseUrl: 'http://127.0.0.1:1', token: 't' }, location);
    ipc.send(NAVIGATE_CHANNEL, '/monitors/6f1c2b1e-1b1a-4c53-9a43-0d9d8f0e2a11');
    expect(location.hash).toBe('#/monitors/6f1c2b1e-1b1a-4c53-9a43-0d9d8f0e2a11');
    for (const bad of ['javascript:alert(1)', '//evil.example', 'https://evil.example/', 42, null, '/monitors/<script>']) {
      ipc.send(NAVIGATE_CHANNEL, bad);
      expect(location.hash).toBe('#/monitors/6f1c2b1e-1b1a-4c53-9a43-0d9d8f0e2a11');
    }
    expect(isConsoleRoute('/')).toBe(true);
  });
});
