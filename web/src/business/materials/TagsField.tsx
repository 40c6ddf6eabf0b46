import { useId, useState, type KeyboardEvent } from 'react';
import { CloseIcon } from '../../ui/icons';
import { cleanTags, TAGS_MAX } from './material-form';

interface TagsFieldProps {
  value: string[];
  onChange: (tags: string[]) => void;
  suggestions: readonly string[];
  error?: string;
}

/**
 * Tags (spec 002 §5: trimmed, empties dropped, at most 20): typed and added with Enter or a comma, each removable
 * with its × button; the scope's existing tags are offered as suggestions (a datalist, which keyboards and screen
 * readers know).
 */
export function TagsField({ value, onChange, suggestions, error }: TagsFieldProps) {
  const [draft, setDraft] = useState('');
  const id = useId();
  const full = value.length >= TAGS_MAX;
  const add = (text: string) => {
    const next = cleanTags([...value, ...text.split(',')]).slice(0, TAGS_MAX);
    onChange(next);
    setDraft('');
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'Enter' || event.key === ',') && draft.trim()) {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Enter') event.preventDefault();
    else if (event.key === 'Backspace' && !draft && value.length) onChange(value.slice(0, -1));
  };
  const offered = suggestions.filter((tag) => !value.includes(tag));
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={id}>Tags</label>
      {value.length > 0 && (
        <ul className="tag-list" aria-label="Tags added">
          {value.map((tag) => (
            <li key={tag} className="tag-chip">
              <span>{tag}</span>
              <button type="button" className="tag-remove" aria-label={`Remove tag ${tag}`} onClick={() => onChange(value.filter((t) => t !== tag))}>
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        list={`${id}-suggestions`}
        value={draft}
        disabled={full}
        placeholder={full ? '' : 'Type a tag and press Enter'}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const text = event.target.value;
          // A chosen suggestion (or a pasted list) ends with the whole tag: a comma adds it.
          if (text.includes(',')) add(text);
          else setDraft(text);
        }}
        onBlur={() => draft.trim() && add(draft)}
        onKeyDown={onKey}
      />
      <datalist id={`${id}-suggestions`}>
        {offered.map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
      <p id={`${id}-hint`} className="field-hint" role="status">
        {full ? `At most ${TAGS_MAX} tags.` : `${value.length} of ${TAGS_MAX} tags`}
      </p>
      {error && (
        <p className="field-error" data-testid="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
