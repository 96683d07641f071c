import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

interface SectionPlaceholderProps {
  title: string;
  description: string;
  /** What the empty list will show once the section has content. */
  willHold: string;
}

/** A section whose screens are not built yet: says what it is for and that it is empty. */
export function SectionPlaceholder({ title, description, willHold }: SectionPlaceholderProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState title="Nothing here yet">{willHold}</EmptyState>
    </>
  );
}
