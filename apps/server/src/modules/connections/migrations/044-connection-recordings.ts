import type { Migration } from '../../../db/migration';

/**
 * Issue 15: SSH session recordings (asciicast v2), sealed at rest with the company's vault data key.
 * - `connection_recordings`: one per recorded session — status, plain size and sha256 of the whole cast, and
 *   the date it may be deleted (retention per company, `connection_recording_settings`, else the default).
 * - `connection_recording_chunks`: the cast in order, each piece sealed (AES-256-GCM, bound to its recording
 *   and position), written every few seconds so a crash loses at most the last moments.
 * - `connection_recording_lines`: the input lines for search, each sealed, with a blind index (HMAC of each
 *   word under a per-company search key kept sealed in `connection_recording_keys`): a word search finds the
 *   line and the second to jump to without any typed text stored in clear.
 */
export const migration044ConnectionRecordings: Migration = {
  id: '044-connection-recordings',
  sql: `
    CREATE TABLE connection_recording_settings (
      company_id integer PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
      retention_days integer NOT NULL CHECK (retention_days BETWEEN 1 AND 3650),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE connection_recording_keys (
      scope text PRIMARY KEY,
      sealed text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE connection_recordings (
      id serial PRIMARY KEY,
      session_id integer NOT NULL UNIQUE REFERENCES connection_sessions(id) ON DELETE CASCADE,
      company_id integer REFERENCES companies(id) ON DELETE SET NULL,
      format text NOT NULL DEFAULT 'asciicast-v2',
      status text NOT NULL DEFAULT 'gravando' CHECK (status IN ('gravando', 'concluida', 'falhou')),
      started_at timestamptz NOT NULL DEFAULT now(),
      ended_at timestamptz,
      duration_seconds double precision,
      size_bytes bigint NOT NULL DEFAULT 0,
      sha256 text,
      chunk_count integer NOT NULL DEFAULT 0,
      retain_until timestamptz NOT NULL
    );
    CREATE INDEX connection_recordings_retain_idx ON connection_recordings (retain_until);
    CREATE INDEX connection_recordings_company_idx ON connection_recordings (company_id, started_at DESC);

    CREATE TABLE connection_recording_chunks (
      recording_id integer NOT NULL REFERENCES connection_recordings(id) ON DELETE CASCADE,
      seq integer NOT NULL,
      sealed text NOT NULL,
      PRIMARY KEY (recording_id, seq)
    );

    CREATE TABLE connection_recording_lines (
      id bigserial PRIMARY KEY,
      recording_id integer NOT NULL REFERENCES connection_recordings(id) ON DELETE CASCADE,
      session_id integer NOT NULL,
      company_id integer,
      offset_seconds double precision NOT NULL,
      line_sealed text NOT NULL,
      words text[] NOT NULL
    );
    CREATE INDEX connection_recording_lines_words_idx ON connection_recording_lines USING gin (words);
    CREATE INDEX connection_recording_lines_recording_idx ON connection_recording_lines (recording_id);
  `,
};
