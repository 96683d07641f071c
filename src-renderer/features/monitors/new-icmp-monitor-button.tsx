import { Button } from '@mantine/core';
import { Link } from 'react-router';

export function NewIcmpMonitorButton({ variant = 'filled' }: { variant?: 'filled' | 'light' }) {
  return (
    <Button component={Link} to="/monitors/new-icmp" variant={variant}>
      New ICMP monitor
    </Button>
  );
}
