"use client";

import { useSyncExternalStore } from "react";

// The visitor's own clock for a moment the page gives in another zone: rendered only in the
// browser (the server and a cached page render nothing here, so one cached page serves every
// visitor), and only when the browser's zone is not the one the page already shows.

const noSubscription = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const onServer = () => null;

// Date and time apart: joined as the program's own time is written ("15 March 2027, 23:59"),
// whatever word a browser's locale data puts between them.
const localDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric" });
const localTime = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/**
 * " · 15 March 2027, 14:59 your time (America/Los_Angeles)" for the moment `at` (ISO), shown in
 * `shownZone` beside it; nothing on the server or when the visitor's zone is `shownZone`.
 */
export function LocalTime({ at, shownZone }: { at: string; shownZone: string }) {
  const zone = useSyncExternalStore(noSubscription, browserZone, onServer);
  if (!zone || zone === shownZone) return null;
  const moment = new Date(at);
  return (
    <span className="text-slate-600" data-testid="local-time">
      {" "}
      · <time dateTime={at}>{`${localDate.format(moment)}, ${localTime.format(moment)}`}</time> your time (
      {zone})
    </span>
  );
}
