import { DEFAULT_PLATFORM_NAME } from "@/lib/settings/constants";

// The page proxy.ts serves with a 503 while the database is down (lib/db/availability.server.ts). Plain
// HTML with its own styles: the app's layout reads the database (the platform name), so no React
// page can render now. It looks like app/error.tsx's page: same heading, colours and links.

export const UNAVAILABLE_PAGE_TITLE = "Service briefly unavailable";
export const UNAVAILABLE_PAGE_TEXT =
  "is briefly unavailable while we reconnect to our database. Nothing you did caused it, and nothing you saved is lost. Please try again in a minute.";

export function unavailablePage(requestId: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${UNAVAILABLE_PAGE_TITLE} | ${DEFAULT_PLATFORM_NAME}</title>
<style>
body{margin:0;font-family:ui-sans-serif,system-ui,sans-serif;color:#0f172a;background:#fff}
main{max-width:36rem;min-height:60vh;margin:0 auto;padding:0 1rem;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:1rem;text-align:center}
h1{font-size:1.875rem;margin:0}
p{color:#475569;margin:0}
a{font-weight:500;color:#1d4ed8}
.button{display:inline-block;padding:.5rem 1rem;border-radius:.375rem;background:#1d4ed8;color:#fff;text-decoration:none}
small{color:#475569}
</style>
</head>
<body>
<main id="main">
<h1>${UNAVAILABLE_PAGE_TITLE}</h1>
<p>${DEFAULT_PLATFORM_NAME} ${UNAVAILABLE_PAGE_TEXT}</p>
<p><a class="button" href="">Try again</a> <a href="/">Go to the home page</a></p>
<small>Reference: ${requestId}</small>
</main>
</body>
</html>
`;
}
