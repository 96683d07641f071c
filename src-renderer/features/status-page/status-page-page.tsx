import { Divider } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { IncidentsPanel } from './incidents-panel';
import { PagesPanel } from './pages-panel';
import { ServicesPanel } from './services-panel';

export function StatusPagePage() {
  return (
    <>
      <PageHeader
        title="Status page"
        description="Pages that show the state of selected services, with incidents and their updates for subscribers."
      />
      <PagesPanel />
      <Divider my="xl" />
      <IncidentsPanel />
      <Divider my="xl" />
      <ServicesPanel />
    </>
  );
}
