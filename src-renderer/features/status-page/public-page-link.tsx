import { Anchor, Text } from '@mantine/core';
import type { StatusPageView } from '../../../src-shared/schemas/status-page-resource';

/** The page's public address; only a published, non-private page has one that answers. */
export function PublicPageLink({ page, statusBaseUrl }: { page: StatusPageView; statusBaseUrl: string | undefined }) {
  if (page.isPrivate) {
    return (
      <Text size="sm" c="dimmed">
        Private: never served publicly
      </Text>
    );
  }
  if (!page.published || !statusBaseUrl) return null;
  const href = `${statusBaseUrl}${encodeURIComponent(page.url)}`;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" title={href}>
      Open public page
    </Anchor>
  );
}
