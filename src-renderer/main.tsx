import './lib/no-eval';
// Before everything else the console is made of: the landing page's first requests leave from here.
import './app/early-start';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import './app/readable.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The rest of the console is its own chunk: this one (the early start's few modules) is evaluated and
// its requests are on the wire before the page spends ~60 ms evaluating React, Mantine and every page.
import('./app/render-console').then(
  ({ renderConsole }) => renderConsole(container),
  () => {
    container.textContent = 'The console could not be loaded. Check that the server is running, then reload the page.';
  },
);
