export const SECURITY_URL = '/api/security';
export const LOGIN_TWO_FACTOR_URL = '/api/auth/login/2fa';
export const userSecurityUrl = (userId: number) => `${SECURITY_URL}/users/${userId}`;
