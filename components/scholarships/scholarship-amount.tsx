import { Approximation } from "@/components/money/display-currency";
import { amountText, type ScholarshipAmount as AmountFields } from "@/lib/scholarships/amount";

/**
 * A scholarship's amount in its own currency ("€5,000 to €10,000 per year"), followed in the
 * browser by its approximation in the visitor's currency when a rate is known (components/money),
 * or "Not stated".
 */
export function ScholarshipAmount({
  scholarship,
}: {
  scholarship: AmountFields & { amountNote: string | null };
}) {
  const text = amountText(scholarship);
  const { amountMin, amountMax, currency, amountNote } = scholarship;
  if (!text || !currency) return <>{amountNote ?? "Not stated"}</>;
  const range = amountMin !== null && amountMax !== null && amountMin !== amountMax;
  return (
    <>
      {text}
      {amountNote ? ` ${amountNote}` : ""}
      {range ? (
        <Approximation amount={amountMin} to={amountMax} currency={currency} />
      ) : (
        <Approximation amount={(amountMin ?? amountMax)!} currency={currency} />
      )}
    </>
  );
}
