import { AUTH_MESSAGES } from '@kiln/contracts/constants';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * The password rule of a sign-up (ADR 0042): not the person's e-mail or name, and at least `minScore` in
 * zxcvbn's estimate (0–4; 3 is about 10^8 guesses or more), counting the e-mail and the name as words an
 * attacker knows. zxcvbn's lists of common and breached passwords come from `@zxcvbn-ts/language-common`.
 * Only the first `checkedLength` characters are estimated: the estimate grows steeply with the length (a
 * 200-character password took 0.3–0.6 s), and 64 are plenty to tell.
 */
export const PASSWORD_RULE = { minScore: 3, checkedLength: 64 } as const;

/** Lower case, letters and digits only: `Ada Lovelace`, `ada.lovelace` and `ADA-LOVELACE` are one. */
const bare = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The password is the person's e-mail, the e-mail's local part or the name (case, spaces and punctuation aside). */
export function passwordIsPersonal(password: string, person: { email: string; fullName: string }): boolean {
  const candidate = bare(password);
  if (!candidate) return false;
  const email = person.email.trim();
  return [email, email.split('@')[0], person.fullName].some((personal) => bare(personal) === candidate);
}

/** Built on first use: the dictionaries take a few MB, which services that never judge a password do not load. */
let estimator: Promise<ZxcvbnFactory> | undefined;

function strengthEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => new core.ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs }),
  );
  return estimator;
}

/** The sentence that refuses the password for this person, or null when it may be used. */
export async function passwordRefusal(password: string, person: { email: string; fullName: string }): Promise<string | null> {
  if (passwordIsPersonal(password, person)) return AUTH_MESSAGES.passwordIsPersonal;
  const email = person.email.trim().toLowerCase();
  const words = [email, email.split('@')[0], ...email.split('@')[0].split(/[^\p{L}\p{N}]+/u), person.fullName, ...person.fullName.split(/\s+/), 'kiln'].filter(
    Boolean,
  );
  const { score } = (await strengthEstimator()).check(password.slice(0, PASSWORD_RULE.checkedLength), words);
  return score < PASSWORD_RULE.minScore ? AUTH_MESSAGES.passwordTooCommon : null;
}
