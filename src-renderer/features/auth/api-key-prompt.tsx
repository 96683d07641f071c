import { Alert, Button, Center, Code, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorMessage, isUnauthorized, isUnreachable } from '../../lib/api-errors';
import { createApiClient } from '../../lib/trpc';

interface ApiKeyPromptProps {
  trpcUrl: string;
  onAccepted: (apiKey: string) => void;
}

function describeFailure(error: unknown): string {
  if (isUnauthorized(error)) {
    return 'That key was not accepted by the server. Check for a typo, or use the key the server was started with (--api-key).';
  }
  if (isUnreachable(error)) {
    return 'The server could not be reached. Check that `sightline serve` is still running, then try again.';
  }
  return `The server answered with an error: ${errorMessage(error)}. Try again, or check the server log.`;
}

export function ApiKeyPrompt({ trpcUrl, onAccepted }: ApiKeyPromptProps) {
  const [apiKey, setApiKey] = useState('');
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const candidate = apiKey.trim();
    if (!candidate) {
      setFailure('Enter an API key to connect.');
      return;
    }
    setChecking(true);
    setFailure(null);
    try {
      await createApiClient(trpcUrl, candidate).accounts.me.query();
      onAccepted(candidate);
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={420} component="form" onSubmit={submit} aria-label="Connect to Sightline">
        <Stack gap="md">
          <div>
            <Title order={2}>Connect to Sightline</Title>
            <Text c="dimmed" size="sm" mt={4}>
              This console talks to the server with an API key. Enter the key given to <Code>sightline serve</Code>; it is
              kept for this browser tab only.
            </Text>
          </div>
          <PasswordInput
            label="API key"
            placeholder="sl_…"
            autoComplete="off"
            autoFocus
            value={apiKey}
            onChange={(event) => setApiKey(event.currentTarget.value)}
            error={failure !== null}
          />
          {failure && (
            <Alert color="red" variant="light" role="alert" title="Could not connect">
              {failure}
            </Alert>
          )}
          <Button type="submit" loading={checking}>
            Connect
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
