import { javascript } from '@codemirror/lang-javascript';
import { Input, useComputedColorScheme } from '@mantine/core';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo, type ReactNode } from 'react';


interface ScriptEditorProps {
  label: string;
  description: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
}

export function ScriptEditor({ label, description, value, onChange, error }: ScriptEditorProps) {
  const scheme = useComputedColorScheme('light');
  // The editable surface is CodeMirror's own element, so it is named there for assistive tech and tests.
  const extensions = useMemo(
    () => [javascript({ typescript: true }), EditorView.contentAttributes.of({ 'aria-label': label, 'aria-invalid': error ? 'true' : 'false' })],
    [label, error],
  );
  return (
    <Input.Wrapper label={label} description={description} error={error} withAsterisk labelElement="div">
      <div style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, marginTop: 4, overflow: 'hidden' }}>
        <CodeMirror
          value={value}
          onChange={onChange}
          extensions={extensions}
          theme={scheme}
          minHeight="220px"
          maxHeight="480px"
          basicSetup={{ tabSize: 2 }}
        />
      </div>
    </Input.Wrapper>
  );
}
