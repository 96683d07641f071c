import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { MouseEvent } from 'react';
import { ChangeAnnouncer } from '../features/announce/change-announcer';
import { LiveSessionUpdates } from '../features/sessions/live-session-updates';
import { useReachability } from '../lib/reachability';
import { AppHeader } from './app-header';
import { AppNavbar } from './app-navbar';
import { useZoneMode } from '../lib/date-time';
import { AppRoutes } from './app-routes';
import { ConnectionBanner } from './connection-banner';
import { FocusOnNavigation } from './focus-on-navigation';
import { InvalidSubmitFocus } from './invalid-submit-focus';
import { KeyboardShortcuts } from './shortcuts-help';

const MAIN_ID = 'main-content';

/** The hash router owns the URL fragment, so the skip link moves focus itself instead of following "#main-content". */
function skipToMain(event: MouseEvent<HTMLAnchorElement>): void {
  event.preventDefault();
  const main = document.getElementById(MAIN_ID);
  main?.focus();
  main?.scrollIntoView();
}

export function AppLayout() {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const stale = useReachability().unreachableSince !== null;
  // Every time on the page is written in the chosen zone: switching it redraws the pages (data stays cached).
  const zone = useZoneMode();
  return (
    <LiveSessionUpdates>
      <a href={`#${MAIN_ID}`} className="skip-link" onClick={skipToMain}>
        Skip to main content
      </a>
      <KeyboardShortcuts />
      <ChangeAnnouncer />
      <FocusOnNavigation mainId={MAIN_ID} />
      <InvalidSubmitFocus />
      <AppShell header={{ height: 52 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !navOpened } }} padding={{ base: 'xs', sm: 'md' }}>
        <AppShell.Header>
          <AppHeader navOpened={navOpened} onToggleNav={toggle} />
        </AppShell.Header>
        <AppShell.Navbar p="xs">
          <AppNavbar onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main id={MAIN_ID} tabIndex={-1} className="app-main">
          <ConnectionBanner />
          <div className="app-content" data-stale={stale ? 'true' : undefined}>
            <AppRoutes key={zone} />
          </div>
        </AppShell.Main>
      </AppShell>
    </LiveSessionUpdates>
  );
}
