import './lib/no-eval';
// Before everything else the console is made of: the landing page's first requests leave from here.
import './app/early-start';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import './app/readable.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
