/**
 * How long what a page changed or was told by a push wins over a list answer that lacks it or holds it older: the
 * answer may have been read before the change reached the read model (ADR 0071). After it, answers are trusted.
 */
export const RECENT_CHANGE_MS = 15_000;
