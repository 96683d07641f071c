import './lib/no-eval';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import './app/readable.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startEarly } from './app/api-clients';
import { App } from './app/app';
import { initialConnection } from './lib/connection';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Signed in already (Electron, or the browser's signed-in hint): the landing page's queries go out now.
const connection = initialConnection();
if (connection.status === 'signedIn' || connection.status === 'assumed') startEarly(connection.trpcUrl, connection.token);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
