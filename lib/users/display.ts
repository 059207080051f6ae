import { PERMISSION_LABELS, sortedPermissions, type Permission } from "@/lib/auth/staff-permissions";

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

/** The header's role label. */
export function roleLabelOf(role: "user" | "admin"): string {
  return role === "admin" ? "Administrator" : "Student";
}

/** The admin lists' role column: "Admin (super)", "Admin (team)" or "User" (/admin/users). */
export function roleColumnOf(user: { role: "user" | "admin"; adminType: "super" | "team" | null }): string {
  if (user.role !== "admin") return "User";
  return user.adminType ? `Admin (${user.adminType})` : "Admin";
}

/**
 * A team admin's permissions as the Users list and the Team tab show them under the role
 * ("Make decisions, Export data"; "No permissions" for the team's default alone); null for anyone
 * else (a super admin holds every permission, a student none).
 */
export function permissionsOf(user: {
  role: "user" | "admin";
  adminType: "super" | "team" | null;
  permissions: readonly Permission[];
}): string | null {
  if (user.role !== "admin" || user.adminType !== "team") return null;
  const held = sortedPermissions(user.permissions);
  return held.length ? held.map((permission) => PERMISSION_LABELS[permission]).join(", ") : "No permissions";
}

/** The Team tab's role: 'Super Admin' when adminType is super, otherwise 'Team Admin'. */
export function teamRoleOf(adminType: "super" | "team" | null): string {
  return adminType === "super" ? "Super Admin" : "Team Admin";
}

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/**
 * The Team tab's Last Active: 'Never' without a sign-in, 'Just now' within a minute, otherwise a
 * relative time ("5 minutes ago", "yesterday", "3 weeks ago").
 */
export function lastActiveOf(lastLoginAt: string | Date | null, now: Date = new Date()): string {
  if (!lastLoginAt) return "Never";
  const elapsed = now.getTime() - new Date(lastLoginAt).getTime();
  if (elapsed < 60_000) return "Just now";
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return relative.format(-Math.floor(elapsed / ms), unit);
  }
  return "Just now";
}
