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

/**
 * How long the first render may wait, once the console is evaluated, for the landing page's answers:
 * with them in the cache the shell and the page's content render in one pass, instead of a frame of
 * loading placeholders, then a second render as the answer lands. They usually arrive while the
 * console is evaluated; a slow server gets the shell after this long, as before.
 */
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
