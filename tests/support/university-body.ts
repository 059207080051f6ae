// The body the university form sends (POST /api/universities, PATCH /api/universities/{id}): a
// university in New Zealand with a description and no images or ranking, plus `extra`.

export function universityFormBody(name: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    country: "New Zealand",
    description: "A test university.",
    mainImage: null as string | null,
    images: [] as string[],
    ranking: null,
    ...extra,
  };
}
