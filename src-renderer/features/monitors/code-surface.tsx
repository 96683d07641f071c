import { javascript } from '@codemirror/lang-javascript';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';

export interface CodeSurfaceProps {
  label: string;
  invalid: boolean;
  value: string;
  onChange: (value: string) => void;
  scheme: 'light' | 'dark';
}

/** CodeMirror with JavaScript/TypeScript: loaded only when a script form opens (it is a third of the console's code). */
export default function CodeSurface({ label, invalid, value, onChange, scheme }: CodeSurfaceProps) {
  // The editable surface is CodeMirror's own element, so it is named there for assistive tech and tests.
  const extensions = useMemo(
    () => [javascript({ typescript: true }), EditorView.contentAttributes.of({ 'aria-label': label, 'aria-invalid': invalid ? 'true' : 'false' })],
    [label, invalid],
  );
  return <CodeMirror value={value} onChange={onChange} extensions={extensions} theme={scheme} minHeight="220px" maxHeight="480px" basicSetup={{ tabSize: 2 }} />;
}
