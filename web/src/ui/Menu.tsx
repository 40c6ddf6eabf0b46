import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { CheckIcon } from './icons';

/** Props for the toggle button; spread them onto a <button>. */
export interface MenuTriggerProps {
  ref: RefObject<HTMLButtonElement | null>;
  id: string;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
}

interface MenuProps {
  trigger: (props: MenuTriggerProps) => ReactNode;
  /** `close()` shuts the menu and gives focus back to its button. */
  children: (close: () => void) => ReactNode;
  align?: 'left' | 'right';
  label: string;
  className?: string;
}

const ITEM = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]';

const itemsOf = (list: HTMLElement | null) => Array.from(list?.querySelectorAll<HTMLElement>(ITEM) ?? []);

/** Focuses the item at `index` of the open menu, wrapping around (-1 is the last). */
function focusItem(list: HTMLElement | null, index: number) {
  const all = itemsOf(list);
  if (all.length) all[(index + all.length) % all.length].focus();
}

/**
 * A menu button (WAI-ARIA APG "menu button" pattern), shared by every menu of the app:
 * Enter, Space or ArrowDown open it on the first item and ArrowUp on the last; in the menu ArrowUp/Down move
 * (wrapping), Home/End jump, a letter moves to the next item starting with it, Escape closes and returns focus to
 * the button, Tab closes and lets focus move on. A click outside closes it too.
 */
export function Menu({ trigger, children, align = 'right', label, className }: MenuProps) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const items = () => itemsOf(list.current);
  const focusAt = (index: number) => focusItem(list.current, index);
  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  // A menu that would run past the bottom of the window opens upwards when there is more room above (phones).
  const [upwards, setUpwards] = useState(false);
  useLayoutEffect(() => {
    if (!open || !list.current || !button.current) return setUpwards(false);
    const below = window.innerHeight - button.current.getBoundingClientRect().bottom;
    const above = button.current.getBoundingClientRect().top;
    // Only when it fits above: a long menu (the model menu) would otherwise slide under the top bar.
    setUpwards(list.current.offsetHeight + 8 > below && above > list.current.offsetHeight + 8);
  }, [open]);

  // On opening, focus goes to the first or the last item.
  useEffect(() => {
    if (!open) return;
    focusItem(list.current, open === 'first' ? 0 : -1);
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (open) focusAt(0);
      else setOpen('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (open) focusAt(-1);
      else setOpen('last');
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const current = all.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case 'ArrowDown':
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        focusAt(current < 0 ? -1 : current - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(-1);
        break;
      case 'Escape':
        event.stopPropagation();
        close();
        break;
      case 'Tab':
        close(false);
        return; // let the browser move focus on
      default: {
        // Typeahead: the next item (after the focused one, wrapping) whose label starts with the letter.
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey || !event.key.trim()) return;
        const letter = event.key.toLowerCase();
        for (let step = 1; step <= all.length; step++) {
          const candidate = all[(current + step + all.length) % all.length];
          if (candidate.textContent?.trim().toLowerCase().startsWith(letter)) {
            candidate.focus();
            break;
          }
        }
      }
    }
    event.preventDefault();
  };

  return (
    <div className={`menu-root ${className ?? ''}`} ref={root}>
      {trigger({
        ref: button,
        id: buttonId,
        onClick: () => (open ? close() : setOpen('first')),
        onKeyDown: onButtonKey,
        'aria-haspopup': 'menu',
        'aria-expanded': Boolean(open),
        'aria-controls': open ? menuId : undefined,
      })}
      {open && (
        <div
          ref={list}
          id={menuId}
          className={`menu menu--${align} ${upwards ? 'menu--up' : ''}`}
          role="menu"
          tabIndex={-1}
          aria-label={label}
          onKeyDown={onMenuKey}
        >
          {/* eslint-disable-next-line react-hooks/refs -- the items call `close` from their event handlers only, never while rendering */}
          {children(() => close())}
        </div>
      )}
    </div>
  );
}

interface MenuItemProps {
  children: ReactNode;
  onSelect?: () => void;
  disabled?: boolean;
  checked?: boolean;
  danger?: boolean;
  icon?: ReactNode;
  testId?: string;
  title?: string;
}

/**
 * One menu item. A disabled item stays focusable (aria-disabled, as the APG advises) so arrow keys and
 * typeahead reach it and its title can tell why; choosing it does nothing.
 */
export function MenuItem({ children, onSelect, disabled, checked, danger, icon, testId, title }: MenuItemProps) {
  return (
    <button
      type="button"
      tabIndex={-1}
      role={checked === undefined ? 'menuitem' : 'menuitemradio'}
      aria-checked={checked}
      className={`menu-item ${danger ? 'menu-item--danger' : ''}`}
      aria-disabled={disabled || undefined}
      data-testid={testId}
      title={title}
      onClick={() => {
        if (!disabled) onSelect?.();
      }}
    >
      <span className="menu-item-icon" aria-hidden="true">
        {checked ? <CheckIcon size={16} /> : icon}
      </span>
      <span>{children}</span>
    </button>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="menu-separator" />;
}

/** Items under a visible heading ("Sort by", "Order"): a group named by that heading. */
export function MenuGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label}>
      <div className="menu-label" aria-hidden="true">
        {label}
      </div>
      {children}
    </div>
  );
}
