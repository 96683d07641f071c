import { SectionPlaceholder } from '../../components/section-placeholder';

export function GroupsPage() {
  return (
    <SectionPlaceholder
      title="Groups"
      description="Check groups share settings — locations, frequency, alert channels, tags — across the monitors they contain."
      willHold="Groups you create will be listed here with the number of monitors in each."
    />
  );
}
