import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { playFailureSound } from './alert-sound';
import { setAnnouncePreferences, useAnnouncePreferences } from './announce-preferences';

const supportsNotifications = typeof Notification !== 'undefined';

/** Turning notifications on asks the browser's permission then, never before; a refusal leaves the option off and says why. */
async function askToNotify(): Promise<string | null> {
  if (!supportsNotifications) return 'This browser has no system notifications.';
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'granted') return null;
  return 'The browser refused notifications for this site. Allow them in its site settings, then turn this on again.';
}

/** This browser's choices: a sound and a system notification when monitors fail or recover (toasts, title and icon always). */
export function AnnounceSettingsPanel() {
  const preferences = useAnnouncePreferences();
  const [refusal, setRefusal] = useState<string | null>(null);

  const onNotify = async (on: boolean) => {
    setRefusal(null);
    if (!on) return setAnnouncePreferences({ notify: false });
    const why = await askToNotify();
    setRefusal(why);
    setAnnouncePreferences({ notify: why === null });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="announce-settings-title">
      <Stack gap="sm">
        <Title order={3} id="announce-settings-title">
          Announcements in this browser
        </Title>
        <Text size="sm" c="dimmed">
          A toast, the failing count in the tab&apos;s title and a red dot on its icon always say when monitors fail or recover. These options add to that and are kept in this browser only.
        </Text>
        <Switch
          label="Play a sound when a monitor fails"
          checked={preferences.sound}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            setAnnouncePreferences({ sound: on });
            if (on) playFailureSound();
          }}
        />
        <Switch
          label="Show a system notification when a monitor fails or recovers"
          description="Seen even when this tab is in the background. The browser asks for permission when you turn it on."
          checked={preferences.notify}
          disabled={!supportsNotifications}
          onChange={(event) => void onNotify(event.currentTarget.checked)}
        />
        {refusal && (
          <Text size="sm" c="red" role="status">
            {refusal}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
