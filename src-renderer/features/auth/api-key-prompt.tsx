import { Alert, Button, Center, Code, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { SignInError, signIn } from '../../lib/connection';

interface ApiKeyPromptProps {
  /** The server accepted the key and set the session cookie. */
  onSignedIn: () => void;
  /** Why this tab is signed out when it was not signed out here (another tab signed out). */
  notice?: string | null;
}

function describeFailure(error: unknown): string {
  if (error instanceof SignInError) return error.message;
  return 'The server answered in a way the console does not understand. Try again, or check the server log.';
}

/** Headless sign-in: the key goes to the server once; the browser then holds an HttpOnly session cookie, shared by its tabs. */
export function ApiKeyPrompt({ onSignedIn, notice = null }: ApiKeyPromptProps) {
  const [apiKey, setApiKey] = useState('');
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const candidate = apiKey.trim();
    if (!candidate) {
      setFailure('Enter an API key to sign in.');
      return;
    }
    setChecking(true);
    setFailure(null);
    try {
      await signIn(candidate);
      setApiKey('');
      onSignedIn();
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w={420} maw="100%" component="form" onSubmit={submit} aria-label="Connect to Sightline">
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              Connect to Sightline
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              Sign in with an API key, e.g. the key given to <Code>sightline serve</Code>. This browser stays signed in, in every tab, until you
              sign out; the key itself is not kept.
            </Text>
          </div>
          {notice && (
            <Alert color="blue" variant="light" title="Signed out" role="status">
              {notice}
            </Alert>
          )}
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
