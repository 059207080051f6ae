// How a user is named on screen: the signed-in areas' header and greetings.

function words(fullName: string): string[] {
  return fullName.trim().split(/\s+/).filter(Boolean);
}

/** "Sam Student" -> "SS", "Cher" -> "C", "Jean-Luc de la Tour" -> "JT"; "?" for an empty name. */
export function initialsOf(fullName: string): string {
  const parts = words(fullName);
  if (parts.length === 0) return "?";
  const first = parts[0];
  const last = parts.length > 1 ? parts[parts.length - 1] : "";
  return (Array.from(first)[0] + (last ? Array.from(last)[0] : "")).toUpperCase();
}

/** The greeting name: the first word of the full name ("Sam Student" -> "Sam"). */
export function firstNameOf(fullName: string): string {
  return words(fullName)[0] ?? fullName;
}

/** SPEC §2 Sidebar: the header's role label. */
export function roleLabelOf(role: "user" | "admin"): string {
  return role === "admin" ? "Administrator" : "Student";
}
