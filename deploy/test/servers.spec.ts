import {
  chooseNats,
  choosePostgres,
  databaseName,
  executableCandidates,
  findExecutable,
  isSafeDatabaseName,
  LineSplitter,
  localPostgresCandidates,
  NATS_NOT_FOUND_MESSAGE,
  natsServerArgs,
  randomNamespace,
  redactUrl,
  RingBuffer,
  streamsOfNamespace,
  withDatabase,
} from '../src/servers';

describe('choosePostgres', () => {
  it('takes DATABASE_URL first, even when a local server answers', () => {
    expect(choosePostgres({ databaseUrl: 'postgres://a@db/x', localUrl: 'postgres://postgres@127.0.0.1:5432/kiln' })).toEqual({
      kind: 'env',
      url: 'postgres://a@db/x',
    });
  });
  it('uses the local server when one accepted a login', () => {
    expect(choosePostgres({ localUrl: 'postgres://postgres@127.0.0.1:5432/kiln' })).toEqual({
      kind: 'local',
      url: 'postgres://postgres@127.0.0.1:5432/kiln',
    });
  });
  it('falls back to an embedded server on the given port', () => {
    expect(choosePostgres({ embeddedPort: 54329 })).toEqual({ kind: 'embedded', port: 54329 });
    expect(choosePostgres({})).toEqual({ kind: 'embedded', port: 5432 });
  });
});

describe('chooseNats', () => {
  it('takes NATS_URL first', () => {
    expect(chooseNats({ natsUrl: 'nats://n:4222', localAnswers: true, binary: '/usr/sbin/nats-server' })).toEqual({ kind: 'env', url: 'nats://n:4222' });
  });
  it('uses a local NATS that answers', () => {
    expect(chooseNats({ localAnswers: true, binary: '/usr/sbin/nats-server' })).toEqual({ kind: 'local', url: 'nats://127.0.0.1:4222' });
  });
  it('starts the binary when nothing answers', () => {
    expect(chooseNats({ localAnswers: false, binary: '/usr/sbin/nats-server' })).toEqual({ kind: 'start', port: 4222, binary: '/usr/sbin/nats-server' });
  });
  it('says how to install nats-server when there is none', () => {
    expect(chooseNats({ localAnswers: false })).toEqual({ kind: 'missing', message: NATS_NOT_FOUND_MESSAGE });
    expect(NATS_NOT_FOUND_MESSAGE).toContain('sudo apt-get install nats-server');
  });
});

describe('localPostgresCandidates', () => {
  it('tries postgres, the OS user, then the embedded credentials', () => {
    expect(localPostgresCandidates({}, 'ann')).toEqual([
      'postgres://postgres@127.0.0.1:5432/kiln',
      'postgres://ann@127.0.0.1:5432/kiln',
      'postgres://postgres:password@127.0.0.1:5432/kiln',
    ]);
  });
  it('does not repeat the postgres user', () => {
    expect(localPostgresCandidates({}, 'postgres')).toEqual(['postgres://postgres@127.0.0.1:5432/kiln', 'postgres://postgres:password@127.0.0.1:5432/kiln']);
  });
  it('honours PGUSER / PGPASSWORD', () => {
    expect(localPostgresCandidates({ PGUSER: 'kiln', PGPASSWORD: 'p@ss' }, 'ann')[0]).toBe('postgres://kiln:p%40ss@127.0.0.1:5432/kiln');
  });
});

describe('database URLs', () => {
  it('swaps the database and keeps the rest', () => {
    expect(withDatabase('postgres://u:p@h:5433/kiln?sslmode=disable', 'postgres')).toBe('postgres://u:p@h:5433/postgres?sslmode=disable');
    expect(databaseName('postgres://u@h/kiln_browser_1a')).toBe('kiln_browser_1a');
    expect(databaseName('postgres://u@h')).toBe('kiln');
  });
  it('hides passwords', () => {
    expect(redactUrl('postgres://u:secret@h:5432/kiln')).toBe('postgres://u:***@h:5432/kiln');
    expect(redactUrl('postgres://u@h:5432/kiln')).toBe('postgres://u@h:5432/kiln');
  });
  it('accepts only plain database names', () => {
    expect(isSafeDatabaseName('kiln_browser_0af3')).toBe(true);
    expect(isSafeDatabaseName('kiln; drop')).toBe(false);
    expect(isSafeDatabaseName('Kiln')).toBe(false);
  });
});

describe('nats-server', () => {
  it('looks on PATH, then /usr/sbin and /usr/local/bin', () => {
    expect(executableCandidates('nats-server', '/a:/b')).toEqual([
      '/a/nats-server',
      '/b/nats-server',
      '/usr/sbin/nats-server',
      '/usr/local/bin/nats-server',
      '/usr/bin/nats-server',
    ]);
    expect(findExecutable('nats-server', '/a', (f) => f === '/usr/sbin/nats-server')).toBe('/usr/sbin/nats-server');
    expect(findExecutable('nats-server', '/a', () => false)).toBeUndefined();
  });
  it('runs with JetStream on loopback', () => {
    expect(natsServerArgs('.data/nats')).toEqual(['-js', '-sd', '.data/nats', '-a', '127.0.0.1', '-p', '4222']);
    expect(natsServerArgs('.data/nats', 4333, '.data/nats-users.conf')).toEqual([
      '-c',
      '.data/nats-users.conf',
      '-js',
      '-sd',
      '.data/nats',
      '-a',
      '127.0.0.1',
      '-p',
      '4333',
    ]);
  });
});

describe('namespaces', () => {
  it('are t + 8 hex digits', () => {
    expect(randomNamespace()).toMatch(/^t[0-9a-f]{8}$/);
    expect(randomNamespace(() => 0.99)).toBe('tffffffff');
  });
  it('select only their own streams', () => {
    const names = ['WORKSPACE_EVENTS', 't1_WORKSPACE_EVENTS', 't12_WORKSPACE_EVENTS', 't1_COMMERCE_EVENTS'];
    expect(streamsOfNamespace(names, 't1')).toEqual(['t1_WORKSPACE_EVENTS', 't1_COMMERCE_EVENTS']);
    expect(streamsOfNamespace(names, '')).toEqual([]);
  });
});

describe('output helpers', () => {
  it('split chunks into whole lines', () => {
    const s = new LineSplitter();
    expect(s.push('a\nb')).toEqual(['a']);
    expect(s.push('c\r\nd\n')).toEqual(['bc', 'd']);
    expect(s.push('tail')).toEqual([]);
    expect(s.flush()).toEqual(['tail']);
  });
  it('keep the last lines', () => {
    const r = new RingBuffer(2);
    ['1', '2', '3'].forEach((l) => r.push(l));
    expect(r.toArray()).toEqual(['2', '3']);
  });
});
