import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '@farol/data/contract';

/** The id of the data block the served index.html carries its runtime config in (read by the portal). */
export const RUNTIME_CONFIG_ELEMENT_ID = 'farol-config';

/**
 * What a browser needs before it can reach socket.io (design.md §3 "Socket"): the port socket.io is bound to,
 * read at call time (with REALTIME_PORT=0 it is only known once socket.io listens), and REALTIME_URL when set.
 * GET /api/config answers it, and every served index.html carries it, so the portal asks for nothing first.
 */
export const publicConfigOf = (app: FastifyInstance): PublicConfig => {
  const realtimeUrl = app.config.realtimeUrl?.trim() || null;
  const realtimePort = app.realtime.port;
  return realtimeUrl ? { realtimePort, realtimeUrl } : { realtimePort };
};

/**
 * The page with its runtime config as a non-executable data block (`<script type="application/json">`) at the
 * end of its head: CSP's script-src does not apply to it, and `<` is escaped so the JSON cannot close the
 * element.
 */
export const withRuntimeConfig = (html: string, config: PublicConfig): string => {
  const json = JSON.stringify(config).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
  const block = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${json}</script>`;
  const head = html.search(/<\/head\s*>/i);
  return head >= 0 ? `${html.slice(0, head)}${block}\n  ${html.slice(head)}` : `${block}\n${html}`;
};
