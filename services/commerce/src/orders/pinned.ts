import { COMMON_MESSAGES } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';

/**
 * Status changes of orders and quotes are decided on the version the caller read (ADR 0057): two people
 * deciding at once never both win. With If-Match the loser gets 412 (the generic records' answer); without,
 * 409 with the same sentence (a retry on the fresh state could turn an accept into an accept-then-decline).
 */
export function checkPinned(version: number, pinned: number): void {
  if (version !== pinned) throw new DomainError('precondition-failed', COMMON_MESSAGES.changedMeanwhile);
}

/** Runs a pinned change; a lost race without the client's If-Match answers 409 instead of 412. */
export async function pinnedChange<T>(clientIfMatch: number | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (clientIfMatch === undefined && error instanceof DomainError && error.kind === 'precondition-failed')
      throw new DomainError('conflict', COMMON_MESSAGES.changedMeanwhile);
    throw error;
  }
}
