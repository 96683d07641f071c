import { Route, Routes } from 'react-router';
import { CONSOLE_ROUTES } from '../../src-shared/rules/console-links';
import { RUN_TYPE_NAMES } from '../../src-shared/check-types';
import { CONSOLE_CHECK_TYPES, newCheckPath } from '../features/check-types';
import { AgentPage } from '../features/agent/agent-page';
import { AlertChannelsPage } from '../features/alert-channels/alert-channels-page';
import { ChannelPage } from '../features/alert-channels/channel-page';
import { NewChannelPage } from '../features/alert-channels/new-channel-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { EditGroupPage } from '../features/groups/edit-group-page';
import { GroupPage } from '../features/groups/group-page';
import { GroupsPage } from '../features/groups/groups-page';
import { NewGroupPage } from '../features/groups/new-group-page';
import { MaintenancePage } from '../features/maintenance/maintenance-page';
import { EditMonitorPage } from '../features/monitors/edit-monitor-page';
import { MonitorPage } from '../features/monitors/monitor-page';
import { MonitorsPage } from '../features/monitors/monitors-page';
import { NotificationsPage } from '../features/notifications/notifications-page';
import { ProjectPage } from '../features/projects/project-page';
import { ProjectsPage } from '../features/projects/projects-page';
import { ResultPage } from '../features/results/result-page';
import { SessionPage } from '../features/sessions/session-page';
import { SessionsPage } from '../features/sessions/sessions-page';
import { SettingsPage } from '../features/settings/settings-page';
import { TestSessionPage } from '../features/test-sessions/test-session-page';
import { IncidentPage } from '../features/status-page/incident-page';
import { NewIncidentPage } from '../features/status-page/new-incident-page';
import { StatusPagePage } from '../features/status-page/status-page-page';
import { NotFoundPage } from './not-found-page';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<DashboardPage />} />
      <Route path="/monitors" element={<MonitorsPage />} />
      {RUN_TYPE_NAMES.map((type) => {
        const NewPage = CONSOLE_CHECK_TYPES[type].NewPage;
        return <Route key={type} path={newCheckPath(type)} element={<NewPage />} />;
      })}
      <Route path={CONSOLE_ROUTES.monitor} element={<MonitorPage />} />
      <Route path="/monitors/:id/edit" element={<EditMonitorPage />} />
      <Route path={CONSOLE_ROUTES.result} element={<ResultPage />} />
      <Route path="/groups" element={<GroupsPage />} />
      <Route path="/groups/new" element={<NewGroupPage />} />
      <Route path="/groups/:id" element={<GroupPage />} />
      <Route path="/groups/:id/edit" element={<EditGroupPage />} />
      <Route path="/maintenance" element={<MaintenancePage />} />
      <Route path="/alert-channels" element={<AlertChannelsPage />} />
      <Route path="/alert-channels/new" element={<NewChannelPage />} />
      <Route path="/alert-channels/:id" element={<ChannelPage />} />
      <Route path="/status-page" element={<StatusPagePage />} />
      <Route path="/status-page/incidents/new" element={<NewIncidentPage />} />
      <Route path="/status-page/incidents/:id" element={<IncidentPage />} />
      <Route path="/projects" element={<ProjectsPage />} />
      <Route path="/projects/:id" element={<ProjectPage />} />
      <Route path="/sessions" element={<SessionsPage />} />
      <Route path={CONSOLE_ROUTES.session} element={<SessionPage />} />
      <Route path={CONSOLE_ROUTES.testSession} element={<TestSessionPage />} />
      <Route path="/notifications" element={<NotificationsPage />} />
      <Route path="/agent" element={<AgentPage />} />
      <Route path="/settings" element={<SettingsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
