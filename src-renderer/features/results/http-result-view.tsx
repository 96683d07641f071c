import { Alert, Code, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { DenseTable } from '../../components/dense-table';
import { StatGrid } from '../../components/stat-grid';
import { AssertionsTable } from './assertions-table';
import { FailingAssertions } from './failing-assertions';
import { formatMs } from './result-display';
import { ApiCheckResult, type ApiScriptLogLine } from '../../../src-shared/schemas/api-check';
import { readAssertions, readPayload } from '../../../src-shared/schemas/result-payloads';

/**
 * The `apiCheckResult` member as the console reads it: a failing run's full request and response, or
 * a passing run's summary (status only), so everything but the status is optional.
 */
export const HttpResultPayload = z.object({
  kept: z.enum(['summary', 'full']).optional(),
  assertions: z.unknown().optional(),
  requestError: z.string().nullable().optional(),
  request: ApiCheckResult.shape.request.optional(),
  response: ApiCheckResult.shape.response.partial().nullable().optional(),
  redirects: ApiCheckResult.shape.redirects.optional(),
  certificate: ApiCheckResult.shape.certificate.optional(),
  jobLog: ApiCheckResult.shape.jobLog,
});
export type HttpResultPayload = z.infer<typeof HttpResultPayload>;

/** A result's `apiCheckResult`, or null when it has none (another type) or it does not fit. */
export function readHttpPayload(value: unknown): HttpResultPayload | null {
  return readPayload(HttpResultPayload, value);
}

const PHASES = [
  { key: 'dns', label: 'DNS', color: 'grape' },
  { key: 'tcp', label: 'Connect', color: 'blue' },
  { key: 'tls', label: 'TLS', color: 'cyan' },
  { key: 'firstByte', label: 'First byte', color: 'orange' },
  { key: 'download', label: 'Download', color: 'teal' },
] as const;

/** A JSON body pretty-printed; anything else as it came. */
function prettyBody(body: string, headers: Record<string, string> | null | undefined): string {
  const type = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  const looksJson = type.includes('json') || /^\s*[[{]/.test(body);
  if (!looksJson) return body;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function Waterfall({ phases }: { phases: NonNullable<NonNullable<HttpResultPayload['response']>['timingPhases']> }) {
  const total = Math.max(phases.total, 1);
  return (
    <Stack gap={4} role="group" aria-label="Timing waterfall">
      <Title order={4}>Timing</Title>
      <Progress.Root size="lg" aria-hidden>
        {PHASES.map((phase) => (
          <Progress.Section key={phase.key} value={(phases[phase.key] / total) * 100} color={phase.color} />
        ))}
      </Progress.Root>
      <Group gap="md">
        {PHASES.map((phase) => (
          <Text key={phase.key} size="sm">
            <Text span c={phase.color} fw={700}>
              ■
            </Text>{' '}
            {phase.label} {formatMs(phases[phase.key], 1)}
          </Text>
        ))}
        <Text size="sm" fw={600}>
          Total {formatMs(phases.total, 1)}
        </Text>
      </Group>
    </Stack>
  );
}

function ScriptLog({ title, lines }: { title: string; lines: readonly ApiScriptLogLine[] }) {
  return (
    <Stack gap={4} role="region" aria-label={title}>
      <Title order={4}>{title}</Title>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing logged.
        </Text>
      ) : (
        <Code block style={{ maxHeight: 240, overflow: 'auto' }}>
          {lines.map((line) => `${line.level.padEnd(5)} ${line.msg}`).join('\n')}
        </Code>
      )}
    </Stack>
  );
}

interface HttpResultViewProps {
  http: HttpResultPayload;
  /** Something to offer beside each response header ("Send now": an Assert button). */
  headerAction?: (name: string, value: string) => ReactNode;
  /** The body shown another way ("Send now": values to click); null keeps the plain text. */
  renderBody?: (body: string) => ReactNode;
}

/** An API check's or URL monitor's run: why it failed first (failing assertion, error), then status, timing, headers and body. */
export function HttpResultView({ http, headerAction, renderBody }: HttpResultViewProps) {
  const assertions = readAssertions(http.assertions);
  const response = http.response ?? null;
  const certificate = http.certificate ?? null;
  const headers = Object.entries(response?.headers ?? {});
  return (
    <Stack gap="md">
      {http.request && (
        <Text size="sm" c="dimmed">
          {http.request.method} <Text span ff="monospace">{http.request.url}</Text>
        </Text>
      )}
      <FailingAssertions assertions={assertions} />
      {http.requestError && (
        <Alert color="red" variant="light" title="The request did not complete">
          {http.requestError}
        </Alert>
      )}
      <StatGrid
        label="Response"
        stats={[
          {
            label: 'Status',
            value: response?.status == null ? '—' : `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
            color: response?.status == null ? undefined : response.status < 400 ? 'teal' : 'red',
          },
          { label: 'Total time', value: formatMs(response?.timingPhases?.total, 0) },
          ...(certificate
            ? [
                {
                  label: 'Certificate days left',
                  value: certificate.daysLeft < 0 ? `expired ${-certificate.daysLeft} days ago` : String(certificate.daysLeft),
                  color: certificate.daysLeft <= 14 ? 'red' : certificate.daysLeft <= 30 ? 'orange' : 'teal',
                  hint: `${certificate.subject}, issued by ${certificate.issuer}${certificate.trusted ? '' : ` (not trusted: ${certificate.untrustedReason ?? 'no reason given'})`}`,
                },
              ]
            : []),
        ]}
      />
      {http.kept === 'summary' && (
        <Text size="sm" c="dimmed">
          A passing run keeps its status and assertions only; failing and degraded runs keep the whole response.
        </Text>
      )}
      {response?.timingPhases && <Waterfall phases={response.timingPhases} />}
      {http.redirects && http.redirects.length > 0 && (
        <Text size="sm">
          Redirects: {http.redirects.map((redirect) => `${redirect.status} → ${redirect.to}`).join(', ')}
        </Text>
      )}
      {headers.length > 0 && (
        <Stack gap={4}>
          <Title order={4}>Response headers</Title>
          <DenseTable
            label="Response headers"
            columns={['Header', 'Value']}
            hiddenColumn={headerAction ? 'Assertion' : null}
            highlightOnHover={false}
            verticalSpacing={2}
          >
            {headers.map(([name, value]) => (
              <Table.Tr key={name}>
                <Table.Td ff="monospace">{name}</Table.Td>
                <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {value}
                </Table.Td>
                {headerAction && <Table.Td>{headerAction(name, value)}</Table.Td>}
              </Table.Tr>
            ))}
          </DenseTable>
        </Stack>
      )}
      {response?.body !== undefined && response.body !== '' && (
        <Stack gap={4} role="region" aria-label="Response body">
          <Title order={4}>Response body</Title>
          {response.bodyTruncated && (
            <Text size="sm" c="orange">
              The body was cut: {response.bodyBytes ?? 'more'} bytes were received, the first 64 KiB are kept.
            </Text>
          )}
          {(!response.bodyTruncated && renderBody?.(response.body)) || (
            <Code block style={{ maxHeight: 480, overflow: 'auto' }}>
              {prettyBody(response.body, response.headers)}
            </Code>
          )}
        </Stack>
      )}
      {http.jobLog && (
        <>
          <ScriptLog title="Setup script log" lines={http.jobLog.setup} />
          <ScriptLog title="Teardown script log" lines={http.jobLog.teardown} />
        </>
      )}
      <Stack gap={4}>
        <Title order={4}>Assertions</Title>
        <AssertionsTable assertions={assertions} />
      </Stack>
    </Stack>
  );
}
