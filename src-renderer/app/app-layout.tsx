import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { LiveSessionUpdates } from '../features/sessions/live-session-updates';
import { AppHeader } from './app-header';
import { AppNavbar } from './app-navbar';
import { AppRoutes } from './app-routes';

export function AppLayout() {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  return (
    <LiveSessionUpdates>
      <AppShell header={{ height: 52 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !navOpened } }} padding="md">
        <AppShell.Header>
          <AppHeader navOpened={navOpened} onToggleNav={toggle} />
        </AppShell.Header>
        <AppShell.Navbar p="xs">
          <AppNavbar onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main>
          <AppRoutes />
        </AppShell.Main>
      </AppShell>
    </LiveSessionUpdates>
  );
}
