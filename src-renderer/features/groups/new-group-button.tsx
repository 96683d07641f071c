import { Button } from '@mantine/core';
import { Link } from 'react-router';

export function NewGroupButton({ variant = 'filled' }: { variant?: 'filled' | 'light' }) {
  return (
    <Button component={Link} to="/groups/new" variant={variant}>
      New group
    </Button>
  );
}
