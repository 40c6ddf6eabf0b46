// The secret box lives once in the kit (ADR 0060, shared with the webhooks of ADR 0067).
export { SECRET_BOX, type SecretBox } from '@kiln/service-kit';
