import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { User } from '@kiln/contracts';
import { authApi } from '../api/auth';
import { endSession } from '../auth/session';
import { Menu, MenuItem, MenuSeparator } from '../ui/Menu';
import { BellIcon, ChevronDown } from '../ui/icons';

export function Avatar({ user, size = 32 }: { user: Pick<User, 'fullName' | 'dataShort'>; size?: number }) {
  const initials = user.dataShort?.initials || user.fullName.slice(0, 2).toUpperCase();
  return (
    <span className="avatar" style={{ width: size, height: size, background: user.dataShort?.color || '#7986CB', fontSize: size * 0.4 }} aria-hidden="true">
      {initials}
    </span>
  );
}

export function NotificationBell() {
  return (
    <button type="button" className="icon-btn bell" aria-label="Notifications" title="Notifications">
      <BellIcon />
    </button>
  );
}

/** Market, Portfolio, Account, Exit Editor, Logout; only Logout works so far. */
export function UserMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useMutation({
    mutationFn: authApi.logout,
    onSettled: () => {
      endSession(queryClient);
      navigate('/signin', { replace: true });
    },
  });

  return (
    <Menu
      label="User menu"
      className="user-menu"
      trigger={(props) => (
        <button type="button" className="user-button" aria-label={`User menu for ${user.fullName}`} {...props}>
          <Avatar user={user} />
          <span className="user-name" data-testid="user-name">{user.fullName}</span>
          <ChevronDown size={16} />
        </button>
      )}
    >
      {(close) => (
        <>
          <div className="menu-user" role="presentation">
            <strong>{user.fullName}</strong>
            <span>{user.email}</span>
          </div>
          <MenuSeparator />
          <MenuItem disabled title="Coming soon">Market</MenuItem>
          <MenuItem disabled title="Coming soon">Portfolio</MenuItem>
          <MenuItem disabled title="Coming soon">Account</MenuItem>
          <MenuItem disabled title="Coming soon">Exit Editor</MenuItem>
          <MenuSeparator />
          <MenuItem testId="logout" onSelect={() => { close(); logout.mutate(); }} disabled={logout.isPending}>
            Logout
          </MenuItem>
        </>
      )}
    </Menu>
  );
}
