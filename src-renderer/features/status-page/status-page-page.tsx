import { SectionPlaceholder } from '../../components/section-placeholder';

export function StatusPagePage() {
  return (
    <SectionPlaceholder
      title="Status page"
      description="A public page that shows the state of selected services, with incidents and their updates for subscribers."
      willHold="Status pages, their services and any open incidents will be listed here."
    />
  );
}
