import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Stat {
  label: string;
  value: ReactNode;
  /** Colour of the value, e.g. red for a loss. */
  color?: string;
  /** How the value was derived (e.g. an approximation), shown on hover and read as the item's description. */
  hint?: string;
}

/** A row of small labelled numbers; each is a named group so it can be found by its label. */
export function StatGrid({ stats, label }: { stats: readonly Stat[]; label: string }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: Math.min(stats.length, 8) }} spacing="xs" aria-label={label} role="list">
      {stats.map((stat) => (
        <Paper key={stat.label} withBorder px="sm" py={6} role="listitem" aria-label={stat.label} title={stat.hint} aria-description={stat.hint}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {stat.label}
          </Text>
          <Text fw={700} size="lg" c={stat.color} ff="monospace">
            {stat.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
