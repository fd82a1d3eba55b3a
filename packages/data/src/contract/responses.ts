/**
 * Answers of the reference server's small endpoints, declared here so the server validates, serializes and
 * documents them (OpenAPI) from the same schemas as every other route.
 */
import { z } from 'zod';

/**
 * GET /api/health: 200 while the database answers reads ('degraded' when a full disk refuses its writes), 503
 * when it does not; `message` is a Portuguese line for an operator when something is not ok.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'error']),
  database: z.enum(['ok', 'degraded', 'down']),
  realtime: z.enum(['ok', 'down']),
  message: z.string().optional(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /api/config: where a browser reaches socket.io (the port on the page's own host, or a full URL). */
export const publicConfigSchema = z.object({
  realtimePort: z.number().int().min(0).max(65_535),
  realtimeUrl: z.string().optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** PUT /api/notifications/read-all and POST /api/notifications/mark-all-read. */
export const notificationReadAllSchema = z.object({
  updated: z.number().int().min(0),
  unread: z.literal(0),
  count: z.literal(0),
});
export type NotificationReadAll = z.infer<typeof notificationReadAllSchema>;
