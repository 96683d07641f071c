import { Button, Code, Popover, ScrollArea, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** The `{{NAME}}` variables a webhook's URL, headers, query parameters and body template may use. */
export function TemplateVariablesPopover() {
  const trpc = useTRPC();
  const variables = useQuery(trpc.alerts.templateVariables.queryOptions(undefined, { staleTime: Infinity }));
  return (
    <Popover width={620} position="bottom-start" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Button size="compact-xs" variant="subtle">
          Template variables
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label="Template variables">
        <Text size="xs" c="dimmed" mb={6}>
          Write <Code>{'{{NAME}}'}</Code> in the URL, headers, query parameters or body template; each is replaced when the alert is sent.
        </Text>
        {variables.isError && <Text size="sm" c="red">The variables could not be loaded.</Text>}
        <ScrollArea.Autosize mah={320}>
          <Table fz="xs" verticalSpacing={2}>
            <Table.Tbody>
              {(variables.data ?? []).map((variable) => (
                <Table.Tr key={variable.name}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Code>{`{{${variable.name}}}`}</Code>
                  </Table.Td>
                  <Table.Td>{variable.description}</Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed" ff="monospace" truncate maw={170} title={variable.example}>
                      {variable.example}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
