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

/** The picture's address when the user has one (spec 000 §3: avatar origin + path). */
function avatarUrl(avatar: User['avatar'] | undefined): string | undefined {
  if (!avatar?.path) return undefined;
  const url = `${avatar.origin ?? ''}${avatar.path}`;
  return /^(https?:\/\/|\/)/.test(url) ? url : undefined;
}

/** The user's picture, or their initials on their colour when there is none. */
export function Avatar({ user, size = 32 }: { user: Pick<User, 'fullName' | 'dataShort'> & { avatar?: User['avatar'] }; size?: number }) {
  const picture = avatarUrl(user.avatar);
  if (picture) return <img className="avatar" src={picture} alt="" width={size} height={size} />;
  const initials = user.dataShort?.initials || user.fullName.slice(0, 2).toUpperCase();
  const background = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(user.dataShort?.color ?? '') ? user.dataShort!.color : DEFAULT_AVATAR_COLOUR;
  // The initials' colour is picked per background so it passes 4.5:1 (white on the light ones does not).
  return (
    // The initials are drawn by CSS (::before) rather than as text: a button holding the avatar is then named by its
    // words alone, and its visible text stays part of its name (WCAG 2.5.3).
    <span
      className="avatar"
      data-initials={initials}
      style={{ width: size, height: size, background, color: readableTextOn(background), fontSize: size * 0.4 }}
      aria-hidden="true"
    />
  );
}

/** Market, Portfolio, Account, (Profile,) Exit Editor, Logout (spec 000 §2). */
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
          <span className="user-name" data-testid="user-name">
            {user.fullName}
          </span>
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
          {/* Market, Portfolio and Account are other areas (spec 000 §2 links); Exit Editor leaves for the home page. */}
          <MenuItem
            testId="user-menu-market"
            onSelect={() => {
              close();
              navigate('/market');
            }}
          >
            Market
          </MenuItem>
          <MenuItem
            testId="user-menu-portfolio"
            onSelect={() => {
              close();
              navigate(`/market/portfolio/${encodeURIComponent(user.id)}`);
            }}
          >
            Portfolio
          </MenuItem>
          <MenuItem
            testId="user-menu-account"
            onSelect={() => {
              close();
              navigate('/account');
            }}
          >
            Account
          </MenuItem>
          <MenuItem
            testId="user-menu-profile"
            onSelect={() => {
              close();
              navigate('/profile');
            }}
          >
            Profile
          </MenuItem>
          <MenuItem
            testId="user-menu-exit"
            onSelect={() => {
              close();
              navigate('/');
            }}
          >
            Exit Editor
          </MenuItem>
          <MenuSeparator />
          <MenuItem
            testId="logout"
            onSelect={() => {
              close();
              logout.mutate();
            }}
            disabled={logout.isPending}
          >
            Logout
          </MenuItem>
        </>
      )}
    </Menu>
  );
}
