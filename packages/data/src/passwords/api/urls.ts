export const PASSWORDS_URL = '/api/passwords';
export const passwordUrl = (id: number) => `${PASSWORDS_URL}/${id}`;
export const folderUrl = (id: number) => `${PASSWORDS_URL}/folders/${id}`;

/** The query string of a list or log request, without empty values. */
export const searchOf = (params: Record<string, string | number | undefined | null>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};
