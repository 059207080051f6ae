// Settings names, defaults and shapes without the database client, for client components.

export const DEFAULT_PLATFORM_NAME = "UniSearch";
export const PLATFORM_NAME_KEY = "platformName";
/**
 * How many working days (Monday to Friday) after submission an application's decide-by date is;
 * each application keeps the date counted when it was submitted.
 */
export const DECIDE_BY_WORKING_DAYS_KEY = "decideByWorkingDays";
export const DEFAULT_DECIDE_BY_WORKING_DAYS = 20;
/**
 * Set to "true" by the demo seed: the database holds generated programs, tuition, deadlines,
 * descriptions and rankings, and every page says so (docs/decisions/0009-demo-mode-in-the-database.md).
 */
export const DEMO_DATA_KEY = "demoData";

/** The General tab's settings, each with its version (0: never saved; `version` is the name's). */
export interface GeneralSettings {
  platformName: string;
  version: number;
  decideByWorkingDays: number;
  decideByWorkingDaysVersion: number;
}

export type StudyList = "level" | "field";

export interface StudyItem {
  id: number;
  name: string;
  position: number;
  /** How many programs use it. */
  programs: number;
}
