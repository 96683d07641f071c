import { Badge, Group } from '@mantine/core';

export function TagBadges({ tags }: { tags: readonly string[] }) {
  return (
    <Group gap={4}>
      {tags.map((tag) => (
        <Badge key={tag} size="xs" variant="outline" color="gray" tt="none">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}
