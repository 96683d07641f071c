import { Badge } from '@mantine/core';

/** Beside a monitor whose state keeps changing: it sent one "flapping" notification and stays silent until it is stable. */
export function FlappingBadge({ size = 'sm' }: { size?: 'sm' | 'lg' }) {
  return (
    <Badge size={size} variant="filled" color="grape" data-flapping="true" title="Its state keeps changing: one notification said so; the next goes once its last runs agree">
      Flapping
    </Badge>
  );
}
