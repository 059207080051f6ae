/** The client's address as the nearest proxy reports it (first X-Forwarded-For entry). */
export function clientIp(request: Request | undefined): string | null {
  const forwarded = request?.headers.get("x-forwarded-for");
  if (forwarded) return forwarded.split(",")[0].trim() || null;
  return request?.headers.get("x-real-ip") ?? null;
}
