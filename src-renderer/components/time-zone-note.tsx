import { Group, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { setZoneMode, useZoneMode, zoneSentence } from '../lib/date-time';

/** Names the zone the page's times are written in, with the switch to UTC (remembered in this browser). */
export function TimeZoneNote() {
  const mode = useZoneMode();
  // The offset as the page opened: it changes only at a daylight-saving switch.
  const [now] = useState(() => Date.now());
  return (
    <Group gap="sm" wrap="wrap">
      <Text size="xs" c="dimmed">
        {zoneSentence(now)}
      </Text>
      <Switch size="xs" label="UTC" checked={mode === 'utc'} onChange={(event) => setZoneMode(event.currentTarget.checked ? 'utc' : 'local')} />
    </Group>
  );
}
