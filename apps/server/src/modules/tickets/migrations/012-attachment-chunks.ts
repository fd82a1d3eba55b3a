import type { Migration } from '../../../db/migration';

/**
 * Uploaded files in 256 KB pieces, each written by its own short statement before the chamado's transaction:
 * a 50 MB upload then never holds the database (and, on PGlite, the server's one thread) for more than one
 * piece, so other people's small requests are answered in between. Files written before keep their `data`.
 * The pieces are pictures and PDFs, already compressed: TOAST's compression would only cost time.
 */
export const migration012AttachmentChunks: Migration = {
  id: '012-attachment-chunks',
  sql: /* sql */ `
CREATE TABLE attachment_blobs (
  id serial PRIMARY KEY,
  size integer NOT NULL CHECK (size >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE attachment_blob_chunks (
  blob_id integer NOT NULL REFERENCES attachment_blobs (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 0),
  data bytea NOT NULL,
  PRIMARY KEY (blob_id, seq)
);
ALTER TABLE attachment_blob_chunks ALTER COLUMN data SET STORAGE EXTERNAL;

ALTER TABLE ticket_attachments ALTER COLUMN data DROP NOT NULL;
ALTER TABLE ticket_attachments ADD COLUMN blob_id integer REFERENCES attachment_blobs (id);
ALTER TABLE ticket_attachments ADD CONSTRAINT ticket_attachments_content_check
  CHECK ((data IS NULL) <> (blob_id IS NULL));
CREATE INDEX ticket_attachments_blob_idx ON ticket_attachments (blob_id) WHERE blob_id IS NOT NULL;
`,
};
