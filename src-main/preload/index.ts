import { contextBridge, ipcRenderer } from 'electron';
import { CONNECTION_CHANNEL, type DesktopConnection } from './channel';

// Sandboxed preload: no Node; one synchronous IPC call fetches the per-launch token before the console starts.
const connection = ipcRenderer.sendSync(CONNECTION_CHANNEL) as DesktopConnection;

contextBridge.exposeInMainWorld('sightline', Object.freeze({ apiBaseUrl: connection.apiBaseUrl, token: connection.token }));
