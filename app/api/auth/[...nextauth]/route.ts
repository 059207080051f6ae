// Auth.js's own endpoints (session, CSRF token, OAuth callbacks).
export { GET, POST } from "@/lib/auth/handlers";
