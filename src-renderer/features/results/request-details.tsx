import { Code, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MULTI_STEP_BODY_BYTES, MULTI_STEP_BODY_BYTES_PER_TEST, type MultiStepBody, type MultiStepRequest } from '../../../src-shared/schemas/result-payloads';
import { formatSize } from './requests-table-format';

/** "first 2 kB of 9.1 kB": what part of a body the result kept. */
function bodyNote(body: MultiStepBody): string | null {
  const size = body.bytes === undefined ? null : formatSize(body.bytes);
  if (body.binary) return `Binary body${size ? ` of ${size}` : ''}: not kept as text.`;
  if (body.omitted) return `Not kept${size ? ` (${size})` : ''}: this test's ${formatSize(MULTI_STEP_BODY_BYTES_PER_TEST)} for bodies went to earlier calls.`;
  if (body.truncated) return `The first ${formatSize(MULTI_STEP_BODY_BYTES)}${size ? ` of ${size}` : ''} are kept.`;
  return null;
}

function HeadersBlock({ title, headers }: { title: string; headers: Record<string, string> | undefined }) {
  const entries = Object.entries(headers ?? {});
  return (
    <Stack gap={2}>
      <Title order={6}>{title}</Title>
      {entries.length === 0 ? (
        <Text size="xs" c="dimmed">
          None recorded.
        </Text>
      ) : (
        <Code block aria-label={title} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {entries.map(([name, value]) => `${name}: ${value}`).join('\n')}
        </Code>
      )}
    </Stack>
  );
}

function BodyBlock({ title, body }: { title: string; body: MultiStepBody | undefined }) {
  const note = body ? bodyNote(body) : null;
  return (
    <Stack gap={2}>
      <Title order={6}>{title}</Title>
      {body?.text !== undefined && body.text !== '' ? (
        <Code block aria-label={title} mah={240} style={{ overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {body.text}
        </Code>
      ) : (
        !note && (
          <Text size="xs" c="dimmed">
            Empty.
          </Text>
        )
      )}
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  );
}

/** What a call sent and what came back: headers and bodies as the result kept them (see MULTI_STEP_BODY_BYTES). */
export function RequestDetails({ request, label }: { request: MultiStepRequest; label: string }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" role="group" aria-label={label}>
      <Stack gap="xs">
        <HeadersBlock title="Request headers" headers={request.requestHeaders} />
        <BodyBlock title="Request body" body={request.requestBody} />
      </Stack>
      <Stack gap="xs">
        {request.status === undefined ? (
          <Text size="xs" c="dimmed">
            No response: the call failed before an answer.
          </Text>
        ) : (
          <>
            <HeadersBlock title="Response headers" headers={request.responseHeaders} />
            <BodyBlock title="Response body" body={request.responseBody} />
          </>
        )}
      </Stack>
    </SimpleGrid>
  );
}
