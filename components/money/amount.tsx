import { formatMoney } from "@/lib/money/format";
import { Approximation } from "./display-currency";

/**
 * An amount in its own currency ("€12,000 per year"), followed in the browser by its approximation
 * in the visitor's currency when a rate is known (./display-currency.tsx). Any amount with a
 * currency: tuition, fees, scholarships.
 */
export function Amount({ amount, currency, suffix }: { amount: string; currency: string; suffix?: string }) {
  return (
    <>
      {formatMoney(amount, currency)}
      {suffix ? ` ${suffix}` : ""}
      <Approximation amount={amount} currency={currency} />
    </>
  );
}
