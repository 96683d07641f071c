import { Loader, Paper, Stack, Text } from '@mantine/core';

interface HealthCountCardProps {
  label: string;
  count: number;
  color: string;
  pending: boolean;
}

export function HealthCountCard({ label, count, color, pending }: HealthCountCardProps) {
  return (
    <Paper withBorder p="md" role="group" aria-label={`${label} monitors`}>
      <Stack gap={2}>
        <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
          {label}
        </Text>
        {pending ? (
          <Loader size="sm" role="status" aria-label={`Loading ${label.toLowerCase()} count`} />
        ) : (
          <Text fz={28} fw={700} c={count > 0 ? color : undefined} data-count={count}>
            {count}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
