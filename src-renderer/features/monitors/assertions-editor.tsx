import { ActionIcon, Button, Group, Input, Select, Stack, Text, TextInput } from '@mantine/core';
import { humanLabel, labelledOptions } from '../../lib/labels';
import { TrashIcon } from '../../components/trash-icon';
import { LATENCY_STATISTICS, NO_TARGET_COMPARISONS, comparisonsOf, newAssertion, withProperty, withSource, type AssertionItem, type AssertionSourceSpec } from './assertion-model';

interface AssertionsEditorProps {
  sources: readonly AssertionSourceSpec[];
  value: AssertionItem[];
  onChange: (items: AssertionItem[]) => void;
  /** The form's errors, keyed `assertions.<row>.<member>` as the model maps the schema's paths. */
  errors: Readonly<Record<string, unknown>>;
  description: string;
  max: number;
}

const err = (errors: Readonly<Record<string, unknown>>, key: string) => (typeof errors[key] === 'string' ? (errors[key] as string) : undefined);

/** Rows of source, property, comparison and target: a run fails when one of them does not hold. */
export function AssertionsEditor({ sources, value, onChange, errors, description, max }: AssertionsEditorProps) {
  const first = sources[0];
  const specOf = (source: string) => sources.find((spec) => spec.source === source) ?? first;
  const update = (index: number, item: AssertionItem) => onChange(value.map((row, i) => (i === index ? item : row)));
  return (
    <Input.Wrapper label="Assertions" description={description} labelElement="div" error={err(errors, 'assertions')}>
      <Stack gap="xs" mt={4}>
        {value.length === 0 && (
          <Text size="sm" c="dimmed">
            No assertions: the thresholds above decide the result.
          </Text>
        )}
        {value.map((item, index) => {
          const spec = specOf(item.source);
          const n = index + 1;
          const key = `assertions.${index}`;
          return (
            <Group key={index} gap="xs" align="flex-start" wrap="wrap" role="group" aria-label={`Assertion ${n}`}>
              <Select
                aria-label={`Assertion ${n} source`}
                w={160}
                data={labelledOptions(sources.map((s) => s.source))}
                value={item.source}
                allowDeselect={false}
                onChange={(source) => source && update(index, withSource(item, specOf(source)))}
                error={err(errors, `${key}.source`)}
              />
              {spec?.property === 'statistic' && (
                <Select
                  aria-label={`Assertion ${n} property`}
                  w={190}
                  data={labelledOptions(LATENCY_STATISTICS)}
                  value={item.property}
                  allowDeselect={false}
                  onChange={(property) => property && update(index, { ...item, property })}
                  error={err(errors, `${key}.property`)}
                />
              )}
              {spec?.property === 'choice' && (
                <Select
                  aria-label={`Assertion ${n} property`}
                  w={190}
                  data={(spec.properties ?? []).map((property) => ({ value: property, label: property }))}
                  value={item.property}
                  allowDeselect={false}
                  onChange={(property) => property && update(index, withProperty(item, spec, property))}
                  error={err(errors, `${key}.property`)}
                />
              )}
              {(spec?.property === 'path' || spec?.property === 'text') && (
                <TextInput
                  aria-label={`Assertion ${n} property`}
                  w={190}
                  placeholder={spec.placeholder ?? 'JSON path, e.g. $.packetLoss'}
                  spellCheck={false}
                  value={item.property}
                  onChange={(event) => update(index, { ...item, property: event.currentTarget.value })}
                  error={err(errors, `${key}.property`)}
                />
              )}
              {spec?.regex && (
                <TextInput
                  aria-label={`Assertion ${n} regex`}
                  w={170}
                  placeholder="regex, optional"
                  title="When set, its first group (or the whole match) is compared instead of the value"
                  ff="monospace"
                  spellCheck={false}
                  value={item.regex ?? ''}
                  onChange={(event) => update(index, { ...item, regex: event.currentTarget.value })}
                  error={err(errors, `${key}.regex`)}
                />
              )}
              <Select
                aria-label={`Assertion ${n} comparison`}
                w={170}
                data={labelledOptions(comparisonsOf(spec, item.property))}
                value={item.comparison}
                allowDeselect={false}
                onChange={(comparison) => comparison && update(index, { ...item, comparison })}
                error={err(errors, `${key}.comparison`)}
              />
              {!NO_TARGET_COMPARISONS.includes(item.comparison) && (
                <TextInput
                  aria-label={`Assertion ${n} target${spec?.unit ? ` (${spec.unit})` : ''}`}
                  w={130}
                  placeholder={spec?.unit ? `e.g. 100 ${spec.unit}` : 'value'}
                  value={item.target}
                  onChange={(event) => update(index, { ...item, target: event.currentTarget.value })}
                  error={err(errors, `${key}.target`)}
                />
              )}
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove assertion ${n} (${humanLabel(item.source)})`}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <TrashIcon />
              </ActionIcon>
            </Group>
          );
        })}
        <Group>
          <Button variant="light" size="xs" disabled={!first || value.length >= max} onClick={() => first && onChange([...value, newAssertion(first)])}>
            Add assertion
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
