import { route } from "@/lib/http/route.server";
import { loadUploadedRates, RATES_TOO_LARGE } from "@/lib/rates/commands.server";
import { RATES_MAX_BYTES } from "@/lib/rates/csv";
import { listLatestRates } from "@/lib/rates/queries.server";

// GET /api/rates (super admins) -> { rates: [{ currency, rate, date }] }: each currency's latest rate
// against USD.
export const GET = route({
  auth: "superAdmin",
  handle: async () => ({ rates: await listLatestRates() }),
});

/**
 * POST /api/rates (super admins), the rates CSV as the raw body (README, "Exchange rates"): 200 {
 * saved, currencies }, or 400 naming the first bad line and nothing saved.
 */
export const POST = route({
  auth: "superAdmin",
  body: "bytes" as const,
  bodyLimit: RATES_MAX_BYTES,
  tooLargeMessage: RATES_TOO_LARGE,
  handle: ({ viewer, body }) => loadUploadedRates(viewer, { name: "rates.csv", bytes: body }),
});
