import type {
  ActiveSession,
  LoginEvent,
  SecuritySettingsAnswer,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../contract/security';

/** The secret the mocks' enrolment shows (any 6 digits but 000000 confirm it). */
export const MOCK_TOTP_SECRET = 'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP';

/** A real QR code of the mock secret's otpauth URL (drawn once with the server's qrcode package). */
const MOCK_QR_CODE =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA0OSA0OSIgc2hhcGUtcmVuZGVyaW5nPSJjcmlzcEVkZ2VzIj48cGF0aCBmaWxsPSIjZmZmZmZmIiBkPSJNMCAwaDQ5djQ5SDB6Ii8+PHBhdGggc3Ryb2tlPSIjMDAwMDAwIiBkPSJNMiAyLjVoN200IDBoMW0xIDBoMm0yIDBoMW0yIDBoMm0xIDBoMW0xIDBoMW0xIDBoNm0zIDBoMW0xIDBoN00yIDMuNWgxbTUgMGgxbTEgMGgzbTIgMGgybTEgMGgxbTIgMGgybTIgMGg0bTggMGgxbTIgMGgxbTUgMGgxTTIgNC41aDFtMSAwaDNtMSAwaDFtMSAwaDVtMyAwaDNtMyAwaDNtMSAwaDFtMiAwaDNtMSAwaDFtMSAwaDFtMiAwaDFtMSAwaDNtMSAwaDFNMiA1LjVoMW0xIDBoM20xIDBoMW0xIDBoNm0yIDBoMW0xIDBoMm0xIDBoMW0yIDBoM20zIDBoMW00IDBoMm0xIDBoMW0xIDBoM20xIDBoMU0yIDYuNWgxbTEgMGgzbTEgMGgxbTMgMGgxbTMgMGgxbTEgMGgybTIgMGg1bTUgMGgybTIgMGgzbTEgMGgxbTEgMGgzbTEgMGgxTTIgNy41aDFtNSAwaDFtMiAwaDJtMSAwaDFtMSAwaDNtMSAwaDFtMSAwaDFtMyAwaDNtMiAwaDFtMiAwaDJtNCAwaDFtNSAwaDFNMiA4LjVoN20xIDBoMW0xIDBoMW0xIDBoMW0xIDBoMW0xIDBoMW0xIDBoMW0xIDBoMW0xIDBoMW0xIDBoMW0xIDBoMW0xIDBoMW0xIDBoMW0xIDBoMW0xIDBoMW0xIDBoMW0xIDBoN00xMCA5LjVoMW0yIDBoMW0xIDBoMW0xIDBoNG0xIDBoMW0zIDBoM20xIDBoMW0yIDBoNG0xIDBoMU0yIDEwLjVoMW01IDBoMW0xIDBoMm0yIDBoMm0yIDBoMW0xIDBoMW0xIDBoNW03IDBoMW0xIDBoNW0yIDBoM00yIDExLjVoNm0xIDBoMm01IDBoN20xIDBoM20xIDBoMm0zIDBoMm0xIDBoMW0xIDBoNW0xIDBoMk0yIDEyLjVoMW0xIDBoMW0xIDBoMW0xIDBoMW0xIDBoMm0zIDBoMW0xIDBoMm0xIDBoMW0yIDBoMW00IDBoMW0xIDBoMm0yIDBoM20yIDBoMm00IDBoMU0yIDEzLjVoMm0xIDBoMW00IDBoMW0xIDBoMW0zIDBoMW0xIDBoMW0xIDBoM20xIDBoMW0yIDBoMW0xIDBoM20xIDBoMm0zIDBoMm0yIDBoNU0yIDE0LjVoMW0yIDBoMW0xIDBoNG0yIDBoM20yIDBoMW0xIDBoMm03IDBoMW0xIDBoMW0yIDBoMW00IDBoNU0yIDE1LjVoMW0yIDBoM20yIDBoMW00IDBoMW0xIDBoMW0zIDBoMm0xIDBoMm0xIDBoMm0xIDBoMW0yIDBoMW0xIDBoMW0xIDBoM20zIDBoNE0yIDE2LjVoMW0yIDBoMW0yIDBoMW0xIDBoM20zIDBoMW0zIDBoM20zIDBoNG0xIDBoM20xIDBoM20yIDBoMW0yIDBoMk00IDE3LjVoMW0xIDBoMW00IDBoM20xIDBoMW0yIDBoMW02IDBoMW0zIDBoMW0xIDBoMW0xIDBoMW0xIDBoM20yIDBoMm0yIDBoMW0xIDBoMU03IDE4LjVoNG0zIDBoMm0xIDBoMm0yIDBoMm0zIDBoMm0xIDBoMW0xIDBoMW0xIDBoMW0yIDBoMW0zIDBoMW0xIDBoMm0xIDBoMU0yIDE5LjVoM20xIDBoMm0yIDBoMm0xIDBoMm0zIDBoMW0yIDBoMW0xIDBoM20zIDBoNG0zIDBoMW0xIDBoMW00IDBoNE0zIDIwLjVoMW0yIDBoMW0xIDBoMW0xIDBoMm0xIDBoM20yIDBoMW0xIDBoMW0yIDBoMW0yIDBoMW0yIDBoNG0xIDBoMW0xIDBoMm0xIDBoMW0xIDBoMW0xIDBoMU0yIDIxLjVoMW0xIDBoM20yIDBoMW0yIDBoMW0zIDBoMW0zIDBoMW0yIDBoMW0yIDBoMm0yIDBoMm0xIDBoM202IDBoMW0yIDBoMk0yIDIyLjVoOW0yIDBoMW0zIDBoMW0zIDBoNm0yIDBoNG0yIDBoMW0xIDBoOU0yIDIzLjVoMW0xIDBoMW0xIDBoMW0zIDBoMW0yIDBoMW0zIDBoM20xIDBoMm0zIDBoMW01IDBoMW00IDBoMm0zIDBoNE02IDI0LjVoMW0xIDBoMW0xIDBoMW0xIDBoNm0xIDBoMW0xIDBoMm0xIDBoMW0xIDBoNG00IDBoMW0xIDBoMW0xIDBoMW0xIDBoMW0xIDBoMW0xIDBoMk0zIDI1LjVoMW0yIDBoMW0zIDBoMm0xIDBoM20yIDBoMW0yIDBoMm0zIDBoMm0yIDBoMW0xIDBoNW0xIDBoMW0zIDBoNE0zIDI2LjVoMW0yIDBoN20yIDBoMW0xIDBoMW00IDBoNW0xIDBoMW0xIDBoMm0xIDBoMW00IDBoNW0yIDBoMk0yIDI3LjVoM200IDBoNG0yIDBoMm0xIDBoMW0xIDBoMm0yIDBoMW01IDBoMW0yIDBoMW0xIDBoMW0xIDBoMm0yIDBoMW0xIDBoMW0yIDBoMU00IDI4LjVoMW0yIDBoMm0xIDBoMW0xIDBoNG0xIDBoMW0xIDBoMW0yIDBoMm0zIDBoM20xIDBoMW0yIDBoMW0xIDBoMW0zIDBoNG0xIDBoMU0zIDI5LjVoMm0yIDBoMW0xIDBoMm0yIDBoMm0xIDBoM20xIDBoMW00IDBoNW01IDBoN20xIDBoMk00IDMwLjVoM20xIDBoMW0xIDBoNW0yIDBoMW0xIDBoMm0yIDBoMW0xIDBoM20xIDBoMW0xIDBoMW0xIDBoMW01IDBoMW0yIDBoMW0yIDBoMk0yIDMxLjVoNm0xIDBoMW0zIDBoMW0yIDBoMW0xIDBoMm00IDBoMW0xIDBoMW01IDBoMW0xIDBoMm0xIDBoMW0zIDBoMW0yIDBoM00zIDMyLjVoMW00IDBoMW0xIDBoMW00IDBoNG0yIDBoMm0xIDBoMW0xIDBoMW0yIDBoMW0yIDBoNG00IDBoMW0xIDBoMW0xIDBoM000IDMzLjVoMm0zIDBoMW0yIDBoMW0xIDBoMW0xIDBoMW0xIDBoMm00IDBoMW0xIDBoMm0yIDBoNW0yIDBoMm0xIDBoMW0zIDBoMW0xIDBoMU0yIDM0LjVoMm0yIDBoMW0xIDBoMm0zIDBoMW0xIDBoMW0zIDBoMm0xIDBoMm0zIDBoNG0yIDBoMW0yIDBoMW0xIDBoMm0xIDBoMm0zIDBoMU0zIDM1LjVoMm02IDBoMW0yIDBoMW00IDBoMW0xIDBoM20yIDBoMW00IDBoM20yIDBoMm0xIDBoMm0yIDBoMW0xIDBoMk02IDM2LjVoMW0xIDBoNW0xIDBoNm0xIDBoOG0xIDBoMW0yIDBoMm0xIDBoMW0yIDBoMW02IDBoMU0zIDM3LjVoNG0zIDBoMW0xIDBoMm00IDBoMm0xIDBoMW00IDBoMm0yIDBoMW0xIDBoM20yIDBoNG0xIDBoMW0yIDBoMU0yIDM4LjVoMW0yIDBoMm0xIDBoMW0xIDBoMm0xIDBoMW0yIDBoMTFtMyAwaDFtMSAwaDJtMyAwaDdtMSAwaDJNMTAgMzkuNWgxbTEgMGgxbTQgMGgybTMgMGgxbTMgMGgxbTEgMGgzbTEgMGgxbTMgMGgxbTEgMGgxbTMgMGgxbTEgMGgxbTEgMGgxTTIgNDAuNWg3bTIgMGgybTEgMGgxbTEgMGgxbTEgMGgxbTEgMGgzbTEgMGgxbTEgMGg0bTIgMGgybTIgMGgxbTEgMGgxbTEgMGgxbTEgMGgxbTEgMGgyTTIgNDEuNWgxbTUgMGgxbTMgMGgybTIgMGgxbTUgMGgxbTMgMGgxbTEgMGgybTMgMGgxbTEgMGgybTEgMGgxbTMgMGgzTTIgNDIuNWgxbTEgMGgzbTEgMGgxbTIgMGg0bTEgMGgybTQgMGg3bTIgMGgybTEgMGgybTEgMGg2bTIgMGgxTTIgNDMuNWgxbTEgMGgzbTEgMGgxbTQgMGgxbTEgMGgybTMgMGgxbTYgMGgxbTEgMGgxbTIgMGgxbTIgMGgxbTEgMGgybTEgMGg0bTIgMGgxTTIgNDQuNWgxbTEgMGgzbTEgMGgxbTMgMGgxbTEgMGgzbTIgMGgzbTEgMGgybTEgMGg1bTEgMGgxbTEgMGgybTEgMGgxbTEgMGgybTEgMGg1TTIgNDUuNWgxbTUgMGgxbTIgMGgybTIgMGg1bTIgMGgxbTYgMGgybTEgMGgzbTMgMGgxbTUgMGgxTTIgNDYuNWg3bTEgMGgxbTUgMGgxbTIgMGgybTUgMGgybTEgMGgxbTEgMGgxbTEgMGgxbTIgMGgxbTMgMGgzbTIgMGgxIi8+PC9zdmc+Cg==';

export const mockTwoFactorSetup = (): TwoFactorSetup => ({
  secret: MOCK_TOTP_SECRET,
  otpauth_url:
    'otpauth://totp/Farol%3Aana%40farol.dev?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Farol&algorithm=SHA1&digits=6&period=30',
  qr_code: MOCK_QR_CODE,
  expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
});

export const MOCK_RECOVERY_CODES = [
  'K7QXM-4RTPA',
  'H2N8W-CZ5LD',
  'P9FJE-6VBQY',
  'T3MRA-8XKWN',
  'B5LZQ-2GHEU',
  'Y6CPD-9NJRS',
  'W4VKT-7AMFX',
  'E8QHB-3ZRLC',
  'R2XNY-5DPGK',
  'M9AWS-4TEJV',
];

export const twoFactorOff: TwoFactorStatus = {
  enabled: false,
  enabled_at: null,
  recovery_codes_left: 0,
  required: false,
};

export const twoFactorOn: TwoFactorStatus = {
  enabled: true,
  enabled_at: '2026-10-02T13:20:00.000Z',
  recovery_codes_left: 8,
  required: false,
};

const agent = {
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/129.0 Mobile Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/129.0 Safari/537.36 Edg/129.0',
};

export const mockSessions = (): ActiveSession[] => [
  {
    id: 41,
    created_at: '2026-11-25T09:02:00.000Z',
    last_seen_at: '2026-11-25T12:40:00.000Z',
    expires_at: '2026-12-09T09:02:00.000Z',
    ip: '189.40.12.7',
    user_agent: agent.firefox,
    device: 'Firefox em Linux',
    current: true,
  },
  {
    id: 38,
    created_at: '2026-11-22T18:15:00.000Z',
    last_seen_at: '2026-11-24T21:03:00.000Z',
    expires_at: '2026-12-06T18:15:00.000Z',
    ip: '177.92.3.200',
    user_agent: agent.android,
    device: 'Chrome em Android',
    current: false,
  },
  {
    id: 30,
    created_at: '2026-11-12T11:47:00.000Z',
    last_seen_at: null,
    expires_at: '2026-11-26T11:47:00.000Z',
    ip: '2804:14c:5b80:8000:4d2e:91ff:fe3a:1c02',
    user_agent: agent.windows,
    device: 'Edge em Windows',
    current: false,
  },
];

export const mockLoginEvents = (count = 6): LoginEvent[] => {
  const pattern: Array<Pick<LoginEvent, 'success' | 'reason' | 'method'>> = [
    { success: true, reason: 'ok', method: 'totp' },
    { success: false, reason: 'two_factor_failed', method: null },
    { success: false, reason: 'wrong_password', method: 'password' },
    { success: true, reason: 'ok', method: 'recovery_code' },
    { success: false, reason: 'suspended', method: 'password' },
    { success: false, reason: 'rate_limited', method: null },
  ];
  const agents = [agent.firefox, agent.android, agent.windows];
  return Array.from({ length: count }, (_, index) => {
    const userAgent = agents[index % agents.length]!;
    return {
      id: 1000 - index,
      at: new Date(Date.UTC(2026, 10, 25, 12, 0) - index * 3_600_000 * 7).toISOString(),
      ip: index % 2 === 0 ? '189.40.12.7' : '177.92.3.200',
      user_agent: userAgent,
      device: ['Firefox em Linux', 'Chrome em Android', 'Edge em Windows'][index % 3]!,
      ...pattern[index % pattern.length]!,
    };
  });
};

export const mockSecuritySettings = (): SecuritySettingsAnswer => ({
  require_two_factor: 'roles',
  roles: ['admin'],
  updated_at: '2026-11-20T10:00:00.000Z',
  known_roles: ['admin', 'gestor', 'técnico', 'cliente'],
});
