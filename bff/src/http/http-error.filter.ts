import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ErrorBody } from '@kiln/contracts';
import { Response } from 'express';

/** Every HTTP error answers `{ statusCode, message, errors?, retryAfter? }`. Anything unexpected is logged as a bug. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(exception: unknown, host: ArgumentsHost): void {
    sendError(host.switchToHttp().getResponse<Response>(), exception, this.logger);
  }
}

/** Answers an error the way every route does (Nest's routes through the filter above, the contract routes directly). */
export function sendError(response: Response, exception: unknown, logger: Pick<Logger, 'error'>): void {
  let body: ErrorBody;
  if (exception instanceof HttpException) {
    const raw = exception.getResponse();
    const status = exception.getStatus();
    if (typeof raw === 'object' && raw !== null && typeof (raw as ErrorBody).message === 'string') {
      const { message, errors, retryAfter } = raw as ErrorBody;
      body = { statusCode: status, message, ...(errors ? { errors } : {}), ...(retryAfter ? { retryAfter } : {}) };
    } else {
      body = {
        statusCode: status,
        message: Array.isArray((raw as { message?: unknown })?.message) ? String((raw as { message: string[] }).message[0]) : exception.message,
      };
    }
  } else {
    logger.error((exception as Error)?.stack ?? String(exception));
    body = { statusCode: 500, message: 'Internal server error' };
  }
  // A limit says when to come back: in the body for the app, as `Retry-After` for any HTTP client.
  if (body.retryAfter) response.setHeader('Retry-After', String(body.retryAfter));
  response.status(body.statusCode).json(body);
}
