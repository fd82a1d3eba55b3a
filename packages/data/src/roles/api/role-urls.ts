export const ROLES_URL = '/api/roles';
export const roleUrl = (key: string) => `${ROLES_URL}/${encodeURIComponent(key)}`;
export const userAccessUrl = (userId: number) => `${ROLES_URL}/access/${userId}`;
export const WHY_URL = `${ROLES_URL}/why`;
