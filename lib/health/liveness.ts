/** Health answers may not be stored by browsers, proxies or CDNs: each must say what holds now. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;
