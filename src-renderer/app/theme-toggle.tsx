import { ActionIcon, Menu, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';

const SCHEMES: ReadonlyArray<{ value: MantineColorScheme; label: string }> = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Auto (as the system)' },
];

function SchemeIcon({ scheme }: { scheme: MantineColorScheme }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      {scheme === 'light' && (
        <>
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </>
      )}
      {scheme === 'dark' && <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />}
      {scheme === 'auto' && (
        <>
          <circle cx="12" cy="12" r="8" />
          <path d="M12 4a8 8 0 0 1 0 16z" fill="currentColor" />
        </>
      )}
    </svg>
  );
}

/** Light, dark or the system's scheme; Mantine keeps the choice in localStorage (`mantine-color-scheme-value`). */
export function ThemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const current = SCHEMES.find((scheme) => scheme.value === colorScheme) ?? SCHEMES[2];
  return (
    <Menu position="bottom-end" withArrow>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={`Colour scheme: ${current.label}`}>
          <SchemeIcon scheme={current.value} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Colour scheme</Menu.Label>
        {SCHEMES.map((scheme) => (
          <Menu.Item
            key={scheme.value}
            leftSection={<SchemeIcon scheme={scheme.value} />}
            onClick={() => setColorScheme(scheme.value)}
            aria-current={scheme.value === colorScheme ? 'true' : undefined}
            fw={scheme.value === colorScheme ? 700 : undefined}
          >
            {scheme.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
