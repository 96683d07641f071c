import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { Gate } from '../../components/access';

export function NewGroupButton({ variant = 'filled' }: { variant?: 'filled' | 'light' }) {
  return (
    <Gate access="write">
      <Button component={Link} to="/groups/new" variant={variant}>
        New group
      </Button>
    </Gate>
  );
}
