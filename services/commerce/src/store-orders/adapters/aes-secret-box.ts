// The secret box lives once in the kit (ADR 0060, shared with the webhooks of ADR 0067).
export { AesSecretBox, readSecretsKeys } from '@kiln/service-kit';
