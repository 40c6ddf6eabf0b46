import { TagsField as SharedTagsField } from '../../ui/TagsField';
import { TAGS_MAX } from './material-form';

interface TagsFieldProps {
  value: string[];
  onChange: (tags: string[]) => void;
  suggestions: readonly string[];
  error?: string;
}

/**
 * A material's tags (spec 002 §5: trimmed, empties dropped, at most 20): the shared tags field (web/src/ui/TagsField)
 * with the materials' limit.
 */
export function TagsField(props: TagsFieldProps) {
  return <SharedTagsField {...props} max={TAGS_MAX} />;
}
