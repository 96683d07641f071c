import { Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/** A control the key may not use keeps its place, disabled, with the reason on hover. */
export function WriteGuard({ allowed, why, children }: { allowed: boolean; why: string; children: ReactNode }) {
  if (allowed) return children;
  return (
    <Tooltip label={why} withArrow multiline w={280}>
      <span>{children}</span>
    </Tooltip>
  );
}
