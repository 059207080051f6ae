// The body the program form sends (POST /api/programs, PATCH /api/programs/{id}): a Master's in
// Natural Science, due in 60 days at midnight UTC. Shared by the integration, security and
// end-to-end tests that make programs through the API.

const DAY_MS = 86_400_000;

export function programFormBody(universityId: number, name: string, description = "Marine studies.") {
  const deadline = new Date(Date.now() + 60 * DAY_MS);
  deadline.setUTCHours(0, 0, 0, 0);
  return {
    name,
    universityId: String(universityId),
    level: "Master's",
    field: "Natural Science",
    degree: "MSc",
    duration: "2",
    tuition: "12,000.00",
    deadline: deadline.toISOString(),
    description,
  };
}
