import './lib/no-eval';
// Before everything else the console is made of: the landing page's first requests leave from here.
import './app/early-start';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import './app/readable.css';
import { landingQueriesAnswered } from './app/api-clients';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// How long the first render may wait for the landing page's answers (they usually arrive while the chunk
// is evaluated): with them in the cache the shell and the page render in one pass, not placeholders first.
const FIRST_RENDER_WAIT_MS = 60;

// The rest of the console is its own chunk: this one (the early start's few modules) is evaluated and
// its requests are on the wire before the page spends ~60 ms evaluating React, Mantine and every page.
import('./app/render-console').then(
  async ({ renderConsole }) => {
    await landingQueriesAnswered(FIRST_RENDER_WAIT_MS);
    renderConsole(container);
  },
  () => {
    container.textContent = 'The console could not be loaded. Check that the server is running, then reload the page.';
  },
);
