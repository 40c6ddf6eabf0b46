/**
 * What the analytics consumer reads (ADR 0068): one durable JetStream consumer per event type it counts,
 * each with one filter subject (nats-server 2.9 has no multi-subject filters). The stream names and subjects
 * are the AsyncAPI document's (`/api/docs/events`: each channel's address and `x-kiln-stream`).
 *
 * Plain data with no imports: deploy/src/nats-auth.ts grants the analytics NATS user exactly these consumers
 * (create, info, next, ack, delete for a rebuild) and nothing else.
 */
export interface AnalyticsSubscription {
  /** Durable consumer name (prefixed by `<KILN_NAMESPACE>_` when a namespace is set). */
  durable: string;
  /** The stream that holds the subject. */
  stream: 'WORKSPACE_EVENTS' | 'COMMERCE_EVENTS' | 'PLUGIN_REGISTRY_EVENTS';
  /** The event type read (the subject is `evt.<type>`, prefixed by `<KILN_NAMESPACE>.`). */
  type: string;
}

export const ANALYTICS_SUBSCRIPTIONS: readonly AnalyticsSubscription[] = [
  { durable: 'analytics-models-created', stream: 'WORKSPACE_EVENTS', type: 'workspace.model.created.v1' },
  { durable: 'analytics-plugins-created', stream: 'PLUGIN_REGISTRY_EVENTS', type: 'plugin-registry.plugin.created.v1' },
  { durable: 'analytics-plugin-versions-published', stream: 'PLUGIN_REGISTRY_EVENTS', type: 'plugin-registry.version.published.v1' },
  { durable: 'analytics-quotes-sent', stream: 'COMMERCE_EVENTS', type: 'commerce.quote.sent.v1' },
  { durable: 'analytics-orders-accepted', stream: 'COMMERCE_EVENTS', type: 'commerce.order.accepted.v1' },
  { durable: 'analytics-orders-declined', stream: 'COMMERCE_EVENTS', type: 'commerce.order.declined.v1' },
];
