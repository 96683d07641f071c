import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { RUN_TYPE_NAMES } from '../../../src-shared/check-types';
import { checkTypeNoun, newCheckPath } from '../check-types';

/** One button per type the console creates; the first is the primary action. */
export function NewMonitorButtons({ variant = 'filled' }: { variant?: 'filled' | 'light' }) {
  return (
    <>
      {RUN_TYPE_NAMES.map((type, i) => (
        <Button key={type} component={Link} to={newCheckPath(type)} variant={i === 0 ? variant : 'default'}>
          New {checkTypeNoun(type)}
        </Button>
      ))}
    </>
  );
}
