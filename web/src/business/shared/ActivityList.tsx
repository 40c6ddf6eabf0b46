import type { ReactNode } from 'react';
import type { HistoryEntry } from '@kiln/contracts';
import { BUSINESS_TEXTS, formatWhen } from '../business-texts';
import './history.css';

interface ActivityListProps {
  /** The record's timeline as the API gives it (oldest first); shown newest first. */
  entries: HistoryEntry[];
  /** The version on screen: its entry says "(shown)" instead of offering a way to it. */
  current?: number;
  /** What the entry did, after the person's name ("changed name, price"). */
  summary: (entry: HistoryEntry) => ReactNode;
  /** More about the entry under its line (the History dialog's from → to lines). */
  details?: (entry: HistoryEntry) => ReactNode;
  /** The way to the record as it was after the entry: a link (the catalog item page) or a button (the dialog). */
  view: (entry: HistoryEntry) => ReactNode;
}

/**
 * Who changed what and when on a business record, newest first (issue 8). Shared by the catalog item page and
 * the History dialog of materials and services, which differ only in how an entry reads and opens its version.
 */
export function ActivityList({ entries, current, summary, details, view }: ActivityListProps) {
  if (entries.length === 0) return <p className="muted">No changes yet.</p>;
  return (
    <ol className="activity-list" data-testid="activity-list">
      {[...entries].reverse().map((entry) => (
        <li key={entry.version} data-testid="activity-entry">
          <span>
            <strong>{entry.by.fullName || BUSINESS_TEXTS.unknownAuthor}</strong> {summary(entry)}
          </span>
          <time className="muted" dateTime={entry.at}>
            {formatWhen(entry.at)}
          </time>
          {entry.version === current ? <span className="muted">(shown)</span> : view(entry)}
          {details?.(entry)}
        </li>
      ))}
    </ol>
  );
}
