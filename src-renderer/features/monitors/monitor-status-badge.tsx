import { Badge, Group } from '@mantine/core';
import { PlainBadge } from '../../components/plain-controls';
import { FlappingBadge } from './flapping-badge';
import { HEALTH_DISPLAY, type MonitorHealth } from './monitor-health';

export function MonitorStatusBadge({ activated, muted }: { activated: boolean; muted: boolean }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge size="sm" variant="light" color={activated ? 'teal' : 'gray'}>
        {activated ? 'Active' : 'Paused'}
      </Badge>
      {muted && <MutedBadge />}
    </Group>
  );
}

function MutedBadge() {
  return (
    <PlainBadge size="sm" variant="light" color="yellow" title="Alerts are muted: results are recorded, nobody is notified">
      Muted
    </PlainBadge>
  );
}

/** Mantine's `miw={84}`: every health badge as wide as the widest. */
const HEALTH_MIN_WIDTH = { minWidth: 'calc(5.25rem * var(--mantine-scale))' } as const;

const INLINE = { display: 'inline-flex', gap: 4, alignItems: 'center' } as const;

/** The Monitors list's first column: what the latest verdict says (paused wins), and whether alerts are muted. */
export function MonitorHealthBadge({ health, muted, flapping = false }: { health: MonitorHealth; muted: boolean; flapping?: boolean }) {
  const display = HEALTH_DISPLAY[health];
  return (
    <span style={INLINE}>
      <PlainBadge size="sm" variant={health === 'failing' ? 'filled' : 'light'} color={display.color} data-health={health} style={HEALTH_MIN_WIDTH}>
        {display.label}
      </PlainBadge>
      {flapping && <FlappingBadge />}
      {muted && <MutedBadge />}
    </span>
  );
}
