import { contextBridge, ipcRenderer } from 'electron';
import { makeBridge } from './bridge';
import { CONNECTION_CHANNEL, type DesktopConnection } from './channel';

// Sandboxed preload: no Node; one synchronous IPC call fetches the per-launch token before the console starts.
const connection = ipcRenderer.sendSync(CONNECTION_CHANNEL) as DesktopConnection | null;
const bridge = makeBridge(ipcRenderer, connection, window.location);
if (bridge) contextBridge.exposeInMainWorld('sightline', bridge);
