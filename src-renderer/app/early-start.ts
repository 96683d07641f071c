import { initialConnection } from '../lib/connection';
import { startEarly } from './api-clients';

// Signed in already (Electron, or the browser's signed-in hint): the landing page's queries go out now.
const connection = initialConnection();
if (connection.status === 'signedIn' || connection.status === 'assumed') startEarly(connection.trpcUrl, connection.token);

// tRPC sends a batch from a timer: yielding here lets it leave before the rest of the bundle (React
// DOM, Mantine, the pages and their schemas, ~50 ms) is evaluated, instead of after. main.tsx imports
// this module before the app, and the bundle is one chunk, so the rest waits for this line.
await new Promise((resolve) => setTimeout(resolve));
