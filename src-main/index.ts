// Electron entry: the window lives in ./electron; the backend is the same boot() that `sightline serve` uses.
import { startDesktop } from './electron/desktop';

startDesktop();
