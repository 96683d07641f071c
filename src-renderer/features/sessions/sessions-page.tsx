import { SectionPlaceholder } from '../../components/section-placeholder';

export function SessionsPage() {
  return (
    <SectionPlaceholder
      title="Sessions"
      description="Every run of a check, scheduled or triggered, with its result per location, timing and errors."
      willHold="Check sessions will be listed here, newest first, once monitors have run."
    />
  );
}
