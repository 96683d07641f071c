import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../components/empty-state';

export function NotFoundPage() {
  return (
    <EmptyState
      title="There is no page at this address"
      action={
        <Button component={Link} to="/" variant="light">
          Go to the dashboard
        </Button>
      }
    >
      The link may be from a newer version of Sightline. Pick a section from the menu.
    </EmptyState>
  );
}
