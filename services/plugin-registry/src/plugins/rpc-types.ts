import { PluginRegistryRpc } from '@kiln/contracts';
import { z } from 'zod';

type Name = keyof typeof PluginRegistryRpc;
/** The body an RPC's handler gets (parsed by its contract). */
export type RpcBody<K extends Name> = z.output<(typeof PluginRegistryRpc)[K]['request']>['body'];
/** What an RPC answers (before its contract parses the reply). */
export type RpcReply<K extends Name> = z.input<(typeof PluginRegistryRpc)[K]['reply']>;
