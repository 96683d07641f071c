import { Code, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { jsonPathOf } from './response-assertions';

/** Past this many values the body is shown as text: a page of thousands of buttons helps no one. */
const MAX_PICKABLE_VALUES = 2000;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Leaf = string | number | boolean | null;

export interface JsonPick {
  path: string;
  value: Leaf;
}

interface JsonBodyPickerProps {
  body: string;
  onPick: (pick: JsonPick) => void;
  /** Whether the value at this path already has its assertion. */
  picked: (pick: JsonPick) => boolean;
  /** False when no more assertions may be added. */
  enabled: boolean;
}

function countLeaves(value: Json, limit: number): number {
  if (value === null || typeof value !== 'object') return 1;
  let count = 0;
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    count += countLeaves(child, limit - count);
    if (count > limit) break;
  }
  return count;
}

const describe = ({ path, value }: JsonPick) => (value === null ? `${path} is null` : `${path} equals ${JSON.stringify(value)}`);

/**
 * A JSON body pretty-printed exactly as the result view shows it, each value a button that adds the
 * assertion "this path equals this value". Null when the body is not JSON or too big to pick from.
 */
export function JsonBodyPicker({ body, onPick, picked, enabled }: JsonBodyPickerProps) {
  let root: Json;
  try {
    root = JSON.parse(body) as Json;
  } catch {
    return null;
  }
  if (countLeaves(root, MAX_PICKABLE_VALUES) > MAX_PICKABLE_VALUES) return null;

  const leaf = (value: Leaf, segments: (string | number)[]): ReactNode => {
    const text = JSON.stringify(value);
    const path = jsonPathOf(segments);
    if (path === null) return text;
    const pick = { path, value };
    const done = picked(pick);
    return (
      <UnstyledButton
        component="button"
        type="button"
        ff="monospace"
        fz="inherit"
        disabled={done || !enabled}
        aria-label={done ? `Asserted: ${describe(pick)}` : `Assert ${describe(pick)}`}
        title={done ? 'Already asserted' : `Add the assertion ${describe(pick)}`}
        onClick={() => onPick(pick)}
        style={{
          borderBottom: done ? undefined : '1px dashed var(--mantine-color-blue-filled)',
          background: done ? 'var(--mantine-color-teal-light)' : undefined,
          borderRadius: 2,
          cursor: done || !enabled ? 'default' : 'pointer',
        }}
      >
        {text}
      </UnstyledButton>
    );
  };

  // Rendered so that the text reads exactly as JSON.stringify(root, null, 2).
  const node = (value: Json, segments: (string | number)[], indent: string): ReactNode => {
    if (value === null || typeof value !== 'object') return leaf(value, segments);
    const inner = `${indent}  `;
    if (Array.isArray(value)) {
      if (value.length === 0) return '[]';
      return (
        <>
          {'[\n'}
          {value.map((child, index) => (
            <span key={index}>
              {inner}
              {node(child, [...segments, index], inner)}
              {index < value.length - 1 ? ',\n' : '\n'}
            </span>
          ))}
          {`${indent}]`}
        </>
      );
    }
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return (
      <>
        {'{\n'}
        {entries.map(([key, child], index) => (
          <span key={key}>
            {inner}
            {`${JSON.stringify(key)}: `}
            {node(child, [...segments, key], inner)}
            {index < entries.length - 1 ? ',\n' : '\n'}
          </span>
        ))}
        {`${indent}}`}
      </>
    );
  };

  return (
    <>
      <Text size="xs" c="dimmed">
        Click a value to assert it.
      </Text>
      <Code block style={{ maxHeight: 480, overflow: 'auto' }}>
        {node(root, [], '')}
      </Code>
    </>
  );
}
