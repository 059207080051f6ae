// Settings names and defaults without the database client, for components that only need them.

export const DEFAULT_PLATFORM_NAME = "UniSearch";
export const PLATFORM_NAME_KEY = "platformName";
