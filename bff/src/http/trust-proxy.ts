/**
 * Which proxy hops the BFF trusts for the client's address (`req.ip`, `req.secure`), from
 * `KILN_TRUST_PROXY` in express "trust proxy" syntax: `1` (one hop), `loopback`, `10.0.0.0/8,uniquelocal`,
 * `true`. Unset or empty trusts none, so a client cannot pick its own address with `X-Forwarded-For`
 * (it would escape every per-address limit).
 */
export function trustProxySetting(value: string | undefined = process.env.KILN_TRUST_PROXY): boolean | number | string {
  const setting = value?.trim() ?? '';
  if (setting === '' || setting === 'false') return false;
  if (setting === 'true') return true;
  if (/^\d+$/.test(setting)) return Number(setting);
  return setting;
}
