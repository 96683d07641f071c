import { Badge } from '@mantine/core';

/** A send flag: on, or struck through when off. */
export function ChannelFlag({ on, label }: { on: boolean; label: string }) {
  return (
    <Badge size="xs" variant={on ? 'light' : 'outline'} color={on ? 'teal' : 'gray'} tt="none" td={on ? undefined : 'line-through'}>
      {label}
    </Badge>
  );
}
