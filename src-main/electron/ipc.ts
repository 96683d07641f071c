import { app, ipcMain, type BrowserWindow } from 'electron';
import { CONNECTION_CHANNEL, LOGIN_ITEM_GET_CHANNEL, LOGIN_ITEM_SET_CHANNEL, type DesktopConnection } from '../preload/channel';
import { setStartAtLogin, startAtLogin } from './login-item';
import { isFromOwnFrame } from './security';

/**
 * The main process's IPC: the launch connection and the login item, answered only for the console
 * window's own top frame on app:// (anything else gets null, or a refusal).
 */
export function answerConsoleIpc(connection: DesktopConnection, window: () => BrowserWindow | null): void {
  ipcMain.on(CONNECTION_CHANNEL, (event) => {
    event.returnValue = isFromOwnFrame(event, window()) ? connection : null;
  });
  ipcMain.handle(LOGIN_ITEM_GET_CHANNEL, (event) => {
    if (!isFromOwnFrame(event, window())) throw new Error('refused: not the Sightline console');
    return startAtLogin(app);
  });
  ipcMain.handle(LOGIN_ITEM_SET_CHANNEL, (event, enabled: unknown) => {
    if (!isFromOwnFrame(event, window())) throw new Error('refused: not the Sightline console');
    if (typeof enabled !== 'boolean') throw new Error('enabled: expected true or false');
    return setStartAtLogin(app, enabled);
  });
}
