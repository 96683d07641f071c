import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { RunOnceResult } from '../../../src-shared/schemas/run-once';
import { HttpResultView, readHttpPayload } from '../results/http-result-view';
import type { AssertionItem } from './assertion-model';
import { JsonBodyPicker } from './json-body-picker';
import { headerAssertion, jsonAssertion, responseTimeAssertion, responseTimeBound, sameAssertion, statusAssertion } from './response-assertions';

interface HttpSendNowViewProps {
  result: RunOnceResult;
  /** The form's assertions: what is already asserted shows as done. */
  assertions: readonly AssertionItem[];
  /** The sources the check takes (a URL monitor: STATUS_CODE only). */
  sources: readonly string[];
  max: number;
  onAdd: (item: AssertionItem) => void;
}

/**
 * "Send now"'s response with an assertion builder over it: one click asserts the status it got, a
 * bound on its time, a header's value or a JSON value picked from the body.
 */
export function HttpSendNowView({ result, assertions, sources, max, onAdd }: HttpSendNowViewProps) {
  const http = readHttpPayload(result.apiCheckResult);
  if (!http) return null;
  const response = http.response ?? null;
  const takes = (source: string) => sources.includes(source);
  const room = assertions.length < max;
  const has = (item: AssertionItem) => assertions.some((existing) => sameAssertion(existing, item));
  const status = typeof response?.status === 'number' ? statusAssertion(response.status) : null;
  const total = response?.timingPhases?.total;
  const time = typeof total === 'number' && takes('RESPONSE_TIME') ? responseTimeAssertion(total) : null;
  const quick = [
    status && takes('STATUS_CODE') ? { item: status, label: `Status is ${response?.status}` } : null,
    time && typeof total === 'number' ? { item: time, label: `Response time under ${responseTimeBound(total)} ms` } : null,
  ].filter((entry) => entry !== null);
  const elsewhere = [takes('HEADERS') ? "a header's Assert" : null, takes('JSON_BODY') ? 'a value in the JSON body' : null].filter((part) => part !== null);
  const hint = room
    ? `${elsewhere.length > 0 ? `Or click ${elsewhere.join(' or ')} below. ` : ''}Added assertions appear under Assertions, to edit before saving.`
    : `A check takes at most ${max} assertions.`;

  return (
    <Stack gap="md">
      {quick.length > 0 && (
        <Stack gap={6} role="group" aria-label="Assert this response">
          <Title order={4}>Assert this response</Title>
          <Group gap="xs">
            {quick.map(({ item, label }) => {
              const done = has(item);
              return (
                <Button key={label} size="xs" variant={done ? 'light' : 'default'} color={done ? 'teal' : undefined} disabled={done || !room} onClick={() => onAdd(item)}>
                  {done ? `✓ ${label}` : `+ ${label}`}
                </Button>
              );
            })}
          </Group>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Stack>
      )}
      <HttpResultView
        http={http}
        headerAction={
          takes('HEADERS')
            ? (name, value) => {
                const item = headerAssertion(name, value);
                const done = has(item);
                return (
                  <Button
                    size="compact-xs"
                    variant={done ? 'light' : 'subtle'}
                    color={done ? 'teal' : undefined}
                    disabled={done || !room}
                    aria-label={done ? `Asserted: header ${name} equals ${value}` : `Assert header ${name} equals ${value}`}
                    onClick={() => onAdd(item)}
                  >
                    {done ? '✓ Asserted' : 'Assert'}
                  </Button>
                );
              }
            : undefined
        }
        renderBody={
          takes('JSON_BODY')
            ? (body) => <JsonBodyPicker body={body} enabled={room} picked={(pick) => has(jsonAssertion(pick.path, pick.value))} onPick={(pick) => onAdd(jsonAssertion(pick.path, pick.value))} />
            : undefined
        }
      />
    </Stack>
  );
}
