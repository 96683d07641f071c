import { initialConnection } from '../lib/connection';
import { startEarly } from './api-clients';

// Signed in already (Electron, or the browser's signed-in hint): the landing page's queries go out now.
const connection = initialConnection();
if (connection.status === 'signedIn' || connection.status === 'assumed') startEarly(connection.trpcUrl, connection.token);
