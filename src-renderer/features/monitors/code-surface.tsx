import { javascript } from '@codemirror/lang-javascript';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { oneDarkTheme } from '@codemirror/theme-one-dark';
import { tags as t } from '@lezer/highlight';
import CodeMirror, { EditorView, ViewPlugin } from '@uiw/react-codemirror';
import { useMemo } from 'react';

/**
 * Syntax colours that read at 4.5:1 or more on the editor's background (issue 31: axe finds no
 * serious violation on any page; the default themes' comment and keyword colours fall below it).
 * Light on #fff (and the active line's #f5f5f5), dark on One Dark's #282c34 (its editor theme without
 * its highlight style, whose colours would win over these).
 */
const PALETTE = {
  light: { keyword: '#cf222e', string: '#0a3069', literal: '#0550ae', comment: '#57606a', property: '#953800', fn: '#6639ba', type: '#116329', text: '#24292f' },
  dark: { keyword: '#ff7b72', string: '#a5d6ff', literal: '#79c0ff', comment: '#9da5b0', property: '#ffa657', fn: '#d2a8ff', type: '#7ee787', text: '#e6edf3' },
} as const;

function readableHighlighting(scheme: 'light' | 'dark') {
  const c = PALETTE[scheme];
  return syntaxHighlighting(
    HighlightStyle.define([
      { tag: [t.keyword, t.operatorKeyword, t.controlKeyword, t.moduleKeyword, t.definitionKeyword, t.modifier, t.self], color: c.keyword },
      { tag: [t.string, t.special(t.string), t.regexp, t.escape], color: c.string },
      { tag: [t.number, t.bool, t.null, t.atom, t.literal], color: c.literal },
      { tag: [t.comment, t.lineComment, t.blockComment, t.docComment, t.meta], color: c.comment },
      { tag: [t.propertyName, t.attributeName, t.labelName], color: c.property },
      { tag: [t.function(t.variableName), t.function(t.propertyName)], color: c.fn },
      { tag: [t.typeName, t.className, t.namespace], color: c.type },
      { tag: [t.variableName, t.definition(t.variableName), t.operator, t.punctuation, t.bracket, t.name], color: c.text },
      { tag: t.invalid, color: c.keyword },
    ]),
  );
}

export interface CodeSurfaceProps {
  label: string;
  invalid: boolean;
  value: string;
  onChange: (value: string) => void;
  scheme: 'light' | 'dark';
}

/** CodeMirror with JavaScript/TypeScript: loaded only when a script form opens (it is a third of the console's code). */
/**
 * Long lines wrap (no sideways scrolling on a phone); while the editor's box still scrolls (a long
 * script), the scroller is a focusable named region so it can be scrolled from the keyboard (axe's
 * scrollable-region-focusable), as the console's wide tables are.
 */
function keyboardScroller(label: string) {
  return ViewPlugin.define((view) => {
    const el = view.scrollDOM;
    const measure = {
      read: () => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
      write: (scrolls: boolean) => {
        if (scrolls && !el.hasAttribute('tabindex')) {
          el.tabIndex = 0;
          el.setAttribute('role', 'region');
          el.setAttribute('aria-label', `${label} (scrollable)`);
        } else if (!scrolls && el.hasAttribute('tabindex')) {
          el.removeAttribute('tabindex');
          el.removeAttribute('role');
          el.removeAttribute('aria-label');
        }
      },
    };
    view.requestMeasure(measure);
    return { update: () => view.requestMeasure(measure) };
  });
}

export default function CodeSurface({ label, invalid, value, onChange, scheme }: CodeSurfaceProps) {
  // The editable surface is CodeMirror's own element, so it is named there for assistive tech and tests.
  const extensions = useMemo(
    () => [
      javascript({ typescript: true }),
      readableHighlighting(scheme),
      EditorView.lineWrapping,
      keyboardScroller(label),
      EditorView.contentAttributes.of({ 'aria-label': label, 'aria-invalid': invalid ? 'true' : 'false' }),
    ],
    [label, invalid, scheme],
  );
  return <CodeMirror value={value} onChange={onChange} extensions={extensions} theme={scheme === 'dark' ? oneDarkTheme : 'light'} minHeight="220px" maxHeight="480px" basicSetup={{ tabSize: 2 }} />;
}
