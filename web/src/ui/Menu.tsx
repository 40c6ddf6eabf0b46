import { useEffect, useRef, useState, type ReactNode } from 'react';

interface MenuProps {
  /** Renders the toggle button; spread the props onto a <button>. */
  trigger: (props: { onClick: () => void; 'aria-haspopup': 'menu'; 'aria-expanded': boolean }) => ReactNode;
  children: (close: () => void) => ReactNode;
  align?: 'left' | 'right';
  label: string;
  className?: string;
}

/** A popup menu (role="menu") that closes on Escape, on a click outside and after an item is chosen. */
export function Menu({ trigger, children, align = 'right', label, className }: MenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={`menu-root ${className ?? ''}`} ref={root}>
      {trigger({ onClick: () => setOpen((value) => !value), 'aria-haspopup': 'menu', 'aria-expanded': open })}
      {open && (
        <div className={`menu menu--${align}`} role="menu" aria-label={label}>
          {children(() => setOpen(false))}
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

export function MenuItem({ children, onSelect, disabled, checked, danger, icon, testId, title }: MenuItemProps) {
  return (
    <button
      type="button"
      role={checked === undefined ? 'menuitem' : 'menuitemradio'}
      aria-checked={checked}
      className={`menu-item ${danger ? 'menu-item--danger' : ''}`}
      disabled={disabled}
      aria-disabled={disabled || undefined}
      data-testid={testId}
      title={title}
      onClick={onSelect}
    >
      <span className="menu-item-icon">{checked ? '✓' : icon}</span>
      <span>{children}</span>
    </button>
  );
}

export function MenuSeparator({ label }: { label?: string }) {
  return label ? <div className="menu-label" role="presentation">{label}</div> : <hr className="menu-separator" />;
}
