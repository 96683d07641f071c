import { Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { browserZone, formatAt, setZoneMode, useZoneMode, utcOffsetLabel, type ZoneMode } from '../../lib/date-time';

/** The zone every time of the console is written in: the browser's, or UTC. Kept in this browser, like the colour scheme. */
export function TimeZoneSetting() {
  const mode = useZoneMode();
  const [now] = useState(() => Date.now());
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="time-zone-title">
      <Stack gap="sm">
        <Title order={3} id="time-zone-title">
          Times
        </Title>
        <Radio.Group
          label="Write times in"
          description="Every date and time in the console (lists, results, charts, maintenance windows) uses this zone. Kept in this browser."
          value={mode}
          onChange={(value) => setZoneMode(value as ZoneMode)}
        >
          <Stack gap={6} mt={6}>
            <Radio value="local" label={`Your time zone: ${browserZone()}`} />
            <Radio value="utc" label="UTC" />
          </Stack>
        </Radio.Group>
        <Text size="sm" c="dimmed" aria-live="polite">
          Now: {formatAt(now)} ({utcOffsetLabel(now)})
        </Text>
      </Stack>
    </Paper>
  );
}
