import { clientAddressKey, COMMAND_RATE_LIMIT, LOGIN_RATE_LIMIT, REGISTRATION_RATE_LIMIT, slidingWindowVerdict } from './rate-limits';

describe('rate-limit rules', () => {
  it('allow by default 10 failed sign-ins per e-mail and address and 100 per address in 15 minutes', () => {
    expect(LOGIN_RATE_LIMIT).toEqual({ perEmailAndAddress: { max: 10, windowSeconds: 900 }, perAddress: { max: 100, windowSeconds: 900 } });
  });

  it('allow by default 20 sign-ups per address an hour and 120 commands per person a minute', () => {
    expect(REGISTRATION_RATE_LIMIT.perAddress).toEqual({ max: 20, windowSeconds: 3600 });
    expect(COMMAND_RATE_LIMIT.perUser).toEqual({ max: 120, windowSeconds: 60 });
  });
});

describe('slidingWindowVerdict', () => {
  const rule = { max: 3, windowSeconds: 60 };
  const now = new Date('2024-05-01T10:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('allows while fewer than max attempts lie in the window', () => {
    expect(slidingWindowVerdict([], rule, now)).toEqual({ allowed: true });
    expect(slidingWindowVerdict([ago(1), ago(2)], rule, now)).toEqual({ allowed: true });
  });

  it('does not count attempts that left the window', () => {
    expect(slidingWindowVerdict([ago(1), ago(2), ago(60), ago(61)], rule, now)).toEqual({ allowed: true });
  });

  it('refuses at max, until the oldest of the latest max attempts leaves the window', () => {
    expect(slidingWindowVerdict([ago(50), ago(5), ago(10)], rule, now)).toEqual({ allowed: false, retryAfterSeconds: 10 });
    // Above max (the limit was lowered meanwhile): the wait lasts until the count falls below max again.
    expect(slidingWindowVerdict([ago(59), ago(50), ago(5), ago(10)], rule, now)).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });

  it('never answers a wait below one second', () => {
    expect(slidingWindowVerdict([new Date(ago(59).getTime() - 999), ago(2), ago(1)], rule, now)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});

describe('clientAddressKey', () => {
  it('keeps an IPv4 address, also when written IPv4-mapped', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('0:0:0:0:0:ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = clientAddressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientAddressKey('2001:db8:1:2:3:4:192.0.2.1')).toBe(key);
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(key);
  });

  it('leaves what is not an address as it is', () => {
    expect(clientAddressKey('')).toBe('');
    expect(clientAddressKey('1::2::3')).toBe('1::2::3');
    expect(clientAddressKey('not:an:address')).toBe('not:an:address');
  });
});
