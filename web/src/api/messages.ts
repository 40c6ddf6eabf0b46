import { AUTH_MESSAGES, COMMON_MESSAGES, MODEL_NAME_TOO_LONG } from '@kiln/contracts/constants';
import { FAVORITE_MESSAGES, MODEL_NAME_MESSAGES, TEAM_MESSAGES } from '@kiln/domain';

/**
 * Every server message the app shows as it comes: the spec's texts and the sentences Kiln's services and BFF
 * write for people. Anything else (a library's validation text, a developer-facing refusal) is replaced by a
 * plain sentence for its status, so a user never reads "Too big: expected string to have <=200 characters".
 */
export const KNOWN_MESSAGES: Set<string> = new Set<string>([
  ...Object.values(AUTH_MESSAGES),
  ...Object.values(COMMON_MESSAGES),
  ...Object.values(MODEL_NAME_MESSAGES),
  // Favorites (domain/src/workspace/favorite.aggregate.ts); sharing's come with the model dialogs (ModelDialogs.ts).
  ...Object.values(FAVORITE_MESSAGES),
  'Invalid access.',
  'A project model needs its team.',
  // Teams, projects and members (spec 000 §5, spec 001 §5, §8): the invite dialog shows a 400's text as it comes.
  ...Object.values(TEAM_MESSAGES),
  // Products and moderation (domain/src/commerce/product.aggregate.ts): added by area-routes.tsx, which every
  // screen that calls the product API is under.
  MODEL_NAME_TOO_LONG,
  // Sentences of the workspace service (domain errors) and the BFF.
  'You may not rename this model.',
  'You may not change this model.',
  'Only the owner may delete this model.',
]);

/**
 * Screens of their own chunk (the business dashboard) add their sentences when they load, so the first load does
 * not carry them (docs/adr/0013).
 */
export function addKnownMessages(messages: Iterable<string>): void {
  for (const message of messages) KNOWN_MESSAGES.add(message);
}

export const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

export function tooManyRequests(retryAfter: number | undefined): string {
  return retryAfter ? `Too many requests. Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} and try again.` : COMMON_MESSAGES.tooManyRequests;
}

/** A sentence for people for an answer whose own message is not one of ours. */
export function messageForStatus(status: number, retryAfter?: number): string {
  if (status === 429) return tooManyRequests(retryAfter);
  if (status >= 500) return 'The server could not answer. Please try again shortly.';
  switch (status) {
    case 400:
      return 'That was not accepted. Please check what you entered and try again.';
    case 401:
      return AUTH_MESSAGES.notSignedIn;
    case 403:
      return 'You are not allowed to do this.';
    case 404:
      return 'This no longer exists. It may have been deleted.';
    case 409:
      return 'This changed in the meantime. Please reload and try again.';
    case 413:
      return COMMON_MESSAGES.requestTooLarge;
    case 422:
      return 'This could not be done as asked. Please try again.';
    default:
      return GENERIC_MESSAGE;
  }
}

/** The server's message when it is one of ours, else the sentence for its status. */
export function humanMessage(message: string | undefined, status: number, retryAfter?: number): string {
  return message !== undefined && KNOWN_MESSAGES.has(message) ? message : messageForStatus(status, retryAfter);
}
