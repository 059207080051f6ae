// Settings names, defaults and shapes without the database client, for client components.

export const DEFAULT_PLATFORM_NAME = "UniSearch";
export const PLATFORM_NAME_KEY = "platformName";
/**
 * Set to "true" by the demo seed: the database holds generated programs, tuition, deadlines,
 * descriptions and rankings, and every page says so (docs/decisions/0009-demo-mode-in-the-database.md).
 */
export const DEMO_DATA_KEY = "demoData";

export type StudyList = "level" | "field";

export interface StudyItem {
  id: number;
  name: string;
  position: number;
  /** How many programs use it. */
  programs: number;
}
