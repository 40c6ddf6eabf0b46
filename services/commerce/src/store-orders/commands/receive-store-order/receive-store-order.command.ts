import { Command } from '@nestjs/cqrs';
import { StoreHookAnswer } from '@kiln/contracts';

/** A webhook of an outside store (ADR 0060): the raw body byte for byte and the platform's headers. */
export class ReceiveStoreOrderCommand extends Command<StoreHookAnswer> {
  constructor(
    readonly connectionId: string,
    readonly headers: Readonly<Record<string, string>>,
    readonly raw: Uint8Array,
  ) {
    super();
  }
}
