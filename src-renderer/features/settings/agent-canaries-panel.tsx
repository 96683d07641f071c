import { Button, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useGate } from '../../components/access';
import { LoadingBlock } from '../../components/loading-block';
import { QueryError } from '../../components/query-error';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { NotUsedCanaries } from '../agent/connectivity-note';
import { MAX_CANARIES, type AgentCanariesInput, type AgentCanariesView } from '../../../src-shared/schemas/agent-canaries';

type Mode = AgentCanariesInput['mode'];

const SOURCE_TEXT = {
  flags: 'Set by the server’s --canary, --no-canary or SIGHTLINE_CANARIES.',
  settings: 'Set here.',
  default: 'The default: the machine’s default gateways and DNS servers.',
} as const;

const hostsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((host) => host.trim())
    .filter((host) => host !== '');

/** The embedded agent's canaries: what tells it that it is the one offline, so its failures never page anyone. */
export function AgentCanariesPanel() {
  const trpc = useTRPC();
  const canaries = useQuery({ ...trpc.agent.canaries.queryOptions(), retry: false });
  const { allowed, reason } = useGate('admin');
  const why = !allowed ? reason : (canaries.data?.why ?? null);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="agent-canaries-title">
      <Stack gap="sm">
        <Title order={3} id="agent-canaries-title">
          Agent connectivity
        </Title>
        <Text size="sm" c="dimmed">
          Hosts this machine&apos;s agent pings to know its own network is up. A canary counts once it has answered; while none of those answers, its runs are skipped as
          &quot;agent offline&quot; and nothing alerts; channels marked for system notices get one notice when it goes offline and one when it is back.
        </Text>
        {canaries.isPending && <LoadingBlock label="Loading the agent's canaries" />}
        {canaries.isError && <QueryError title="The agent's canaries could not be loaded" error={canaries.error} onRetry={() => void canaries.refetch()} />}
        {canaries.data && <NotUsedCanaries notUsed={canaries.data.notUsed} />}
        {canaries.data && <CanariesForm key={JSON.stringify(canaries.data)} view={canaries.data} editable={allowed && canaries.data.editable} />}
        {why && (
          <Text size="sm" c="dimmed">
            {why}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function CanariesForm({ view, editable }: { view: AgentCanariesView; editable: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>(view.setting.mode);
  const [hosts, setHosts] = useState(view.setting.hosts.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.agent.setCanaries.mutationOptions({
      onSuccess: async () => {
        setError(null);
        notifications.show({ color: 'teal', title: 'Agent canaries saved', message: 'The agent probes its new canaries from now on.' });
        await queryClient.invalidateQueries(trpc.agent.pathFilter());
      },
      onError: (failure) => setError(errorMessage(failure)),
    }),
  );
  return (
    <form
      aria-label="Agent canaries"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ mode, hosts: mode === 'hosts' ? hostsOf(hosts) : [] });
      }}
    >
      <Stack gap="xs">
        <Text size="sm">{SOURCE_TEXT[view.source]}</Text>
        <Radio.Group value={mode} onChange={(value) => setMode(value as Mode)} label="Canaries">
          <Stack gap={6} mt={4}>
            <Radio value="auto" label="Automatic: the default gateways and DNS servers" disabled={!editable} />
            <Radio value="hosts" label="These hosts" disabled={!editable} />
            <Radio value="off" label="None: do not check (a lost uplink then alerts as a failure of every target)" disabled={!editable} />
          </Stack>
        </Radio.Group>
        {mode === 'hosts' && (
          <Textarea
            label="Canary hosts"
            description={`Up to ${MAX_CANARIES}, one per line: host names or IP addresses this machine reaches (its router, a DNS server). They must answer now.`}
            value={hosts}
            onChange={(event) => setHosts(event.currentTarget.value)}
            error={error}
            disabled={!editable}
            autosize
            minRows={2}
          />
        )}
        {mode !== 'hosts' && error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!editable}>
            Save canaries
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
