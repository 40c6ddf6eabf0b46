import { sessionCookieOptions } from './session-cookie';

describe('the session cookie (ADR 0042)', () => {
  it('is HttpOnly, SameSite=Lax and for the whole site', () => {
    expect(sessionCookieOptions({ secure: false }, null)).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/' });
  });

  it('is Secure when the request arrived over TLS (req.secure: directly, or told so by a trusted proxy)', () => {
    expect(sessionCookieOptions({ secure: true }, null).secure).toBe(true);
    expect(sessionCookieOptions({ secure: false }, null).secure).toBe(false);
  });

  it('is Secure whenever every allowed origin is https, whatever the proxy said', () => {
    expect(sessionCookieOptions({ secure: false }, ['https://kiln.example', 'https://admin.kiln.example']).secure).toBe(true);
    expect(sessionCookieOptions({ secure: false }, ['https://kiln.example', 'http://localhost:8080']).secure).toBe(false);
  });
});
