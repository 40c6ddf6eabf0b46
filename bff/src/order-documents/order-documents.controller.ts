import { Controller, Get, HttpException, Req, Res, UseGuards } from '@nestjs/common';
import {
  ORDER_DOCUMENT_CONTENT_TYPE,
  ORDER_DOCUMENT_FILE_NAME,
  ORDER_DOCUMENT_TEXTS,
  OrderDocumentHttpRoutes,
  OrderPdfQuery,
  OrderRpc,
  QuotePdfQuery,
  RecordIdParams,
} from '@kiln/contracts';
import { Request, Response } from 'express';
import { AuthedRequest, SessionGuard } from '../auth/session.guard';
import { parse } from '../http/parse';
import { ServiceClient } from '../services/service-client';
import { dealOf, layoutOrderDocument, type DocumentSource } from './order-document.layout';
import { renderOrderDocument } from './order-document.pdf';

const express = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Spec 002 §9 "PDF export" (ADR 0059): `GET /api/workspace/business-order/{id}/pdf` and
 * `GET /api/workspace/business-product-quote/{id}/pdf`. The order or quote is read with the same rpc as its
 * detail page, so whoever may not see it gets that route's 404 (and no bytes); the BFF then lays it out and
 * draws it (presentation of an answer, no rule of its own) and sends it as the attachment document.pdf.
 */
@Controller()
export class OrderDocumentsController {
  constructor(private readonly services: ServiceClient) {}

  @Get(express(OrderDocumentHttpRoutes.orderPdf.path))
  @UseGuards(SessionGuard)
  async order(@Req() req: Request, @Res() res: Response): Promise<void> {
    const { id } = parse(RecordIdParams, { ...req.params });
    const query = parse(OrderPdfQuery, { ...(req.query as object) });
    const order = await this.services.call(OrderRpc.getOrder, { actor: actorOf(req), body: { id } });
    await send(res, { kind: 'order', order }, query.timeZone);
  }

  @Get(express(OrderDocumentHttpRoutes.quotePdf.path))
  @UseGuards(SessionGuard)
  async quote(@Req() req: Request, @Res() res: Response): Promise<void> {
    const { id } = parse(RecordIdParams, { ...req.params });
    const query = parse(QuotePdfQuery, { ...(req.query as object) });
    const quote = await this.services.call(OrderRpc.getQuote, { actor: actorOf(req), body: { id } });
    await send(res, { kind: 'quote', quote, ...(query.revision === undefined ? {} : { revision: query.revision }) }, query.timeZone);
  }
}

const actorOf = (req: Request) => ({ userId: (req as AuthedRequest).user!.id });

async function send(res: Response, source: DocumentSource, timeZone: string | undefined): Promise<void> {
  const deal = dealOf(source);
  if (!deal) throw new HttpException({ statusCode: 404, message: ORDER_DOCUMENT_TEXTS.noRevision }, 404);
  const pdf = await renderOrderDocument(layoutOrderDocument(deal, timeZone === undefined ? {} : { timeZone }));
  res.status(200);
  res.setHeader('Content-Type', ORDER_DOCUMENT_CONTENT_TYPE);
  res.setHeader('Content-Disposition', `attachment; filename="${ORDER_DOCUMENT_FILE_NAME}"`);
  res.setHeader('Content-Length', String(pdf.length));
  // A customer's name, e-mail and prices: kept by no cache but the caller's own, and not even there.
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(pdf);
}
