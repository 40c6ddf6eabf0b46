import { useEffect, useMemo, useRef, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { PushMessage } from '@kiln/contracts';
import { RECENT_CHANGE_MS } from '../api/recent-changes';
import { usePushChannel } from '../realtime/RealtimeProvider';
import { DotsIcon } from './icons';
import { Menu, MenuItem } from './Menu';

/**
 * The parts the item lists (assets, fonts, components) share: one actions menu per item, the list row, and the live list
 * (pushes merged, deleted items kept out). Only lazy screens import this module: it stays out of the first load.
 */

/** One entry of an item's actions menu; a disabled one says why in `reason` (its tooltip). */
export interface ItemAction {
  label: ReactNode;
  onSelect: () => void;
  testId?: string;
  disabled?: boolean;
  danger?: boolean;
  reason?: string;
}

/** The "Actions for {name}" menu of a list item: the menu closes (focus back on its button) before the action runs. */
export function ItemActionsMenu({
  name,
  testId,
  actions,
  triggerProps,
}: {
  name: string;
  testId: string;
  actions: (ItemAction | false | undefined)[];
  /** More props for the menu's button (e.g. a chunk preloaded on pointer or focus). */
  triggerProps?: ButtonHTMLAttributes<HTMLButtonElement>;
}) {
  return (
    <Menu
      label={`Actions for ${name}`}
      className="model-menu"
      trigger={(props) => (
        <button type="button" className="icon-btn model-menu-button" aria-label={`Actions for ${name}`} data-testid={testId} {...triggerProps} {...props}>
          <DotsIcon />
        </button>
      )}
    >
      {(close) => (
        <>
          {actions.map(
            (action, index) =>
              action && (
                <MenuItem
                  key={action.testId ?? index}
                  disabled={action.disabled}
                  danger={action.danger}
                  title={action.disabled ? action.reason : undefined}
                  testId={action.testId}
                  onSelect={() => {
                    close();
                    action.onSelect();
                  }}
                >
                  {action.label}
                </MenuItem>
              ),
          )}
        </>
      )}
    </Menu>
  );
}

/** A list item shown as a row (display 'list'): lead (thumb, checkbox), name and meta, a second column, the date, the menu. */
export function ItemRow({
  className,
  data,
  lead,
  text,
  column,
  date,
  dateText,
  menu,
}: {
  className?: string;
  data: Record<string, string>;
  lead: ReactNode;
  text: ReactNode;
  column: ReactNode;
  date: string;
  dateText: string;
  menu: ReactNode;
}) {
  return (
    <li className={className ? `model-row ${className}` : 'model-row'} {...data}>
      <span className="model-row-name">
        {lead}
        <span className="model-row-text">{text}</span>
      </span>
      <span className="model-row-author">{column}</span>
      <time className="model-row-date" dateTime={date}>
        {dateText}
      </time>
      <span className="model-row-menu">
        <span className="model-tools">{menu}</span>
      </span>
    </li>
  );
}

/** After a push, the list is fetched again once more a moment later: the push may come before the service's read model has it. */
const SETTLE_MS = 1000;

/** Whether an item is in a list's scope (personal, a team, a project) as the services list them. */
export function inItemScope(
  item: { teamId?: string | null; projectId?: string | null },
  scope: { teamId?: string | null; projectId?: string | null },
): boolean {
  if (!scope.teamId) return !item.teamId;
  return item.teamId === scope.teamId && (!scope.projectId || item.projectId === scope.projectId);
}

/**
 * A paged list kept live by its push channel: a deletion (here, by `forget`, or pushed) keeps the item out for good, even
 * from a fetch that left before the deletion was in the read model; other pushes are merged (`merge`) and the list is
 * fetched again (at once for a new item, whose place in the order only the service knows) and once more a moment later.
 * An item pushed as created that `belongs` to the list is shown first for RECENT_CHANGE_MS while the answers lack it.
 */
export function useLiveItems<T extends { id: string; version?: number }>(
  paged: T[],
  channel: string,
  merge: (message: PushMessage<T>) => void,
  refresh: () => Promise<unknown>,
  belongs?: (item: T) => boolean,
): { items: T[]; forget: (id: string) => void } {
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set());
  const [recent, setRecent] = useState<ReadonlyMap<string, T>>(() => new Map());
  const forget = (id: string) => setGone((before) => new Set(before).add(id));
  const items = useMemo(() => {
    const lacking = [...recent.values()].filter((item) => !paged.some((i) => i.id === item.id)).reverse();
    return [...lacking, ...paged].filter((i) => !gone.has(i.id));
  }, [paged, gone, recent]);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const later = (ms: number, run: () => void) => timers.current.push(setTimeout(run, ms));
  const unrecent = (id: string) =>
    setRecent((before) => {
      if (!before.has(id)) return before;
      const next = new Map(before);
      next.delete(id);
      return next;
    });
  usePushChannel<T>(channel, (message) => {
    if (!message?.data?.id) return;
    const pushed = message.data;
    if (message.verb === 'delete') forget(pushed.id);
    merge(message);
    if (message.verb === 'create' && belongs?.(pushed)) {
      setRecent((before) => new Map(before).set(pushed.id, pushed));
      later(RECENT_CHANGE_MS, () => unrecent(pushed.id));
    } else if (message.verb === 'delete' || !belongs?.(pushed)) unrecent(pushed.id);
    else
      setRecent((before) => {
        const held = before.get(pushed.id);
        return held && (pushed.version ?? 0) >= (held.version ?? 0) ? new Map(before).set(pushed.id, { ...held, ...pushed }) : before;
      });
    if (message.verb !== 'delete') {
      if (message.verb === 'create') void refresh();
      later(SETTLE_MS, () => void refresh());
    }
  });
  return { items, forget };
}

/**
 * A push merged into every cached page under `queryKey` at once: a deletion takes the item out, any other change
 * goes through `update(cached, pushed)`, which answers the cached item as it is when the push is not newer.
 */
export function mergePush<T extends { id: string }>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  message: PushMessage<T>,
  update: (cached: T, pushed: T) => T,
): void {
  const pushed = message.data;
  queryClient.setQueriesData<InfiniteData<{ data: T[] }>>({ queryKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: message.verb === 'delete' ? page.data.filter((i) => i.id !== pushed.id) : page.data.map((i) => (i.id === pushed.id ? update(i, pushed) : i)),
          })),
        }
      : data,
  );
}
