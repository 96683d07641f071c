import { describe, expect, it } from 'vitest';
import { denyAllPermissions, isFromOwnFrame, isOpenableExternally, isOwnPage, type PermissionSession } from '../../src-main/electron/security';

/** An Electron session as far as permissions go: it asks the handler, as Electron does for a page's request. */
class FakeSession implements PermissionSession {
  request: Parameters<PermissionSession['setPermissionRequestHandler']>[0] = null;
  check: Parameters<PermissionSession['setPermissionCheckHandler']>[0] = null;
  setPermissionRequestHandler(handler: FakeSession['request']): void {
    this.request = handler;
  }
  setPermissionCheckHandler(handler: FakeSession['check']): void {
    this.check = handler;
  }
  /** Without a handler Electron grants the request. */
  ask(permission: string): boolean {
    let granted = true;
    this.request?.({}, permission, (answer) => (granted = answer));
    return granted;
  }
}

describe('desktop app: security checklist decisions', () => {
  it('every permission request (camera, notifications, geolocation, clipboard…) is denied, and checks say no', () => {
    const session = new FakeSession();
    expect(session.ask('media')).toBe(true);
    denyAllPermissions(session);
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal', 'midi']) expect(session.ask(permission)).toBe(false);
    expect(session.check?.({}, 'notifications')).toBe(false);
  });

  it('IPC is answered only for the console window\'s own top frame showing an app:// page', () => {
    const mainFrame = { url: 'app://sightline/index.html#/monitors' };
    const webContents = { mainFrame };
    const window = { webContents };
    expect(isFromOwnFrame({ sender: webContents, senderFrame: mainFrame }, window)).toBe(true);
    // An iframe inside the console, another window, a page navigated elsewhere, a frame already gone, no window yet.
    expect(isFromOwnFrame({ sender: webContents, senderFrame: { url: 'app://sightline/index.html' } }, window)).toBe(false);
    expect(isFromOwnFrame({ sender: { mainFrame }, senderFrame: mainFrame }, window)).toBe(false);
    const elsewhere = { url: 'https://evil.example/' };
    expect(isFromOwnFrame({ sender: { mainFrame: elsewhere }, senderFrame: elsewhere }, { webContents: { mainFrame: elsewhere } })).toBe(false);
    expect(isFromOwnFrame({ sender: webContents, senderFrame: null }, window)).toBe(false);
    expect(isFromOwnFrame({ sender: webContents, senderFrame: mainFrame }, null)).toBe(false);
  });

  it('openExternal takes only http(s) links to Sightline\'s own server or public URL', () => {
    const own = ['http://127.0.0.1:4310', 'https://status.example.com/sightline'];
    expect(isOpenableExternally('http://127.0.0.1:4310/docs', own)).toBe(true);
    expect(isOpenableExternally('http://127.0.0.1:4310/status/shop', own)).toBe(true);
    expect(isOpenableExternally('https://status.example.com/monitors/abc?result=1', own)).toBe(true);
    for (const refused of [
      'https://evil.example/',
      'http://127.0.0.1:4311/docs',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://127.0.0.1/share',
      'http://user:pass@127.0.0.1:4310/docs',
      'http://status.example.com/monitors',
      'not a url',
    ]) {
      expect(isOpenableExternally(refused, own), refused).toBe(false);
    }
  });

  it('the window navigates only within app://sightline', () => {
    expect(isOwnPage('app://sightline/index.html#/settings')).toBe(true);
    expect(isOwnPage('app://sightline.evil/index.html')).toBe(false);
    expect(isOwnPage('file:///tmp/out/renderer/index.html')).toBe(false);
    expect(isOwnPage('http://127.0.0.1:4310/')).toBe(false);
  });
});
