import type { Metadata } from "next";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { ListTable } from "@/components/admin/list-table";
import { RatesForm } from "@/components/admin/rates-form";
import { SuperAdminRequired } from "@/components/admin/super-admin-required";
import { TableCell, TableRow } from "@/components/ui/table";
import { superAdminOrNull } from "@/lib/auth/session.server";
import { BASE_CURRENCY } from "@/lib/money/currencies";
import { formatRateDate } from "@/lib/money/format";
import { RATES_COLUMNS } from "@/lib/rates/csv";
import { listLatestRates } from "@/lib/rates/queries.server";

export const metadata: Metadata = { title: "Exchange rates" };

const TITLE = "Exchange rates";
const DESCRIPTION = `The rates the site converts amounts with, each against 1 ${BASE_CURRENCY}: load a CSV file, see each currency's latest rate and its date.`;

// /admin/rates: super admins load the rates file (the same as `npm run rates:update`) and
// see the latest rate of each currency. A team admin reads why instead (the API answers them 403).
export default async function AdminRatesPage() {
  const viewer = await superAdminOrNull();
  if (!viewer) {
    return (
      <div className="flex flex-col gap-6">
        <AdminPageHeader title={TITLE} description={DESCRIPTION} />
        <SuperAdminRequired>
          You need super admin access to load exchange rates. Ask a super admin if a rate needs changing.
        </SuperAdminRequired>
      </div>
    );
  }
  const rates = await listLatestRates();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <AdminPageHeader title={TITLE} description={DESCRIPTION} />
      <section aria-labelledby="rates-load" className="flex flex-col gap-3">
        <h2 id="rates-load" className="text-lg font-semibold text-slate-900">
          Load rates
        </h2>
        <p className="text-slate-700">
          A CSV file with the header <code className="font-mono">{RATES_COLUMNS.join(",")}</code> and one line
          per rate: how many units of the currency 1 {BASE_CURRENCY} bought on that day (YYYY-MM-DD), e.g.{" "}
          <code className="font-mono">EUR,0.9195,2026-11-01</code>. The whole file is checked first: a bad
          line is named and nothing is saved. A rate for a currency and day already loaded is replaced.
        </p>
        <RatesForm />
      </section>
      <ListTable
        caption={
          rates.length === 0
            ? "No rates loaded yet: pages show each program's amounts in its own currency only."
            : `Each currency's latest rate against 1 ${BASE_CURRENCY}`
        }
        columns={[{ label: "Currency" }, { label: `Per 1 ${BASE_CURRENCY}` }, { label: "Rate of" }]}
      >
        {rates.map((rate) => (
          <TableRow key={rate.currency} data-testid={`rate-${rate.currency}`}>
            <TableCell className="font-mono">{rate.currency}</TableCell>
            <TableCell className="font-mono">{rate.rate.replace(/\.?0+$/, "")}</TableCell>
            <TableCell>{formatRateDate(rate.date)}</TableCell>
          </TableRow>
        ))}
      </ListTable>
    </div>
  );
}
