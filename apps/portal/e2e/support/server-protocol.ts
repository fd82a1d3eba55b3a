import type { NotificationInput } from '@farol/data/contract';

/** The e2e server prints one stdout line starting with this marker, followed by its addresses as JSON. */
export const READY_MARKER = 'FAROL_E2E_READY ';

export interface E2eServerAddresses {
  url: string;
  realtimePort: number;
  /** Test-only control port of the e2e server (POST /notify). */
  controlUrl: string;
}

export interface NotifyRequest {
  email: string;
  notification: NotificationInput;
}

/** Environment variables through which the global setup hands the addresses to the test workers. */
export const ENV = {
  url: 'FAROL_E2E_URL',
  controlUrl: 'FAROL_E2E_CONTROL_URL',
  realtimePort: 'FAROL_E2E_REALTIME_PORT',
} as const;
