import "server-only";
import { prisma } from "@/lib/db/client.server";
import { notFound } from "@/lib/http/errors";
import { toUserDto, userDtoSelect, type UserDto } from "./dto";

/** The student's chosen display currency (null: follow the browser's language). */
export async function getDisplayCurrency(userId: number): Promise<string | null> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { displayCurrency: true } });
  if (!user) throw notFound("User not found");
  return user.displayCurrency;
}

/** GET /api/user's read: the account and its display currency, in one query. */
export async function getUserWithDisplayCurrency(
  userId: number,
): Promise<{ user: UserDto; displayCurrency: string | null }> {
  const row = await prisma.user.findUnique({
    where: { id: userId },
    select: { ...userDtoSelect, displayCurrency: true },
  });
  if (!row) throw notFound("User not found");
  return { user: toUserDto(row), displayCurrency: row.displayCurrency };
}

/** Saves the choice (a checked ISO code, or null). */
export async function setDisplayCurrency(
  userId: number,
  currency: string | null,
): Promise<{ currency: string | null }> {
  const updated = await prisma.user.updateMany({
    where: { id: userId },
    data: { displayCurrency: currency },
  });
  if (updated.count === 0) throw notFound("User not found");
  return { currency };
}
