import { Logger } from '@nestjs/common';
import { EVENTS_RPC_TIMEOUT_MS, EVENTS_WAIT_MAX_S, EventCursor, EventsCaller, EventsQuery, EventsRpc, HttpRoutes, TokenScope } from '@kiln/contracts';
import { NextFunction, Request, Response } from 'express';
import { authenticate, AuthedRequest } from '../auth/session.guard';
import { SessionResolver } from '../auth/session-resolver';
import { routeInput } from '../http/contract-routes';
import { sendError } from '../http/http-error.filter';
import { parse } from '../http/parse';
import { ServiceClient } from '../services/service-client';
import { EventStreams } from './event-streams';

const route = HttpRoutes.readEvents;

/** The caller as the integrations service checks it: a person, or a token acting for one within its scopes (ADR 0065). */
export function eventsCaller(req: AuthedRequest): EventsCaller {
  const token = (req as { accessToken?: { scopes: TokenScope[]; teamId: string | null } }).accessToken;
  return {
    userId: req.user!.id,
    ...(token ? { scopes: token.scopes, ...(token.teamId ? { teamId: token.teamId } : {}) } : {}),
  };
}

const wantsStream = (req: Request) => (req.headers.accept ?? '').includes('text/event-stream');

/**
 * `GET /api/events` (issue 21, ADR 0066). A page: the integrations service's answer passed on as it came (a long
 * poll: the service waits up to `wait` seconds for a first visible event). With `Accept: text/event-stream`, the same
 * pages written as Server-Sent Events, one long poll after another, until the client goes: `id:` the cursor (so a
 * reconnecting EventSource resumes after it with `Last-Event-ID`), `event:` the type, `data:` the event. The caller
 * is checked again before each poll, so a revoked session or token ends the stream.
 */
export function eventsFeed(sessions: SessionResolver, services: ServiceClient, streams: EventStreams) {
  const logger = new Logger('events');
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' || req.path.replace(/\/$/, '') !== route.path) return next();
    void (async () => {
      await authenticate(sessions, req as AuthedRequest);
      const query = routeInput(route, req).query as EventsQuery;
      if (!wantsStream(req)) {
        // At shutdown a waiting page answers at once, empty, with the same cursor: the client asks again elsewhere.
        const forget = streams.add(() => {
          if (!res.headersSent) res.status(200).json({ events: [], cursor: query.after ?? '0' });
        });
        const reply = await services.callForBytes(EventsRpc.read, { actor: eventsCaller(req), query }, EVENTS_RPC_TIMEOUT_MS).finally(forget);
        if (res.headersSent) return;
        res.status(200).setHeader('Content-Type', 'application/json; charset=utf-8');
        res.end(reply);
        return;
      }
      const lastEventId = req.headers['last-event-id'];
      let cursor = typeof lastEventId === 'string' && lastEventId ? parse(EventCursor, lastEventId) : (query.after ?? '0');
      // The first poll answers at once (wait 0), before the stream's headers: a refusal (410 for a cursor older than
      // what is kept, 401, 400) is still an HTTP answer, which an EventSource does not retry.
      let wait = 0;
      await stream(req, res, streams, async () => {
        await authenticate(sessions, req as AuthedRequest);
        const page = await services.call(EventsRpc.read, { actor: eventsCaller(req), query: { ...query, after: cursor, wait } }, EVENTS_RPC_TIMEOUT_MS);
        wait = EVENTS_WAIT_MAX_S;
        cursor = page.cursor;
        return page.events;
      });
    })().catch((error: unknown) => {
      if (!res.headersSent) return sendError(res, error, logger);
      if (res.writableEnded) return;
      // Mid-stream: say why and close; the client reconnects with its Last-Event-ID.
      const body = (error as { getResponse?: () => unknown }).getResponse?.() ?? { statusCode: 503, message: 'The stream stopped.' };
      res.end(`event: error\ndata: ${JSON.stringify(body)}\n\n`);
    });
  };
}

/**
 * Writes each page `poll` answers as events, and a comment when it waited in vain (so proxies see the stream alive).
 * The headers go out after the first page, so a first poll that throws is answered as an HTTP error.
 */
async function stream(req: Request, res: Response, streams: EventStreams, poll: () => Promise<{ cursor: string; event: { type: string } }[]>): Promise<void> {
  let open = true;
  req.once('close', () => (open = false));
  // At shutdown: end now; the poll in flight is dropped when it answers.
  const forget = streams.add(() => {
    open = false;
    if (!res.headersSent) res.status(503).json({ statusCode: 503, message: 'The stream stopped.' });
    else if (!res.writableEnded) res.end();
  });
  try {
    let events = await poll();
    if (!open) return void (res.writableEnded || res.end());
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 2000\n\n');
    for (;;) {
      if (events.length === 0) res.write(': no new events\n\n');
      for (const { cursor, event } of events) res.write(`id: ${cursor}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      events = await poll();
      if (!open) break;
    }
  } finally {
    forget();
  }
  if (!res.writableEnded) res.end();
}
