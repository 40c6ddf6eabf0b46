/**
 * Who moderates (ADR 0022, 0061): the people listed in `KILN_MODERATORS`, by e-mail or user id, e.g.
 * `KILN_MODERATORS=ada@example.com,0123456789abcdef01234567`. One list for every service: the same people
 * moderate products (commerce) and community textures and scenes (workspace).
 */
export interface ListedModerators {
  ids: Set<string>;
  emails: Set<string>;
}

export function readModerators(env: NodeJS.ProcessEnv = process.env): ListedModerators {
  const entries = (env.KILN_MODERATORS ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  return { ids: new Set(entries.filter((e) => !e.includes('@'))), emails: new Set(entries.filter((e) => e.includes('@'))) };
}

/**
 * Whether the caller the BFF authenticated is listed (never a flag sent by the browser). `emailOf` is asked
 * only when some moderator is listed by e-mail and the id is not listed.
 */
export async function isListedModerator(listed: ListedModerators, userId: string, emailOf: (userId: string) => Promise<string | null>): Promise<boolean> {
  if (listed.ids.has(userId.toLowerCase())) return true;
  if (listed.emails.size === 0) return false;
  const email = await emailOf(userId);
  return !!email && listed.emails.has(email.toLowerCase());
}
