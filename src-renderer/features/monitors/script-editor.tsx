import { Input, Loader, useComputedColorScheme } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';

const CodeSurface = lazy(() => import('./code-surface'));

interface ScriptEditorProps {
  label: string;
  description: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  /** Marked as required (a multi-step check's script); an API check's scripts are optional. */
  required?: boolean;
}

export function ScriptEditor({ label, description, value, onChange, error, required = true }: ScriptEditorProps) {
  const scheme = useComputedColorScheme('light');
  return (
    <Input.Wrapper label={label} description={description} error={error} withAsterisk={required} labelElement="div">
      <div style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, marginTop: 4, overflow: 'hidden', minHeight: 220 }}>
        <Suspense fallback={<Loader size="sm" m="md" role="status" aria-label="Loading the script editor" />}>
          <CodeSurface label={label} invalid={Boolean(error)} value={value} onChange={onChange} scheme={scheme} />
        </Suspense>
      </div>
    </Input.Wrapper>
  );
}
