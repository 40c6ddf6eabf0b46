/** What wakes an idle webhook worker at once: new journal rows (a fan-out is due) or deliveries that became due. */
export interface WebhookWakeups {
  /** Calls `wake` on each such commit of any instance, from now until shutdown. */
  listen(wake: (what: 'journal' | 'deliveries') => void): Promise<void>;
}

export const WEBHOOK_WAKEUPS = Symbol('WebhookWakeups');
