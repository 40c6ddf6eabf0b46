import { z } from 'zod';
import { Actor } from '../common/errors';
import { Id } from '../common/ids';

export const PEOPLE_LOOKUP_MAX = 200;

/**
 * The names the commerce service shows on business records' timelines (ADR 0029): the workspace keeps
 * people's names (events carry none), so commerce asks for the ids a timeline mentions. An id with no
 * person (erased) is left out; the caller shows "Unknown".
 */
export const WorkspacePeopleRpc = {
  names: {
    subject: 'rpc.workspace.people.names',
    request: z.object({ actor: Actor, body: z.object({ ids: z.array(Id).min(1).max(PEOPLE_LOOKUP_MAX) }) }),
    reply: z.object({ data: z.array(z.object({ id: Id, fullName: z.string() })) }),
  },
  /**
   * The person with this e-mail (lower-cased), for a quote's customer (spec 002 §5: a registered user's name is
   * filled and locked; ADR 0057): id, full name and avatar, or null.
   */
  byEmail: {
    subject: 'rpc.workspace.people.by-email',
    request: z.object({ actor: Actor, body: z.object({ email: z.string().max(254) }) }),
    reply: z.object({ person: z.object({ id: Id, fullName: z.string(), avatar: z.string().nullable() }).nullable() }),
  },
} as const;
