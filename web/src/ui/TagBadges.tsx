import { tagBadges } from './tag-badges';
import './tags.css';

/** A card's tags as badges (spec 001 §9): the first few, each cut at 15 characters, the rest as '+N'; the full list in the title. */
export function TagBadges({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  const { shown, more } = tagBadges(tags);
  return (
    <ul className="tag-badges" aria-label={`Tags: ${tags.join(', ')}`} title={tags.join(', ')} data-testid="tag-badges">
      {shown.map((text, index) => (
        <li key={index} className="tag-badge" aria-hidden="true">
          {text}
        </li>
      ))}
      {more > 0 && (
        <li className="tag-badge tag-badge--more" aria-hidden="true" data-testid="tag-more">
          +{more}
        </li>
      )}
    </ul>
  );
}
