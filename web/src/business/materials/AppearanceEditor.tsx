import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { AppearanceEntry, Direction } from '@kiln/contracts';
import { ALL_DIRECTIONS, APPEARANCE_DIRECTIONS, type MaterialClassId } from '@kiln/contracts/constants';
import {
  APPEARANCE_TYPE_LABELS,
  APPEARANCE_TYPES,
  appearanceErrors,
  appearanceTypeOf,
  entryLabels,
  setEntryMode,
  switchAppearanceType,
  type AppearanceType,
} from '@kiln/domain';
import { SelectField } from '../../teams/dialogs/fields';
import { SearchIcon } from '../../ui/icons';
import { ColorPicker } from './ColorPicker';

/** Textures have no API yet (spec 002 §7 "paths not shown"; ADR 0031): the grid shows its empty state. */
export const NO_TEXTURES = 'No textures found. Textures you publish and community textures will be listed here.';

interface AppearanceEditorProps {
  value: AppearanceEntry[];
  onChange: (entries: AppearanceEntry[]) => void;
  materialClass: MaterialClassId | '';
  /** Show the §5 rules' messages (after a first Finish or Done). */
  showErrors: boolean;
}

const DIRECTION_CHOICES: readonly Direction[] = [...APPEARANCE_DIRECTIONS, ALL_DIRECTIONS];
const directionLabel = (d: Direction) => (d === ALL_DIRECTIONS ? 'All' : d);

/** What an entry tab shows beside its name: the chosen colour or texture. */
function EntryMark({ entry }: { entry: AppearanceEntry }) {
  if (entry.mode === 'color' && entry.color)
    return <span className="color-chip color-chip--small" style={{ background: entry.color.hex }} aria-hidden="true" />;
  if (entry.mode === 'texture' && entry.texture) return <span className="tab-note">{entry.texture.name}</span>;
  return <span className="tab-note">{entry.mode === 'texture' ? 'No texture' : 'No colour'}</span>;
}

/**
 * The appearance editor (spec 002 §2–§5): the material type (Mono Texture, Two-toned, Custom), one tab per entry
 * (APG tabs: arrow keys move between them), and in each the directions it paints, the Texture/Color switch, the
 * texture search and grid, or the colour picker.
 */
export function AppearanceEditor({ value, onChange, materialClass, showErrors }: AppearanceEditorProps) {
  const entries = value;
  const type = appearanceTypeOf(entries);
  const labels = entryLabels(entries);
  const [active, setActive] = useState(0);
  const [term, setTerm] = useState('');
  const current = Math.min(active, entries.length - 1);
  const entry = entries[current];
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const errors = showErrors ? appearanceErrors(entries, materialClass || null) : [];
  const entryErrors = (i: number) => errors.filter((e) => e.path.startsWith(`appearance.${i}.`)).map((e) => e.message);
  const overall = errors.filter((e) => e.path === 'appearance').map((e) => e.message);

  const update = (i: number, next: AppearanceEntry) => onChange(entries.map((e, at) => (at === i ? next : e)));
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: entries.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key] + entries.length) % entries.length;
    setActive(next);
    tabs.current[next]?.focus();
  };
  const toggleDirection = (direction: Direction, on: boolean) => {
    const dirs = entry.materialIndexDirection.filter((d) => d !== direction);
    update(current, { ...entry, materialIndexDirection: on ? [...dirs, direction] : dirs });
  };

  return (
    <div className="appearance-editor">
      <SelectField
        label="Material type"
        value={type}
        data-testid="appearance-type"
        onChange={(event) => {
          // Spec 002 §4: switching the type resets every entry's texture and colour.
          onChange(switchAppearanceType(entries, event.target.value as AppearanceType) as AppearanceEntry[]);
          setActive(0);
        }}
      >
        {APPEARANCE_TYPES.map((t) => (
          <option key={t} value={t}>
            {APPEARANCE_TYPE_LABELS[t]}
          </option>
        ))}
      </SelectField>

      <div className="entry-tabs" role="tablist" aria-label="Appearance entries">
        {entries.map((e, i) => (
          <button
            key={i}
            ref={(node) => {
              tabs.current[i] = node;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${i}`}
            aria-selected={i === current}
            aria-controls={`${baseId}-panel`}
            tabIndex={i === current ? 0 : -1}
            className={`entry-tab ${i === current ? 'entry-tab--active' : ''} ${entryErrors(i).length ? 'entry-tab--invalid' : ''}`}
            onClick={() => setActive(i)}
            onKeyDown={onTabKey}
          >
            <span>{labels[i]}</span>
            <EntryMark entry={e} />
          </button>
        ))}
      </div>

      {entry && (
        <div className="entry-panel" role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${current}`}>
          <fieldset className="direction-set">
            <legend>Directions</legend>
            <div className="direction-choices">
              {DIRECTION_CHOICES.map((direction) => (
                <label key={direction} className="check-chip">
                  <input
                    type="checkbox"
                    checked={entry.materialIndexDirection.includes(direction)}
                    onChange={(event) => toggleDirection(direction, event.target.checked)}
                  />
                  <span>{directionLabel(direction)}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset className="mode-switch">
            <legend>Fill</legend>
            {(['texture', 'color'] as const).map((mode) => (
              <label key={mode} className={`mode-option ${entry.mode === mode ? 'mode-option--on' : ''}`}>
                <input
                  type="radio"
                  className="visually-hidden"
                  name={`${baseId}-mode`}
                  checked={entry.mode === mode}
                  onChange={() => update(current, setEntryMode(entry, mode))}
                />
                {mode === 'texture' ? 'Texture' : 'Color'}
              </label>
            ))}
          </fieldset>

          {entry.mode === 'texture' ? (
            <div className="texture-picker">
              <div className="search texture-search">
                <SearchIcon size={16} />
                <input
                  type="search"
                  aria-label="Search textures"
                  placeholder="Search textures"
                  value={term}
                  onChange={(event) => setTerm(event.target.value)}
                />
              </div>
              <p className="texture-empty" data-testid="texture-empty">
                {NO_TEXTURES}
              </p>
            </div>
          ) : (
            <ColorPicker key={current} label={labels[current]} value={entry.color} onChange={(color) => update(current, { ...entry, color })} />
          )}

          {entryErrors(current).length > 0 && (
            <div className="appearance-errors" data-testid="appearance-errors">
              {entryErrors(current).map((message) => (
                <p key={message} className="field-error" role="alert">
                  {message}
                </p>
              ))}
            </div>
          )}
        </div>
      )}
      {(overall.length > 0 || errors.some((e) => !e.path.startsWith(`appearance.${current}.`) && e.path !== 'appearance')) && (
        <div className="appearance-errors" data-testid="appearance-errors">
          {overall.map((message) => (
            <p key={message} className="field-error" role="alert">
              {message}
            </p>
          ))}
          {entries.map((_, i) =>
            i !== current && entryErrors(i).length > 0 ? (
              <p key={i} className="field-error" role="alert">
                {labels[i]}: {entryErrors(i).join(' ')}
              </p>
            ) : null,
          )}
        </div>
      )}
    </div>
  );
}
