import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, lstatSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * How the pipeline isolates a step (ADR 0039). Every step that touches a plugin's files runs in its own
 * mount, pid, network, ipc and uts namespaces: it sees a fresh root with /usr read-only and only the folders
 * it is given, it has no network unless asked (the dependency download alone), its processes all end when
 * its first one ends, and it holds no capability. Two mechanisms, both without extra packages on Debian:
 * bubblewrap when installed, else util-linux's `unshare` + `chroot` + `setpriv`. None usable: no step runs.
 */
export type IsolationKind = 'bubblewrap' | 'unshare';
export const ISOLATION_KINDS: readonly IsolationKind[] = ['bubblewrap', 'unshare'];
export type IsolationPreference = 'auto' | IsolationKind;

export interface SandboxSpec {
  command: string;
  args: string[];
  /** Working folder inside the sandbox (one of the visible folders). */
  cwd: string;
  /** Folders (or files) visible read-write at the same path. */
  writable: string[];
  /** Folders (or files) visible read-only at the same path. */
  readable: string[];
  network: boolean;
  /** The job's own user when the service runs as root; null: the service's user, without capabilities. */
  user: { uid: number; gid: number } | null;
}

export interface Wrapped {
  command: string;
  args: string[];
  /** The user to spawn the wrapper as (bubblewrap then builds the sandbox as that user). */
  spawnAs?: { uid: number; gid: number };
  /** Removes what the wrapper left on the host (an empty mount point), once the step ended. */
  cleanup?: () => void;
}

export interface Isolation {
  kind: IsolationKind;
  /** A sentence for logs and the plugin page. */
  description: string;
  wrap(spec: SandboxSpec): Wrapped;
}

export const isRoot = () => process.getuid?.() === 0;
const find = (...paths: string[]) => paths.find((p) => existsSync(p)) ?? null;
const BWRAP = () => find('/usr/bin/bwrap', '/bin/bwrap');
const UNSHARE = () => find('/usr/bin/unshare', '/bin/unshare');
const SETPRIV = () => find('/usr/bin/setpriv', '/bin/setpriv');
const CHROOT = () => find('/usr/sbin/chroot', '/usr/bin/chroot', '/sbin/chroot');

/** The few files of /etc a program needs to resolve names and trust certificates; nothing else of the host. */
const ETC = ['/etc/resolv.conf', '/etc/hosts', '/etc/nsswitch.conf', '/etc/ssl', '/etc/ca-certificates', '/etc/passwd', '/etc/group'];
/** Top-level folders that Debian makes links into /usr (merged /usr) or that hold the loader. */
const SYSTEM = ['/bin', '/lib', '/lib64', '/sbin'];
const DEVICES = ['/dev/null', '/dev/zero', '/dev/full', '/dev/random', '/dev/urandom'];

function bubblewrap(bwrap: string): Isolation {
  return {
    kind: 'bubblewrap',
    description: 'bubblewrap (own namespaces, no network, no capabilities)',
    wrap(s) {
      const args = [
        '--unshare-all',
        '--die-with-parent',
        '--new-session',
        '--cap-drop',
        'ALL',
        '--ro-bind',
        '/usr',
        '/usr',
        '--dev',
        '/dev',
        '--proc',
        '/proc',
        '--tmpfs',
        '/tmp',
      ];
      if (s.network) args.push('--share-net');
      for (const link of SYSTEM) {
        if (!existsSync(link)) continue;
        if (lstatSync(link).isSymbolicLink()) args.push('--symlink', `usr${link}`, link);
        else args.push('--ro-bind', link, link);
      }
      for (const f of ETC) if (existsSync(f)) args.push('--ro-bind', f, f);
      for (const dir of s.readable) args.push('--ro-bind', dir, dir);
      for (const dir of s.writable) args.push('--bind', dir, dir);
      args.push('--chdir', s.cwd, '--', s.command, ...s.args);
      // Started as the job's user, bubblewrap makes its namespaces as that user (user namespaces).
      return { command: bwrap, args, ...(s.user && isRoot() ? { spawnAs: s.user } : {}) };
    },
  };
}

const within = (path: string, parents: string[]) => parents.some((p) => path === p || path.startsWith(`${p}/`));
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * util-linux: `unshare` makes the namespaces (a user namespace too when we are not root), a script mounts a
 * fresh root (tmpfs) with the given folders bound in, `chroot` enters it and `setpriv` drops to the job's
 * user with no capabilities and no way to gain any. `--kill-child` and the pid namespace end every process of
 * the step with it.
 */
function utilLinux(unshare: string, chroot: string, setpriv: string): Isolation {
  return {
    kind: 'unshare',
    description: 'unshare (own namespaces, no network, no capabilities)',
    wrap(s) {
      const root = isRoot();
      const newRoot = mkdtempSync(join(tmpdir(), 'kiln-sandbox-root-'));
      const lines = [
        'set -eu',
        `R=${q(newRoot)}`,
        'mount -t tmpfs -o mode=0755,size=16m kiln-sandbox "$R"',
        // A folder or file bound at the same path, read-only or writable.
        'bind() { if [ -d "$2" ]; then mkdir -p "$R$2"; else mkdir -p "$R$(dirname "$2")"; : > "$R$2"; fi; ' +
          'mount --rbind "$2" "$R$2"; if [ "$1" = ro ]; then mount -o remount,bind,ro "$R$2"; fi; }',
        'bind ro /usr',
      ];
      for (const link of SYSTEM) {
        if (!existsSync(link)) continue;
        lines.push(lstatSync(link).isSymbolicLink() ? `ln -s ${q(`usr${link}`)} "$R"${q(link)}` : `bind ro ${q(link)}`);
      }
      const bound = ['/usr', ...ETC.filter((f) => existsSync(f))];
      for (const f of bound.slice(1)) lines.push(`bind ro ${q(f)}`);
      lines.push('mkdir -p "$R/dev" "$R/proc" "$R/tmp"', 'mount -t tmpfs -o mode=1777,size=512m kiln-tmp "$R/tmp"', 'mount -t proc proc "$R/proc"');
      for (const d of DEVICES) if (existsSync(d)) lines.push(`bind rw ${q(d)}`);
      // A path inside one bound read-only already is visible (and cannot be a mount point there).
      for (const dir of s.readable) if (!within(dir, bound)) lines.push(`bind ro ${q(dir)}`);
      for (const dir of s.writable) lines.push(`bind rw ${q(dir)}`);
      const drop = [setpriv, '--no-new-privs', '--inh-caps=-all', '--bounding-set=-all'];
      // As root: the job's own user (or ours, without capabilities). Without root we are root only inside our
      // user namespace, which maps our one user: the capabilities dropped here are all we had.
      if (root && s.user) drop.push(`--reuid=${s.user.uid}`, `--regid=${s.user.gid}`, '--clear-groups');
      lines.push(`exec ${q(chroot)} "$R" ${drop.map(q).join(' ')} -- /usr/bin/env -C ${q(s.cwd)} -- "$@"`);
      const flags = ['--mount', '--pid', '--fork', '--kill-child', '--ipc', '--uts', '--propagation', 'private'];
      if (!s.network) flags.push('--net');
      if (!root) flags.push('--user', '--map-root-user');
      return {
        command: unshare,
        args: [...flags, '--', '/bin/sh', '-c', lines.join('\n'), 'kiln-sandbox', s.command, ...s.args],
        cleanup: () => rmSync(newRoot, { recursive: true, force: true }),
      };
    },
  };
}

/** The mechanisms present on this machine, in order of preference, without trying them. */
function candidates(preference: IsolationPreference): Isolation[] {
  const list: Isolation[] = [];
  const bwrap = BWRAP();
  if (bwrap && preference !== 'unshare') list.push(bubblewrap(bwrap));
  const [unshare, chroot, setpriv] = [UNSHARE(), CHROOT(), SETPRIV()];
  if (unshare && chroot && setpriv && preference !== 'bubblewrap') list.push(utilLinux(unshare, chroot, setpriv));
  return list;
}

/** A shell check run inside a candidate sandbox: our folder must be invisible and no interface but lo. */
function probeScript(): string {
  const here = process.cwd();
  const files = here === '/' ? '' : `if [ -e ${q(here)} ]; then echo "sees ${here}"; exit 3; fi; `;
  return `${files}if grep -q -v -E '^ *(lo:|Inter-|face )' /proc/net/dev; then echo 'has a network'; exit 5; fi; echo ok`;
}

/**
 * Proves a mechanism works here by running a command inside it that must not see our files nor have a
 * network: the first that passes is used. Null when none does (the pipeline then refuses every job).
 */
export function detectIsolation(
  preference: IsolationPreference = 'auto',
  probeUser: SandboxSpec['user'] = null,
): { isolation: Isolation | null; tried: string[] } {
  const tried: string[] = [];
  for (const isolation of candidates(preference)) {
    const dir = mkdtempSync(join(tmpdir(), 'kiln-isolation-probe-'));
    const wrapped = isolation.wrap({
      command: '/bin/sh',
      args: ['-c', probeScript()],
      cwd: dir,
      writable: [dir],
      readable: [],
      network: false,
      user: probeUser,
    });
    try {
      if (probeUser && isRoot()) chownSync(dir, probeUser.uid, probeUser.gid);
      const r = spawnSync(wrapped.command, wrapped.args, {
        cwd: dir,
        encoding: 'utf8',
        timeout: 10_000,
        env: { PATH: '/usr/bin:/bin' },
        ...(wrapped.spawnAs ? { uid: wrapped.spawnAs.uid, gid: wrapped.spawnAs.gid } : {}),
      });
      if (r.status === 0 && r.stdout.trim() === 'ok') return { isolation, tried: [...tried, `${isolation.kind}: works`] };
      tried.push(`${isolation.kind}: ${(r.stdout.trim() || r.stderr || r.error?.message || `exit ${r.status}`).trim().split('\n')[0]}`);
    } finally {
      wrapped.cleanup?.();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (tried.length === 0)
    tried.push(preference === 'auto' ? 'neither bubblewrap nor unshare, chroot and setpriv are installed' : `${preference} is not installed`);
  return { isolation: null, tried };
}
