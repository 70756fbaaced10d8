import express, { Router } from 'express';
import { isOrderId, stockReservationRequestSchema } from '@shop/proto-contracts';
import { badRequest } from '@shop/platform';
import type { CatalogDeps } from '../domain/catalog-deps';
import { releaseReservation, reserveStock } from '../domain/stock-reservation.service';
import { parseInput } from '../parse-input';
import { requireInternalToken } from './internal-auth';

/**
 * Stock reservations for checkout (the order service), under /internal/v1. Without an internal
 * token configured these routes do not exist (404); a wrong token is a 401.
 */
export function stockReservationRoutes(deps: CatalogDeps, internalToken: string | undefined): Router {
  const r = Router();
  if (!internalToken) return r;
  r.use(requireInternalToken(internalToken));

  r.post('/stock/reservations', express.json({ limit: '50kb' }), async (req, res) => {
    const outcome = await reserveStock(deps, parseInput(stockReservationRequestSchema, req.body));
    if (!outcome.ok) return void res.status(409).json(outcome.shortage);
    res.status(outcome.replayed ? 200 : 201).json(outcome.reservation);
  });

  r.delete('/stock/reservations/:reservationId', async (req, res) => {
    const id = String(req.params.reservationId);
    if (!isOrderId(id)) throw badRequest('reservationId must be a UUID');
    const released = await releaseReservation(deps, id.toLowerCase());
    res.json({ success: true, released });
  });

  return r;
}
