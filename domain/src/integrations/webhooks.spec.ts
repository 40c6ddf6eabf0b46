import { WEBHOOK_MESSAGES } from '@kiln/contracts/constants';
import {
  checkWebhookUrl,
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  endpointWants,
  eventScope,
  isDelivered,
  isForbiddenAddress,
  mayManageEndpoint,
  nextRetryDelayMs,
  parseAllowHosts,
  parseRetryDelays,
  pickDeliveryAddress,
  WEBHOOK_RETRY_MIN_SPAN_MS,
} from './webhooks';

describe('webhook addresses', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '0.0.0.0',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1',
    'fe80::1%eth0',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::169.254.169.254',
    'not-an-ip',
  ])('refuses %s', (ip) => expect(isForbiddenAddress(ip)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('allows %s', (ip) =>
    expect(isForbiddenAddress(ip)).toBe(false),
  );

  it('wants https, no credentials, and refuses literal private addresses and localhost unless allowed', () => {
    expect(checkWebhookUrl('https://example.com/hook#x', []).url).toBe('https://example.com/hook');
    expect(() => checkWebhookUrl('http://example.com/hook', [])).toThrow(WEBHOOK_MESSAGES.urlInvalid);
    expect(() => checkWebhookUrl('ftp://example.com', [])).toThrow(WEBHOOK_MESSAGES.urlInvalid);
    expect(() => checkWebhookUrl('https://u:p@example.com', [])).toThrow(WEBHOOK_MESSAGES.urlCredentials);
    for (const url of [
      'https://127.0.0.1/',
      'https://10.0.0.1/',
      'https://169.254.169.254/latest',
      'https://[::1]/',
      'https://2130706433/',
      'https://a.localhost./',
      'https://a.localhost/',
    ]) {
      expect(() => checkWebhookUrl(url, [])).toThrow(WEBHOOK_MESSAGES.urlForbidden);
    }
    expect(checkWebhookUrl('https://Example.com./hook', [])).toMatchObject({ host: 'example.com', literalIp: false });
    const allowed = checkWebhookUrl('http://127.0.0.1:9000/hook', parseAllowHosts(' 127.0.0.1 , Receiver.test'));
    expect(allowed).toMatchObject({ host: '127.0.0.1', allowListed: true, literalIp: true });
  });

  it('refuses a name when any of its addresses is private, unless the host is allowed', () => {
    expect(pickDeliveryAddress({ allowListed: false }, ['93.184.216.34'])).toEqual({ address: '93.184.216.34' });
    expect(pickDeliveryAddress({ allowListed: false }, ['93.184.216.34', '127.0.0.1'])).toEqual({ refused: WEBHOOK_MESSAGES.urlForbidden });
    expect(pickDeliveryAddress({ allowListed: false }, [])).toEqual({ refused: WEBHOOK_MESSAGES.urlUnresolved });
    expect(pickDeliveryAddress({ allowListed: true }, ['127.0.0.1'])).toEqual({ address: '127.0.0.1' });
  });
});

describe('the retry schedule', () => {
  it('defaults to at least 24 hours, reads the configured one, and only lengthens by jitter', () => {
    expect(DEFAULT_WEBHOOK_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(WEBHOOK_RETRY_MIN_SPAN_MS);
    expect(parseRetryDelays(undefined)).toEqual(DEFAULT_WEBHOOK_RETRY_DELAYS_MS);
    expect(parseRetryDelays('1s,2s, 4s,250ms,1m,2h')).toEqual([1000, 2000, 4000, 250, 60_000, 7_200_000]);
    expect(() => parseRetryDelays('1s,soon')).toThrow('KILN_WEBHOOK_RETRY_DELAYS');
    const delays = [1000, 2000];
    expect(nextRetryDelayMs(1, delays, 0)).toBe(1000);
    expect(nextRetryDelayMs(2, delays, 0.999)).toBeLessThanOrEqual(2400);
    expect(nextRetryDelayMs(2, delays, 0.5)).toBe(2200);
    expect(nextRetryDelayMs(3, delays, 0)).toBeNull();
  });

  it('counts a 2xx as delivered and a redirect as a failure', () => {
    expect(isDelivered(204)).toBe(true);
    expect(isDelivered(302)).toBe(false);
    expect(isDelivered(null)).toBe(false);
  });
});

describe('what an endpoint wants', () => {
  const event = (data: unknown) => ({ eventId: 'e', type: 'workspace.model.created.v1', aggregateType: 'model', aggregateId: 'm1', data });
  it('reads the scope from the data, one level down too', () => {
    expect(eventScope(event({ model: { teamId: 't1', projectId: 'p1' } }))).toEqual({ teamId: 't1', projectId: 'p1' });
    expect(eventScope(event({ teamId: 't2' }))).toEqual({ teamId: 't2', projectId: null });
    expect(eventScope(event({ model: { teamId: null } }))).toEqual({ teamId: null, projectId: null });
  });
  it('matches type and scope', () => {
    const types = ['workspace.model.created.v1'];
    const personal = { eventTypes: types, scope: { kind: 'personal' as const, teamId: null, projectId: null } };
    const team = { eventTypes: types, scope: { kind: 'team' as const, teamId: 't1', projectId: null } };
    const project = { eventTypes: types, scope: { kind: 'project' as const, teamId: 't1', projectId: 'p1' } };
    expect(endpointWants(personal, event({ model: { teamId: null } }))).toBe(true);
    expect(endpointWants(personal, event({ model: { teamId: 't1' } }))).toBe(false);
    expect(endpointWants(team, event({ model: { teamId: 't1', projectId: 'p2' } }))).toBe(true);
    expect(endpointWants(project, event({ model: { teamId: 't1', projectId: 'p2' } }))).toBe(false);
    expect(endpointWants(project, event({ model: { teamId: 't1', projectId: 'p1' } }))).toBe(true);
    expect(endpointWants({ ...personal, eventTypes: ['other'] }, event({}))).toBe(false);
  });
  it('lets the owner manage a personal endpoint and a team owner a team one', () => {
    const scope = { kind: 'team' as const, teamId: 't1', projectId: null };
    expect(mayManageEndpoint('u1', { ownerId: 'u1', scope: { kind: 'personal', teamId: null, projectId: null } }, null)).toBe(true);
    expect(mayManageEndpoint('u2', { ownerId: 'u1', scope: { kind: 'personal', teamId: null, projectId: null } }, null)).toBe(false);
    expect(mayManageEndpoint('u2', { ownerId: 'u1', scope }, 'owner')).toBe(true);
    expect(mayManageEndpoint('u1', { ownerId: 'u1', scope }, 'editor')).toBe(false);
  });
});
