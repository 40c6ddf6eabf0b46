import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ORDER_MESSAGES, Quote } from '@kiln/contracts';
import { customerErrors, customerOf, FieldError, newQuote, priceRecipe, throwIfInvalid } from '@kiln/domain';
import { CreateRecordCommand } from '../../../business-records/commands/create-record/create-record.command';
import { RecordChange } from '../../../business-records/record-type';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { quoteType } from '../../order-type';
import { CUSTOMER_DIRECTORY, CustomerDirectory } from '../../ports/customer-directory.port';
import { QUOTE_SOURCES, QuoteSources } from '../../ports/quote-sources.port';
import { CreateQuoteCommand } from './create-quote.command';

/**
 * Spec 002 §2 Create a quote: the customer (§5's sentences; a registered user's name filled and locked), a
 * catalog item of the same scope the caller may change (team viewers 403), the quantity; the bills priced
 * from the item's recipe with the materials and services of today (missing lines reported), status
 * Quotation needed. Written through the generic create (ADR 0029).
 */
@CommandHandler(CreateQuoteCommand)
export class CreateQuoteHandler implements ICommandHandler<CreateQuoteCommand, RecordChange<Quote>> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
    @Inject(QUOTE_SOURCES) private readonly sources: QuoteSources,
    @Inject(CUSTOMER_DIRECTORY) private readonly directory: CustomerDirectory,
  ) {}

  async execute({ actorId, body, idempotency }: CreateQuoteCommand): Promise<RecordChange<Quote>> {
    const errors: FieldError[] = [...customerErrors(body.customer)];
    const catalogItemId = body.catalogItemId.trim();
    if (!catalogItemId) errors.unshift({ path: 'catalogItemId', message: ORDER_MESSAGES.catalogItemRequired });
    throwIfInvalid(errors);
    const scope = await this.access.scopeForCreate(actorId, { teamId: body.teamId, projectId: body.projectId });
    const found = await this.sources.catalogItem(catalogItemId);
    // The item must be of the quote's catalog: the same owner's personal one, or the same team's.
    const sameCatalog = found && (scope.teamId ? found.scope.teamId === scope.teamId : !found.scope.teamId && found.scope.ownerId === scope.ownerId);
    if (!found || !sameCatalog) throwIfInvalid([{ path: 'catalogItemId', message: ORDER_MESSAGES.catalogItemGone }]);
    const { item, scope: itemScope } = found!;
    const registered = await this.directory.byEmail(actorId, body.customer.email);
    const customer = customerOf(body.customer, registered);
    const refs = await this.sources.pricingRefs(
      itemScope,
      item.recipe.materials.map((l) => l.materialId),
      item.recipe.services.map((l) => l.serviceId),
    );
    const recipe = {
      materials: item.recipe.materials.map((l) => ({ materialId: l.materialId, quantity: l.quantity ?? null, params: l.params ?? null })),
      services: item.recipe.services.map((l) => ({ serviceId: l.serviceId, quantity: l.quantity, priceOptionId: l.priceOptionId ?? null })),
      marginPercent: item.recipe.marginPercent,
    };
    const fields = newQuote({
      customer,
      catalogItem: { id: item.id, name: item.name, modelId: item.modelId, model: item.model },
      quantity: body.quantity,
      pricing: priceRecipe(recipe, body.quantity, refs, item.name),
    });
    return this.commands.execute(
      new CreateRecordCommand(quoteType, actorId, { teamId: scope.teamId, projectId: scope.projectId, ...fields }, { idempotency }),
    ) as Promise<RecordChange<Quote>>;
  }
}
