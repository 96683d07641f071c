import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { GO_TO, isTypingTarget, SEQUENCE_MS, SHORTCUTS } from './shortcuts';

/** The focusable search field of the page shown, if it has one. */
function pageSearch(): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>('main input[type="search"], main [role="searchbox"]');
}

/**
 * "/" focuses the list's search, "g" then d/m/s/n opens a section, "?" shows the help. Never while
 * typing in a field or editor, and never with Ctrl, Alt or Cmd held (the browser's own shortcuts).
 */
export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const pendingG = useRef<number | null>(null);

  useEffect(() => {
    const clearPending = () => {
      if (pendingG.current !== null) window.clearTimeout(pendingG.current);
      pendingG.current = null;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (isTypingTarget(event.target)) return;
      const key = event.key;
      if (pendingG.current !== null) {
        clearPending();
        const target = GO_TO[key.toLowerCase()];
        if (target) {
          event.preventDefault();
          setHelpOpen(false);
          void navigate(target.path);
          return;
        }
      }
      if (key === '?') {
        event.preventDefault();
        setHelpOpen((open) => !open);
      } else if (key === '/') {
        const search = pageSearch();
        if (search) {
          event.preventDefault();
          search.focus();
          search.select();
        }
      } else if (key === 'g' && !event.shiftKey) {
        pendingG.current = window.setTimeout(clearPending, SEQUENCE_MS);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      clearPending();
    };
  }, [navigate]);

  return (
    <Modal opened={helpOpen} onClose={() => setHelpOpen(false)} title="Keyboard shortcuts">
      <Table fz="sm" verticalSpacing={6} aria-label="Keyboard shortcuts">
        <Table.Tbody>
          {SHORTCUTS.map((shortcut) => (
            <Table.Tr key={shortcut.keys.join(' ')}>
              <Table.Td w={110}>
                <Group gap={4} wrap="nowrap">
                  {shortcut.keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 && (
                        <Text span size="xs" c="dimmed" mr={4}>
                          then
                        </Text>
                      )}
                      <Kbd>{key}</Kbd>
                    </span>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{shortcut.description}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="sm">
        Shortcuts do nothing while you type in a field.
      </Text>
    </Modal>
  );
}
