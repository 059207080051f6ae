/** Loopback ports of an end-to-end run: the app, then the protocol mocks beside it. */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3210);
export const OIDC_MOCK_PORT = APP_PORT + 1;
export const SMTP_CAPTURE_PORT = APP_PORT + 2;
