import { randomBytes } from 'node:crypto';

/** Someone signed up through the BFF: their token, id and e-mail. */
export interface Person {
  token: string;
  id: string;
  email: string;
}

export interface StackHttp {
  /** One call of the BFF's HTTP API as the web app makes it (JSON in and out), answered with its status and body. */
  http(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** The same, throwing unless it answered 2xx: for a test's set-up. */
  ok<T = any>(method: string, path: string, token?: string, body?: unknown): Promise<T>;
  /** A new person signed up (`{prefix}-{label}-…@example.com`, named `{Name} {label}`). */
  signUp(label: string): Promise<Person>;
  /** Uploads files to `repo` as `person` (`POST /api/upload`, the web app's first step) and answers their media ids, in order. */
  upload(person: Person, repo: string, files: [string, Buffer][]): Promise<string[]>;
}

/**
 * The HTTP helpers of the medium tests that run the whole stack (deploy/src/stack `startStack`). `url` is read on each
 * call: the stack starts in a beforeAll. `prefix` makes the e-mails of one test file its own.
 */
export function stackHttp(url: () => string, prefix: string): StackHttp {
  const http: StackHttp['http'] = async (method, path, token, body) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${url()}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  const name = prefix.charAt(0).toUpperCase() + prefix.slice(1);
  return {
    http,
    async ok(method, path, token, body) {
      const answer = await http(method, path, token, body);
      if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer.body;
    },
    async signUp(label) {
      const email = `${prefix}-${label}-${randomBytes(4).toString('hex')}@example.com`;
      const answer = await http('POST', '/api/auth/register', undefined, { email, password: 'correct horse', fullName: `${name} ${label}` });
      if (answer.status !== 201) throw new Error(`sign-up answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return { token: answer.body.token, id: answer.body.user.id, email };
    },
    async upload(person, repo, files) {
      const form = new FormData();
      for (const [fileName, bytes] of files) form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
      const response = await fetch(`${url()}/api/upload?repo=${repo}&folder=2026_11`, {
        method: 'POST',
        headers: { authorization: `Bearer ${person.token}` },
        body: form,
      });
      const body = await response.json();
      if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${JSON.stringify(body)}`);
      return (body as { id: string }[]).map((m) => m.id);
    },
  };
}
