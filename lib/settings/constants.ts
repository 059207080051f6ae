// Settings names, defaults and shapes without the database client, for client components.

export const DEFAULT_PLATFORM_NAME = "UniSearch";
export const PLATFORM_NAME_KEY = "platformName";

export type StudyList = "level" | "field";

export interface StudyItem {
  id: number;
  name: string;
  position: number;
  /** How many programs use it. */
  programs: number;
}
