import { route } from "@/lib/http/route.server";
import { writeDisplayCurrencyCookie } from "@/lib/money/display-cookie.server";
import { getDisplayCurrency, setDisplayCurrency } from "@/lib/users/display-currency.server";
import { displayCurrencySchema } from "@/lib/validation/money";

// GET /api/user/currency -> { currency }: the signed-in user's display currency (null: none chosen).
export const GET = route({
  auth: "user",
  handle: async ({ viewer }) => ({ currency: await getDisplayCurrency(viewer.id) }),
});

/** PUT { currency: "EUR" | "" | null }: saves the choice and this browser's cookie. */
export const PUT = route({
  auth: "user",
  body: displayCurrencySchema,
  handle: async ({ viewer, body }) => {
    const saved = await setDisplayCurrency(viewer.id, body.currency);
    await writeDisplayCurrencyCookie(saved.currency);
    return saved;
  },
});
