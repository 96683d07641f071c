import { em, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ProblemMonitorsList } from './problem-monitors-list';
import { ProblemMonitorsTable } from './problem-monitors-table';
import type { DashboardSummary } from './use-dashboard-summary';

/**
 * The failing and degraded monitors: a table from the `sm` breakpoint up, a list on a phone. Only
 * the one on screen is rendered (50 rows hidden by CSS still cost their render on every push).
 */
export function ProblemMonitors({ rows }: { rows: DashboardSummary['problems']['items'] }) {
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${em(theme.breakpoints.sm)})`, true, { getInitialValueInEffect: false });
  return wide ? <ProblemMonitorsTable rows={rows} /> : <ProblemMonitorsList rows={rows} />;
}
