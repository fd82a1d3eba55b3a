import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordingSearchQuerySchema, recordingSearchResultSchema } from '@farol/data/contract';
import { viewerOf } from '../../../http/access';
import { companyScopeSql, scopeReachesCompany } from '../../../http/company-scope';
import { notFound } from '../../../http/errors';
import { fileResponse } from '../../../http/openapi';
import { idParamsSchema } from '../../../http/validation';
import { auditSource } from '../../../shared/audit';
import type { GatewayBackend } from './backend';
import { purgeExpiredRecordings, readRecording, searchRecordingLines } from './recording';
import { createTerminalGateway } from './terminal-socket';
import { createVncBridge } from './vnc-bridge';

/** Recordings past their retention date are deleted this often (and once at start). */
const PURGE_INTERVAL_MS = 60 * 60_000;
const CAST_TYPE = 'application/x-asciicast';

/**
 * What tests may tune: how long a connection's "minute" of idle time or maximum duration lasts (a test of
 * the idle timeout cannot wait minutes). Read when a ticket is redeemed; nothing else changes it.
 */
export const gatewayTuning = { minuteMs: 60_000 };

export interface GatewayPluginOptions {
  /** The connections module's core: tickets, the live sessions' registry, the sessions' records. */
  backend: (app: Parameters<FastifyPluginAsyncZod>[0]) => GatewayBackend;
}

/** The backend with the connection's minutes scaled by `gatewayTuning` (an identity outside tests). */
const tuned = (backend: GatewayBackend): GatewayBackend => ({
  ...backend,
  async redeem(rawTicket, login) {
    const ticket = await backend.redeem(rawTicket, login);
    if (!ticket || gatewayTuning.minuteMs === 60_000) return ticket;
    const scale = (ms: number | null) => (ms === null ? null : (ms / 60_000) * gatewayTuning.minuteMs);
    return {
      ...ticket,
      idleTimeoutMs: scale(ticket.idleTimeoutMs),
      maxDurationMs: scale(ticket.maxDurationMs),
    };
  },
});

/**
 * The connections gateway (issue 15): the `/terminal` socket namespace (in-browser SSH), the VNC
 * websocket-to-TCP bridge on `/api/connections/vnc`, and the recordings' routes under the connections prefix.
 */
export const connectionGatewayPlugin =
  (options: GatewayPluginOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const backend = tuned(options.backend(app));
    const terminal = createTerminalGateway({
      io: app.realtime.io,
      tokens: app.tokens,
      backend,
      recording: { db: app.db, vault: app.vault },
      logger: app.log,
    });
    const vnc = createVncBridge({
      server: app.server,
      tokens: app.tokens,
      backend,
      logger: app.log,
      allowedOrigins: app.config.allowedOrigins.length > 0 ? app.config.allowedOrigins : undefined,
    });

    const purge = () =>
      purgeExpiredRecordings(app.db).then(
        (count) => {
          if (count > 0) app.log.info({ count }, 'connections: expired recordings deleted');
        },
        (err: unknown) => app.log.error({ err }, 'connections: recordings purge failed'),
      );
    const purgeTimer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
    purgeTimer.unref();
    app.addHook('onReady', async () => {
      void purge();
    });
    app.addHook('onClose', async () => {
      clearInterval(purgeTimer);
      await terminal.closeAll();
      await vnc.close();
    });

    app.get(
      '/sessions/:id/recording',
      {
        config: { access: { permission: 'connections.audit', clients: false, scope: 'company' } },
        schema: {
          summary: 'A recorded SSH session as asciicast v2 (replay)',
          params: idParamsSchema,
          response: {
            200: fileResponse([CAST_TYPE], 'The cast: a header line, then [t, "o"|"i", data] lines'),
          },
        },
      },
      async (request, reply) => {
        const viewer = viewerOf(request);
        const recording = await readRecording({ db: app.db, vault: app.vault }, request.params.id);
        if (!recording || !scopeReachesCompany(viewer.scope, recording.companyId, { unassigned: true }))
          throw notFound('Gravação não encontrada');
        await app.audit({
          ...auditSource(request),
          module: 'connections',
          action: 'recording_viewed',
          companyId: recording.companyId,
          targetType: 'connection_session',
          targetId: recording.sessionId,
          details: { recordingId: recording.id, sha256: recording.sha256, status: recording.status },
        });
        return reply
          .header('content-type', `${CAST_TYPE}; charset=utf-8`)
          .header('cache-control', 'no-store')
          .header('x-recording-sha256', recording.sha256 ?? '')
          .send(Buffer.from(recording.cast, 'utf8'));
      },
    );

    app.get(
      '/recordings/search',
      {
        config: { access: { permission: 'connections.audit', clients: false, scope: 'company' } },
        schema: {
          summary: 'Input lines typed in recorded SSH sessions, by words ("systemctl restart nginx")',
          querystring: recordingSearchQuerySchema,
          response: { 200: recordingSearchResultSchema },
        },
      },
      async (request) => {
        const viewer = viewerOf(request);
        const { q, company_id: companyId, limit } = request.query;
        const hits = await searchRecordingLines(
          { db: app.db, vault: app.vault },
          q,
          (params, column) => {
            const scope = companyScopeSql(viewer.scope, params, column, { unassigned: true });
            if (companyId === undefined) return scope;
            params.push(companyId);
            return `${scope} AND ${column} = $${params.length}`;
          },
          limit,
        );
        await app.audit({
          ...auditSource(request),
          module: 'connections',
          action: 'recordings_searched',
          companyId: companyId ?? null,
          details: { q, hits: hits.length },
        });
        return {
          items: hits.map((hit) => ({
            session_id: hit.sessionId,
            connection_id: hit.connectionId,
            company_id: hit.companyId,
            user_id: hit.userId,
            offset_seconds: hit.offsetSeconds,
            line: hit.line,
            started_at: hit.startedAt,
          })),
        };
      },
    );
  };
