import { handlers } from "@/lib/auth/auth";
import { route } from "@/lib/http/route";

// Auth.js's own endpoints (session, CSRF token, OAuth callbacks); Auth.js reads the request itself.
export const GET = route({ auth: "public", handle: ({ request }) => handlers.GET(request as never) });
export const POST = route({ auth: "public", handle: ({ request }) => handlers.POST(request as never) });
