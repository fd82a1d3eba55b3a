export const ACCOUNTS_URL = '/api/accounts';
export const accountUrl = (id: number) => `${ACCOUNTS_URL}/${id}`;
export const INVITATIONS_URL = '/api/invitations';
export const PASSWORD_RESETS_URL = '/api/password-resets';
