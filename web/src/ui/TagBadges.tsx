import { tagBadges } from '@kiln/domain';
import './tags.css';

/**
 * A card's tags as badges (spec 001 §9; the domain's `tagBadges`): the first few, each cut at 15 characters plus an
 * ellipsis, the rest as '+N'; the whole list is the badges' accessible name and title.
 */
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
      {more && (
        <li className="tag-badge tag-badge--more" aria-hidden="true" data-testid="tag-more">
          {more}
        </li>
      )}
    </ul>
  );
}
