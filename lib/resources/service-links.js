// @ts-check
// The footer's Services links (/university-search, /application-guidance...) lead to what
// they name: the university search and the guides of /resources (lib/resources/guides.ts).
// CommonJS, because next.config.js requires it for its permanent redirects.

/** @type {readonly { source: string; destination: string }[]} */
const SERVICE_REDIRECTS = [
  { source: "/university-search", destination: "/universities/search" },
  { source: "/application-guidance", destination: "/resources/application-checklist" },
  { source: "/career-counseling", destination: "/resources/choosing-a-program" },
  { source: "/visa-assistance", destination: "/resources/visas-and-costs" },
  { source: "/test-preparation", destination: "/resources/admission-tests" },
];

module.exports = { SERVICE_REDIRECTS };
