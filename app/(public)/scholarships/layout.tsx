import { WithRates } from "@/components/money/with-rates.server";

// Its amounts' approximations in the visitor's currency read the latest exchange rates.
export default function ScholarshipsLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return <WithRates>{children}</WithRates>;
}
