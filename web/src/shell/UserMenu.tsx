import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { User } from '@kiln/contracts';
import { authApi } from '../api/auth';
import { AuthPage } from '../auth/lazy-pages';
import { endSession } from '../auth/session';
import { Menu, MenuItem, MenuSeparator } from '../ui/Menu';
import { readableTextOn } from '../ui/contrast';
import { preloadOn } from '../ui/lazy';
import { ChevronDown } from '../ui/icons';

const DEFAULT_AVATAR_COLOUR = '#7986CB';

export function Avatar({ user, size = 32 }: { user: Pick<User, 'fullName' | 'dataShort'>; size?: number }) {
  const initials = user.dataShort?.initials || user.fullName.slice(0, 2).toUpperCase();
  const background = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(user.dataShort?.color ?? '') ? user.dataShort!.color : DEFAULT_AVATAR_COLOUR;
  // The initials' colour is picked per background so it passes 4.5:1 (white on the light ones does not).
  return (
    // The initials are drawn by CSS (::before) rather than as text: a button holding the avatar is then named by its
    // words alone, and its visible text stays part of its name (WCAG 2.5.3).
    <span className="avatar" data-initials={initials} style={{ width: size, height: size, background, color: readableTextOn(background), fontSize: size * 0.4 }} aria-hidden="true" />
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
        // Logout leads to the sign-in page: its chunk starts loading when the menu is near.
        <button type="button" className="user-button" aria-label={`User menu for ${user.fullName}`} {...preloadOn(AuthPage.preload)} {...props}>
          <Avatar user={user} />
          <span className="user-name" data-testid="user-name">{user.fullName}</span>
          <ChevronDown size={16} />
        </button>
      )}
    >
      {(close) => (
        <>
          {/* Who is signed in, for the eye; the button's name already says it to assistive technology. */}
          <div className="menu-user" aria-hidden="true">
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
