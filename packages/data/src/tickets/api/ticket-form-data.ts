import { TICKET_ATTACHMENT_FIELD } from '../../contract/ticket-constants';

/**
 * The request body for a create or a reply: JSON when there are no files, multipart otherwise (the server
 * accepts both; multipart sends every field as text).
 */
export function ticketRequestBody(
  fields: Record<string, string | number | boolean | undefined>,
  files: readonly File[] = [],
): Record<string, unknown> | FormData {
  if (files.length === 0) return fields;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, String(value));
  }
  for (const file of files) form.append(TICKET_ATTACHMENT_FIELD, file, file.name);
  return form;
}
