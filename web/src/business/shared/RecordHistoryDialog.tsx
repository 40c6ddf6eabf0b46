import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { HistoryEntry, Material, Service } from '@kiln/contracts';
import { messageOf } from '../../api/client';
import { Dialog } from '../../ui/Dialog';
import { businessKeys, recordHistoryApi, type HistoryKind } from '../business-api';
import { formatWhen } from '../business-texts';
import { timelineShowing } from '../history-versions';
import { ActivityList } from './ActivityList';
import { changeLines, MATERIAL_FIELDS, recordRows, SERVICE_FIELDS, verbOf } from './record-fields';
import './history.css';

const SPECS = { material: MATERIAL_FIELDS, service: SERVICE_FIELDS } as const;

interface RecordHistoryDialogProps {
  kind: HistoryKind;
  id: string;
  /** The record's name now (the dialog's title). */
  name: string;
  onClose: () => void;
}

/**
 * A material's or service's timeline (issue 8): who changed which fields from what to what, and when, newest
 * first; each entry opens the record as it was at that version, read-only, in the same dialog. Materials and
 * services have no page of their own (they are edited in dialogs), so their history is a dialog too (ADR 0032).
 */
export function RecordHistoryDialog({ kind, id, name, onClose }: RecordHistoryDialogProps) {
  const [viewing, setViewing] = useState<number | null>(null);
  // The entry whose button opened a version gets focus back when the person returns to the timeline.
  const back = useRef<number | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const history = useQuery({
    queryKey: businessKeys.recordHistory(kind, id),
    queryFn: () => timelineShowing(`${kind}:${id}`, () => recordHistoryApi[kind].history(id)),
    staleTime: 0,
  });

  useEffect(() => {
    if (viewing !== null || back.current === null) return;
    list.current?.querySelector<HTMLButtonElement>(`[data-version="${back.current}"]`)?.focus();
    back.current = null;
  }, [viewing]);

  const specs = SPECS[kind];
  const details = (entry: HistoryEntry) => {
    // A creation lists everything it set: its line ("created it") says enough.
    if (verbOf(entry.type) !== 'changed') return null;
    const lines = changeLines(specs, entry.changes);
    if (!lines.length) return null;
    return (
      <ul className="activity-changes" data-testid="activity-changes">
        {lines.map((line) => (
          <li key={line.field}>
            {/* "→" reads as "right arrow" to screen readers: they hear "to" instead. */}
            <strong>{line.label}</strong>: {line.from}
            <span className="arrow" aria-hidden="true">
              {' '}
              →{' '}
            </span>
            <span className="visually-hidden">to </span>
            {line.to}
          </li>
        ))}
      </ul>
    );
  };

  return (
    <Dialog title={`History of ${name}`} onClose={onClose} width={600}>
      <div className="history-dialog" ref={list}>
        {viewing !== null ? (
          <RecordVersion kind={kind} id={id} version={viewing} onBack={() => setViewing(null)} />
        ) : (
          <>
            {history.isPending && (
              <p className="muted" role="status">
                Loading…
              </p>
            )}
            {history.isError && (
              <p className="form-error" role="alert">
                {messageOf(history.error)}
              </p>
            )}
            {history.isSuccess && (
              <ActivityList
                entries={history.data.data}
                summary={(entry) => {
                  const verb = verbOf(entry.type);
                  return verb === 'changed'
                    ? `changed ${
                        changeLines(specs, entry.changes)
                          .map((l) => l.label.toLowerCase())
                          .join(', ') || 'nothing'
                      }`
                    : verb;
                }}
                details={details}
                view={(entry) => (
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    data-testid="view-version"
                    data-version={entry.version}
                    onClick={() => {
                      back.current = entry.version;
                      setViewing(entry.version);
                    }}
                  >
                    View this version<span className="visually-hidden"> (version {entry.version})</span>
                  </button>
                )}
              />
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}

/** The record as it was at one version: its fields, read-only. */
function RecordVersion({ kind, id, version, onBack }: { kind: HistoryKind; id: string; version: number; onBack: () => void }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // A past version never changes: read once.
  const record = useQuery({
    queryKey: businessKeys.recordVersion(kind, id, version),
    queryFn: (): Promise<Material | Service> => recordHistoryApi[kind].get(id, version),
    staleTime: Infinity,
  });
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="history-version" aria-labelledby={headingId} data-testid="record-version">
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        Version {version}
      </h3>
      {record.isPending && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {record.isError && (
        <p className="form-error" role="alert">
          {messageOf(record.error)}
        </p>
      )}
      {record.isSuccess && (
        <>
          <p className="muted">As it was on {formatWhen(record.data.updatedAt)}. Past versions cannot be changed.</p>
          <dl className="history-fields">
            {recordRows(SPECS[kind], record.data as unknown as Record<string, unknown>).map((row) => (
              <Fragment key={row.field}>
                <dt>{row.label}</dt>
                <dd data-testid={`version-${row.field}`}>{row.value}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" data-testid="back-to-timeline" onClick={onBack}>
          Back to the timeline
        </button>
      </div>
    </section>
  );
}
