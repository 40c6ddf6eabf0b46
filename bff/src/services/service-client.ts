import { HttpException, Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { isErrorBody, nsSubject } from '@kiln/service-kit';
import { lastValueFrom, timeout } from 'rxjs';
import { z } from 'zod';

export const NATS_CLIENT = Symbol('NATS client');

interface RpcDefinition<Req extends z.ZodTypeAny, Rep extends z.ZodTypeAny> {
  subject: string;
  request: Req;
  reply: Rep;
}

/**
 * Calls a service over NATS request/reply. A service's error reply (ErrorBody) becomes the HTTP error
 * with the same status and message; a service that does not answer is a 503.
 */
@Injectable()
export class ServiceClient implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(NATS_CLIENT) private readonly client: ClientProxy) {}

  async onModuleInit(): Promise<void> {
    await this.client.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }

  async call<Req extends z.ZodTypeAny, Rep extends z.ZodTypeAny>(rpc: RpcDefinition<Req, Rep>, payload: z.input<Req>, timeoutMs = 10_000): Promise<z.output<Rep>> {
    try {
      return await lastValueFrom(this.client.send(nsSubject(rpc.subject), payload).pipe(timeout(timeoutMs)));
    } catch (error) {
      if (isErrorBody(error)) throw new HttpException(error, error.statusCode);
      throw new HttpException({ statusCode: 503, message: 'The service is not available. Please try again.' }, 503);
    }
  }
}
