import { Button } from '@mantine/core';
import { Link } from 'react-router';

/** One button per type the console creates; the first is the primary action. */
export function NewMonitorButtons({ variant = 'filled' }: { variant?: 'filled' | 'light' }) {
  return (
    <>
      <Button component={Link} to="/monitors/new-icmp" variant={variant}>
        New ICMP monitor
      </Button>
      <Button component={Link} to="/monitors/new-traceroute" variant="default">
        New traceroute monitor
      </Button>
      <Button component={Link} to="/monitors/new-multistep" variant="default">
        New multi-step check
      </Button>
    </>
  );
}
