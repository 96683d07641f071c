import { PlainBadge } from './plain-controls';
import './tag-badges.css';

const NO_CAPITALS = { textTransform: 'none' } as const;

export function TagBadges({ tags }: { tags: readonly string[] }) {
  return (
    <div className="tag-badges">
      {tags.map((tag) => (
        <PlainBadge key={tag} size="xs" variant="outline" color="gray" style={NO_CAPITALS}>
          {tag}
        </PlainBadge>
      ))}
    </div>
  );
}
