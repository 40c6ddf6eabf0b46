import { ArgumentsHost, Catch, Logger, RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { Observable, throwError } from 'rxjs';
import { toErrorBody } from '../errors';

/** Every error leaves a service as an ErrorBody the BFF turns into the right HTTP status. */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('rpc');

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    const body = toErrorBody(exception instanceof RpcException ? exception.getError() : exception);
    if (body.statusCode >= 500) this.logger.error((exception as Error)?.stack ?? String(exception));
    return throwError(() => body);
  }
}
