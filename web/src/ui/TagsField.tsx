import { useId, useState, type KeyboardEvent } from 'react';
import { CloseIcon } from './icons';
import './tags.css';

export interface TagsFieldProps {
  value: string[];
  onChange: (tags: string[]) => void;
  /** The scope's existing tags, offered as the user types. */
  suggestions: readonly string[];
  /** The form's own error for the field (a server's sentence, say). */
  error?: string;
  /** At most this many tags (the field then says how many of them there are); none: no limit. */
  max?: number;
  /**
   * A tag the field does not add, with the sentence it says instead (e.g. a case-insensitive duplicate of a texture's
   * tag: 'Duplicate tags are not allowed'). Without it, a tag that is already there is not added again, silently.
   */
  refuse?: (tags: readonly string[], tag: string) => string | undefined;
  label?: string;
  disabled?: boolean;
}

/** Trimmed, empties dropped. */
const piecesOf = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);

/**
 * A tags field (materials, textures, scenes): typed and added with Enter or a comma, each removable with its × button;
 * the scope's existing tags are offered as suggestions (a datalist, which keyboards and screen readers know). Each
 * screen gives its own rules: a largest count (`max`) and the tags it refuses with a sentence (`refuse`).
 */
export function TagsField({ value, onChange, suggestions, error, max, refuse, label = 'Tags', disabled = false }: TagsFieldProps) {
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const id = useId();
  const full = max !== undefined && value.length >= max;
  const add = (text: string) => {
    let next = [...value];
    let said: string | undefined;
    for (const tag of piecesOf(text)) {
      if (max !== undefined && next.length >= max) break;
      const refused = refuse?.(next, tag);
      if (refused) said = refused;
      else if (!next.includes(tag)) next = [...next, tag];
    }
    setRefusal(said);
    if (next.length !== value.length) onChange(next);
    // A refused tag stays in the box, to be changed.
    setDraft(said ? text.replace(/,\s*$/, '') : '');
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'Enter' || event.key === ',') && draft.trim()) {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Enter') event.preventDefault();
    else if (event.key === 'Backspace' && !draft && value.length) onChange(value.slice(0, -1));
  };
  const offered = suggestions.filter((tag) => !value.includes(tag));
  const shown = refusal ?? error;
  return (
    <div className={`field ${shown ? 'field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {value.length > 0 && (
        <ul className="tag-list" aria-label="Tags added">
          {value.map((tag) => (
            <li key={tag} className="tag-chip" data-testid="tag-chip">
              <span>{tag}</span>
              {!disabled && (
                <button
                  type="button"
                  className="tag-remove"
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => {
                    setRefusal(undefined);
                    onChange(value.filter((t) => t !== tag));
                  }}
                >
                  <CloseIcon size={14} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        list={`${id}-suggestions`}
        value={draft}
        disabled={full || disabled}
        placeholder={full || disabled ? '' : 'Type a tag and press Enter'}
        aria-describedby={`${id}-hint`}
        aria-invalid={shown ? true : undefined}
        data-testid="tags-input"
        onChange={(event) => {
          const text = event.target.value;
          if (refusal) setRefusal(undefined);
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
        {max === undefined ? 'Enter or a comma adds a tag.' : full ? `At most ${max} tags.` : `${value.length} of ${max} tags`}
      </p>
      {shown && (
        <p className="field-error" data-testid="field-error" role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
