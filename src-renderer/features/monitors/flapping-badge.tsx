import { PlainBadge } from '../../components/plain-controls';

/** Beside a monitor whose state keeps changing: it sent one "flapping" notification and stays silent until it is stable. */
export function FlappingBadge({ size = 'sm' }: { size?: 'sm' | 'lg' }) {
  return (
    <PlainBadge size={size} variant="filled" color="grape" data-flapping="true" title="Its state keeps changing: one notification said so; the next goes once its last runs agree">
      Flapping
    </PlainBadge>
  );
}
