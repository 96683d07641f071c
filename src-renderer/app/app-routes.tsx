import { Route, Routes } from 'react-router';
import { AgentPage } from '../features/agent/agent-page';
import { AlertChannelsPage } from '../features/alert-channels/alert-channels-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { GroupsPage } from '../features/groups/groups-page';
import { MonitorsPage } from '../features/monitors/monitors-page';
import { NewIcmpMonitorPage } from '../features/monitors/new-icmp-monitor-page';
import { NotificationsPage } from '../features/notifications/notifications-page';
import { SessionsPage } from '../features/sessions/sessions-page';
import { SettingsPage } from '../features/settings/settings-page';
import { StatusPagePage } from '../features/status-page/status-page-page';
import { NotFoundPage } from './not-found-page';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<DashboardPage />} />
      <Route path="/monitors" element={<MonitorsPage />} />
      <Route path="/monitors/new-icmp" element={<NewIcmpMonitorPage />} />
      <Route path="/groups" element={<GroupsPage />} />
      <Route path="/alert-channels" element={<AlertChannelsPage />} />
      <Route path="/status-page" element={<StatusPagePage />} />
      <Route path="/sessions" element={<SessionsPage />} />
      <Route path="/notifications" element={<NotificationsPage />} />
      <Route path="/agent" element={<AgentPage />} />
      <Route path="/settings" element={<SettingsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
