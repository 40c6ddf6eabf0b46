import { AesSecretBox, readSecretsKeys } from '../src/store-orders/adapters/aes-secret-box';

/**
 * The box store connections' secrets are sealed in (ADR 0060): AES-256-GCM under KILN_SECRETS_KEY. No Postgres or
 * NATS needed; it sits with the service's tests because it is the service's adapter.
 */
const withKey = <T>(key: string | undefined, run: () => T): T => {
  const before = process.env.KILN_SECRETS_KEY;
  if (key === undefined) delete process.env.KILN_SECRETS_KEY;
  else process.env.KILN_SECRETS_KEY = key;
  try {
    return run();
  } finally {
    if (before === undefined) delete process.env.KILN_SECRETS_KEY;
    else process.env.KILN_SECRETS_KEY = before;
  }
};

const HEX_KEY = 'a'.repeat(64);

it('seals and opens; a different IV each time; a changed byte or another key does not open', () => {
  withKey(HEX_KEY, () => {
    const box = new AesSecretBox();
    const a = box.seal('shpss_secret');
    const b = box.seal('shpss_secret');
    expect(a).not.toBe(b);
    expect(box.open(a)).toBe('shpss_secret');
    expect(box.open(b)).toBe('shpss_secret');
    const [v, id, iv, tag, data] = a.split('.');
    const flipped = `${data!.slice(0, -2)}${data!.slice(-2) === 'AA' ? 'AB' : 'AA'}`;
    expect(box.open([v, id, iv, tag, flipped].join('.'))).toBeNull();
    expect(box.open('not sealed')).toBeNull();
    const sealed = a;
    withKey('b'.repeat(64), () => expect(new AesSecretBox().open(sealed)).toBeNull());
  });
});

it('rolling a new key in: the first seals, the others still open what they sealed', () => {
  const old = withKey(HEX_KEY, () => new AesSecretBox().seal('kept from before'));
  withKey(`${'c'.repeat(64)},${HEX_KEY}`, () => {
    const box = new AesSecretBox();
    expect(box.open(old)).toBe('kept from before');
    const fresh = box.seal('new');
    expect(fresh.split('.')[1]).not.toBe(old.split('.')[1]);
    expect(box.open(fresh)).toBe('new');
  });
});

it('a passphrase is stretched to 32 bytes; no key at all is said plainly when a secret is sealed', () => {
  expect(readSecretsKeys({ KILN_SECRETS_KEY: 'a passphrase' })[0]!.bytes).toHaveLength(32);
  expect(() => readSecretsKeys({})).toThrow(/KILN_SECRETS_KEY is not set/);
  withKey(undefined, () => expect(() => new AesSecretBox().seal('x')).toThrow(/KILN_SECRETS_KEY is not set/));
});
