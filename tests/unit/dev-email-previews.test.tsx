import { renderToStaticMarkup } from "react-dom/server";
import EmailPreviewsPage from "@/app/dev/emails/page";
import { env } from "@/lib/env.server";
import { MAIL_PREVIEWS } from "@/lib/mail/previews.server";

// /dev/emails shows every e-mail with its sample data in development, and is a 404 in production.

jest.mock("@/lib/env.server", () => {
  const actual = jest.requireActual("@/lib/env.server");
  return { ...actual, env: { ...actual.env } };
});
jest.mock("@/lib/cache/reads.server", () => ({ cachedPlatformName: async () => "Campus Finder" }));

const mutableEnv = env as { NODE_ENV: string };
afterEach(() => {
  mutableEnv.NODE_ENV = "test";
});

test("in development it lists every e-mail, as HTML at two widths and as text, with the platform's name", async () => {
  mutableEnv.NODE_ENV = "development";
  const page = renderToStaticMarkup(await EmailPreviewsPage());
  for (const preview of MAIL_PREVIEWS) {
    const mail = await preview.render("Campus Finder");
    expect(page).toContain(`id="${preview.id}"`);
    expect(page).toContain(`lib/mail/templates/${preview.template}`);
    expect(page).toContain(renderToStaticMarkup(<>{mail.subject}</>));
  }
  expect(page.match(/<iframe/g)).toHaveLength(2 * MAIL_PREVIEWS.length);
  expect(page.match(/<pre/g)).toHaveLength(MAIL_PREVIEWS.length);
  expect(page).toContain("Campus Finder");
  expect(page).not.toContain("UniSearch");
});

test("a production server answers 404", async () => {
  mutableEnv.NODE_ENV = "production";
  const answer = await EmailPreviewsPage().catch((error: { digest?: string }) => error);
  expect(String((answer as { digest?: string }).digest)).toContain("404");
});
