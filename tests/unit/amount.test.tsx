/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import { Amount } from "@/components/money/amount";
import { RatesProvider } from "@/components/money/display-currency";
import { DISPLAY_CURRENCY_COOKIE } from "@/lib/money/base";
import type { Rates } from "@/lib/money/convert";

// An amount on a public page: its own currency always, and in the browser the approximation in the
// display-currency cookie's currency with the rate's day; nothing to add without a cookie, for the
// same currency, or without a rate.

const rates: Rates = {
  EUR: { rate: "0.92", date: "2026-11-01" },
  GBP: { rate: "0.79", date: "2026-11-01" },
};

function setCookie(value: string | null) {
  document.cookie = value
    ? `${DISPLAY_CURRENCY_COOKIE}=${value}; path=/`
    : `${DISPLAY_CURRENCY_COOKIE}=; path=/; max-age=0`;
}

const show = (currency: string) =>
  render(
    <RatesProvider rates={rates}>
      <p data-testid="amount">
        <Amount amount="12000.00" currency={currency} suffix="per year" />
      </p>
    </RatesProvider>,
  );

afterEach(() => setCookie(null));

/** Long enough for the approximation's code to be fetched after the page's load (200 ms here). */
const settled = () => act(() => new Promise((done) => setTimeout(done, 500)));

test("adds the approximation in the cookie's currency with the rate's day, once its code is fetched", async () => {
  setCookie("GBP");
  show("EUR");
  expect(screen.getByTestId("amount")).toHaveTextContent(/^€12,000 per year$/);
  expect(await screen.findByTestId("approximation")).toHaveTextContent("≈ £10,304, rate of 1 Nov 2026");
  expect(screen.getByTestId("amount")).toHaveTextContent("€12,000 per year≈ £10,304, rate of 1 Nov 2026");
});

test("adds nothing without a cookie, for the program's own currency, or without a rate", async () => {
  const { unmount } = show("EUR");
  await settled();
  expect(screen.getByTestId("amount")).toHaveTextContent(/^€12,000 per year$/);
  unmount();
  setCookie("EUR");
  const same = show("EUR");
  await settled();
  expect(screen.queryByTestId("approximation")).toBeNull();
  same.unmount();
  setCookie("CHF");
  show("EUR");
  await settled();
  expect(screen.queryByTestId("approximation")).toBeNull();
});

test("ignores a cookie that is not a currency code", async () => {
  setCookie("<script>");
  show("EUR");
  await settled();
  expect(screen.queryByTestId("approximation")).toBeNull();
});
