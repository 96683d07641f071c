import { Divider } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { IncidentsPanel } from './incidents-panel';
import { ServicesPanel } from './services-panel';

export function StatusPagePage() {
  return (
    <>
      <PageHeader
        title="Status page"
        description="A public page that shows the state of selected services, with incidents and their updates for subscribers."
      />
      <IncidentsPanel />
      <Divider my="xl" />
      <ServicesPanel />
    </>
  );
}
