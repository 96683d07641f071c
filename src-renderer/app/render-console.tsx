import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

/** The console itself: React, Mantine, every page. main.tsx loads this module after the landing page's first requests have left. */
export function renderConsole(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
