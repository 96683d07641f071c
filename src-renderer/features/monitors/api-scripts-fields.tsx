import { Button, Code, Group, Input, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ScriptEditor } from './script-editor';

interface ScriptFieldProps {
  label: string;
  addLabel: string;
  description: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
}

/** One optional script: a button until it is added (the code editor loads only then), then the editor and a way to remove it. */
function OptionalScript({ label, addLabel, description, value, onChange, error }: ScriptFieldProps) {
  const [open, setOpen] = useState(value.trim() !== '');
  if (!open) {
    return (
      <Group>
        <Button variant="light" size="xs" onClick={() => setOpen(true)}>
          {addLabel}
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap={4}>
      <ScriptEditor label={label} description={description} value={value} onChange={onChange} error={error} required={false} />
      <Group>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          onClick={() => {
            onChange('');
            setOpen(false);
          }}
        >
          Remove {label.toLowerCase()}
        </Button>
      </Group>
    </Stack>
  );
}

interface ApiScriptsFieldsProps {
  setup: string;
  teardown: string;
  onSetupChange: (value: string) => void;
  onTeardownChange: (value: string) => void;
  errors: Readonly<Record<string, ReactNode>>;
}

/** An API check's setup and teardown scripts (the public `localSetupScript` and `localTearDownScript`), each optional. */
export function ApiScriptsFields({ setup, teardown, onSetupChange, onTeardownChange, errors }: ApiScriptsFieldsProps) {
  return (
    <Input.Wrapper
      label="Scripts"
      description="Optional JavaScript run around the request, with the variables as process.env.NAME, fetch and console.log; each may take 10 seconds."
      labelElement="div"
    >
      <Stack gap="sm" mt={6}>
        <OptionalScript
          label="Setup script"
          addLabel="Add setup script"
          description={
            <>
              Runs before the request; what it leaves in <Code>request</Code> (method, url, headers, queryParameters, body) is sent.
            </>
          }
          value={setup}
          onChange={onSetupChange}
          error={errors.localSetupScript}
        />
        <OptionalScript
          label="Teardown script"
          addLabel="Add teardown script"
          description={
            <>
              Runs after the response, before the assertions; what it leaves in <Code>response</Code> (statusCode, headers, body) is judged.
            </>
          }
          value={teardown}
          onChange={onTeardownChange}
          error={errors.localTearDownScript}
        />
      </Stack>
    </Input.Wrapper>
  );
}
