import { SectionPlaceholder } from '../../components/section-placeholder';

export function AgentPage() {
  return (
    <SectionPlaceholder
      title="Agent"
      description="The agents that run checks: the one embedded in this app (location “local”) and any extra agents started with sightline agent in other networks."
      willHold="Registered agents will be listed here with their location, health and last contact."
    />
  );
}
