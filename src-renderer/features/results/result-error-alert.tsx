import { Alert, Code, Stack, Text } from '@mantine/core';

const NEXT_STEPS: Record<string, string> = {
  NETWORK_ERROR: 'The target did not answer. Check that the host is up and reachable from this location, and that no firewall drops the probes.',
  TIMEOUT: 'The run took longer than allowed. Check the target, or raise the monitor’s time limits if it is slow by design.',
  ASSERTION_FAILED: 'The target answered but an assertion failed: compare the actual values below with the targets, and fix the target or the assertion.',
  TOOL_MISSING: 'The machine running checks lacks a system tool. Install it, then run the monitor again.',
  SCRIPT_ERROR: 'The script failed. Read the error and the job log below, fix the script and run the monitor again.',
  INVALID_TARGET: 'The target cannot be probed as written. Edit the monitor and correct the host name or URL.',
};

/** The quoted commands in a message such as: install it with "apt-get install mtr-tiny". */
function installCommands(message: string): string[] {
  const clause = /install it with (.*)/i.exec(message)?.[1];
  if (!clause) return [];
  return [...clause.matchAll(/"([^"]+)"/g)].map((match) => match[1]).filter((command) => !command.startsWith('/'));
}

/** The run's error and what to do; `shownBelow`: the page writes the error out below (a multi-step test's), so it is not repeated here. */
export function ResultErrorAlert({ error, shownBelow = false }: { error: { kind: string; message: string }; shownBelow?: boolean }) {
  const commands = error.kind === 'TOOL_MISSING' ? installCommands(error.message) : [];
  return (
    <Alert color="red" variant="light" title={`Error: ${error.kind}`} role="alert">
      <Stack gap="xs">
        <Text size="sm">{shownBelow ? 'The error is written out below, under the test that failed (or under Errors), with its place in the script.' : error.message}</Text>
        <Text size="sm" fw={500}>
          {NEXT_STEPS[error.kind] ?? 'Read the message above, correct the monitor or the target, and run it again.'}
        </Text>
        {commands.map((command) => (
          <Code key={command} block aria-label="Install command">
            {command}
          </Code>
        ))}
      </Stack>
    </Alert>
  );
}
