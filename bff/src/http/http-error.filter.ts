import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ErrorBody } from '@kiln/contracts';
import { Response } from 'express';

/** Every HTTP error answers `{ statusCode, message, errors? }`. Anything unexpected is logged as a bug. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    let body: ErrorBody;
    if (exception instanceof HttpException) {
      const raw = exception.getResponse();
      const status = exception.getStatus();
      if (typeof raw === 'object' && raw !== null && typeof (raw as ErrorBody).message === 'string') {
        const { message, errors } = raw as ErrorBody;
        body = { statusCode: status, message, ...(errors ? { errors } : {}) };
      } else {
        body = { statusCode: status, message: Array.isArray((raw as { message?: unknown })?.message) ? String((raw as { message: string[] }).message[0]) : exception.message };
      }
    } else if (isBodyParserError(exception)) {
      body = { statusCode: exception.status, message: exception.type === 'entity.too.large' ? 'The request is too large.' : 'The request body is not valid JSON.' };
    } else {
      this.logger.error((exception as Error)?.stack ?? String(exception));
      body = { statusCode: 500, message: 'Internal server error' };
    }
    response.status(body.statusCode).json(body);
  }
}

function isBodyParserError(error: unknown): error is { status: number; type: string } {
  return typeof error === 'object' && error !== null && typeof (error as { type?: unknown }).type === 'string' && typeof (error as { status?: unknown }).status === 'number';
}
