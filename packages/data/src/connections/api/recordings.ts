import type { RecordingSearchResult } from '../../contract/connection-terminal';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { listSearch } from '../../lib/query-params';
import { useSession } from '../../session/session-provider';
import { connectionKeys } from '../keys';
import { useQuery } from '@tanstack/react-query';
import { CONNECTIONS_URL, connectionSessionUrl } from './urls';

/** GET /api/connections/sessions/:id/recording → the asciicast v2 text (connections.audit; the read is audited). */
export function getSessionRecording(api: Pick<ApiClient, 'get'>, sessionId: number, signal?: AbortSignal) {
  return api.get<string>(`${connectionSessionUrl(sessionId)}/recording`, { signal });
}

/** A recording once asked for: it never changes, and every read is audited, so it is not asked again. */
export function useSessionRecording(sessionId: number | null) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    queryKey: connectionKeys.recording(sessionId ?? 0),
    queryFn: ({ signal }) => getSessionRecording(api, sessionId ?? 0, signal),
    enabled: sessionId !== null && status === 'authenticated',
    staleTime: Infinity,
    retry: false,
  });
}

export interface RecordingSearchParams {
  q: string;
  company_id?: number;
  limit?: number;
}

/** GET /api/connections/recordings/search?q= → input lines typed in recorded sessions, and where to jump. */
export function searchRecordings(
  api: Pick<ApiClient, 'get'>,
  params: RecordingSearchParams,
  signal?: AbortSignal,
): Promise<RecordingSearchResult> {
  return api.get<RecordingSearchResult>(`${CONNECTIONS_URL}/recordings/search${listSearch(params)}`, {
    signal,
  });
}

/** Asks once the search has at least 2 characters (the server's minimum). */
export function useRecordingSearch(params: RecordingSearchParams) {
  const api = useApiClient();
  const { status } = useSession();
  const q = params.q.trim();
  const normalized = { ...params, q };
  return useQuery({
    queryKey: connectionKeys.recordingSearch({ ...normalized }),
    queryFn: ({ signal }) => searchRecordings(api, normalized, signal),
    enabled: q.length >= 2 && status === 'authenticated',
  });
}
