import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { EmbeddedAgentPanel } from './embedded-agent-panel';
import { PrivateLocationsSection } from './private-locations-section';

export function AgentPage() {
  return (
    <>
      <PageHeader
        title="Agent"
        description="The agents that run checks: the one embedded in this app and the agents of your private locations, started with sightline agent in other networks."
      />
      <Stack gap="xl" maw={1100}>
        <EmbeddedAgentPanel />
        <PrivateLocationsSection />
      </Stack>
    </>
  );
}
