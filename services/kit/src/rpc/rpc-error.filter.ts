import { ArgumentsHost, Catch, Logger, RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { Observable, throwError } from 'rxjs';
import { isStoreAway, toErrorBody } from '../errors';

/** How often a database that stays away is said in the log (every failing request would flood it). */
const STORE_AWAY_LOG_MS = 10_000;

/** Every error leaves a service as an ErrorBody the BFF turns into the right HTTP status. */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('rpc');
  private away = { count: 0, loggedAt: 0 };

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    const error = exception instanceof RpcException ? exception.getError() : exception;
    const body = toErrorBody(error);
    if (isStoreAway(error)) this.storeAway(error);
    else if (body.statusCode >= 500) this.logger.error((exception as Error)?.stack ?? String(exception));
    return throwError(() => body);
  }

  /** A temporary condition, not a bug: one line now and then, with how many requests it answered 503. */
  private storeAway(error: unknown): void {
    this.away.count += 1;
    const now = Date.now();
    if (now - this.away.loggedAt < STORE_AWAY_LOG_MS) return;
    const reason = (error as Error)?.message || (error as { code?: string })?.code;
    this.logger.warn(`the database cannot be reached (${reason}); answered 503 to ${this.away.count} request(s) since the last report`);
    this.away = { count: 0, loggedAt: now };
  }
}
