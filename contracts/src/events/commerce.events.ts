import { z } from 'zod';
import { Id } from '../common/ids';
import { Product } from '../commerce/product';
import { envelope } from './envelope';

/**
 * Commerce events (event-sourced, ADR 0022). The commerce service's events table keeps the facts; each
 * integration event carries the facts and `product`, the product's state after them (what read models,
 * the workspace and integrations need). `aggregateId` is the product's id; `product.version` orders them.
 */
export const ProductSnapshot = Product;
export type ProductSnapshot = z.infer<typeof ProductSnapshot>;

const Content = { title: z.string(), image: z.string().nullable(), productionReady: z.boolean() };

export const ProductCreatedV1 = envelope(
  'commerce.product.created.v1',
  z.object({ ...Content, modelId: Id, ownerId: Id, draft: z.boolean(), product: ProductSnapshot }),
);
export const ProductSubmittedV1 = envelope('commerce.product.submitted.v1', z.object({ ...Content, product: ProductSnapshot }));
export const ProductDraftedV1 = envelope('commerce.product.drafted.v1', z.object({ ...Content, product: ProductSnapshot }));
export const ProductApprovedV1 = envelope('commerce.product.approved.v1', z.object({ moderatorId: Id, product: ProductSnapshot }));
export const ProductRejectedV1 = envelope('commerce.product.rejected.v1', z.object({ moderatorId: Id, reason: z.string(), product: ProductSnapshot }));
export const ProductUnpublishedV1 = envelope('commerce.product.unpublished.v1', z.object({ product: ProductSnapshot }));

export const CommerceEvents = {
  'commerce.product.created.v1': ProductCreatedV1,
  'commerce.product.submitted.v1': ProductSubmittedV1,
  'commerce.product.drafted.v1': ProductDraftedV1,
  'commerce.product.approved.v1': ProductApprovedV1,
  'commerce.product.rejected.v1': ProductRejectedV1,
  'commerce.product.unpublished.v1': ProductUnpublishedV1,
} as const;

export const COMMERCE_EVENT_DESCRIPTIONS: Record<keyof typeof CommerceEvents, string> = {
  'commerce.product.created.v1':
    'An author published a model (status `non moderated`), or saved it as a draft first (`draft: true`, status `draft`). One product per model.',
  'commerce.product.submitted.v1':
    'The author published the product again (republish or restore), with its content: it waits for moderation (`non moderated`) and is off ' +
    'the marketplace until approved.',
  'commerce.product.drafted.v1': 'The author saved the product as a draft: off the marketplace and out of the moderation queue.',
  'commerce.product.approved.v1': 'A moderator approved the product: `published`, `publishedAt` set. Listed on the marketplace when production-ready.',
  'commerce.product.rejected.v1': 'A moderator rejected the product, saying why (`reason`).',
  'commerce.product.unpublished.v1': 'The author took the product off the marketplace: `unpublished`, `publishedAt` cleared.',
};

/** JetStream stream that holds the commerce service's events. */
export const COMMERCE_STREAM = { name: 'COMMERCE_EVENTS', subjects: ['evt.commerce.>'] } as const;
